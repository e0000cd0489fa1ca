import pino from 'pino';
import { describe, expect, it } from 'vitest';
import type { ReplyTemplate } from '#shared/contact-thread';
import { GatewayTimeoutError } from '../../errors';
import { LlmUpstreamError, type LlmProvider } from './llm.provider';
import { createLlmService, type LlmCall } from './llm.service';
import type { ReplyBrief } from './reply-prompt';

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
const TIMEOUT_MS = 1000;
/** What comes before the model is asked: loading the provider, the enquiry's reads. */
const BEFORE_MS = 800;

/** A model that never answers: its call ends when the deadline (or the admin) aborts it. */
function silentModel(prepareMs: number): LlmProvider {
  return {
    name: 'openai',
    model: 'slow-gpt',
    prepare: () => sleep(prepareMs),
    complete: (_messages, { signal }) =>
      new Promise((_resolve, reject) => {
        const stop = () => {
          const timedOut =
            signal.reason instanceof DOMException && signal.reason.name === 'TimeoutError';
          reject(new LlmUpstreamError(timedOut ? 'timeout' : 'aborted', 'stopped'));
        };
        if (signal.aborted) stop();
        else signal.addEventListener('abort', stop, { once: true });
      }),
  };
}

const BRIEF: ReplyBrief = {
  contact: { name: 'Jonas Weber', company: null, message: 'Ein Angebot, bitte.', language: 'de' },
  notes: [],
};
const TEMPLATE: ReplyTemplate = { greeting: 'Guten Tag,', signature: 'sam', quote_intro: '' };

function service({ prepareMs = 0, readsMs = 0 }: { prepareMs?: number; readsMs?: number }) {
  return createLlmService({
    provider: silentModel(prepareMs),
    news: { slugTaken: () => Promise.resolve(false) },
    enquiries: {
      draftContext: async () => {
        await sleep(readsMs);
        return BRIEF;
      },
      templateFor: () => Promise.resolve(TEMPLATE),
    },
    logger: pino({ level: 'silent' }),
    tuning: { timeoutMs: TIMEOUT_MS, retryDelayMs: 10, maxRetryDelayMs: 10 },
  });
}

const ASKS = {
  generate: (call: LlmCall) =>
    service({ prepareMs: BEFORE_MS }).generate({ prompt: 'Robots', language: 'en' }, call),
  translate: (call: LlmCall) =>
    service({ prepareMs: BEFORE_MS }).translate(
      { text: { title: 'T', excerpt: 'E', content: 'C' }, from: 'en', to: ['pt', 'de'] },
      call,
    ),
  translateTexts: (call: LlmCall) =>
    service({ prepareMs: BEFORE_MS }).translateTexts(
      { texts: { 'home.title': 'Welcome' }, from: 'en', to: ['de'] },
      call,
    ),
  draftReply: (call: LlmCall) =>
    service({ readsMs: BEFORE_MS }).draftReply(7, { id: 1, username: 'sam' }, call),
};

/**
 * A reverse proxy in front of the app (docs/deploy.md) counts its read
 * timeout from when it passed the request on: the app's deadline must count
 * from the request's arrival too, or the proxy gives up first, with its own
 * untranslated error page, and the model's answer is lost.
 */
describe("a model call's deadline counts from the request's arrival", () => {
  it.each(Object.keys(ASKS) as (keyof typeof ASKS)[])(
    '%s answers 504 at the deadline, the time before the model is asked included',
    async (name) => {
      const arrived = Date.now();
      const error = await ASKS[name]({ signal: new AbortController().signal, arrived }).catch(
        (e: unknown) => e,
      );
      const took = Date.now() - arrived;
      expect(error).toBeInstanceOf(GatewayTimeoutError);
      expect(took).toBeGreaterThanOrEqual(TIMEOUT_MS - 20);
      // Counted from when the model was asked, it would end BEFORE_MS later.
      expect(took).toBeLessThan(TIMEOUT_MS + BEFORE_MS / 2);
    },
  );

  it('answers 504 at once when the request arrived longer ago than the deadline', async () => {
    const started = Date.now();
    const error = await service({})
      .generate({ prompt: 'Robots', language: 'en' }, { arrived: started - TIMEOUT_MS - 1 })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(GatewayTimeoutError);
    expect(Date.now() - started).toBeLessThan(TIMEOUT_MS / 2);
  });
});
