import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { pathToFileURL } from 'node:url';
import { fakeArticle, type FakeArticle } from './fake-llm-article';
import { fakeReply, replyTarget } from './fake-llm-reply';
import {
  fakeTextsTranslation,
  fakeTranslation,
  textsTranslationTarget,
  translationTarget,
} from './fake-llm-translation';

/**
 * A local stand-in for a language model server, speaking chat completions at
 * the OpenAI path (`/v1/chat/completions`) and the Azure path
 * (`/openai/deployments/{d}/chat/completions?api-version=…`), so tests run
 * the real `openai` SDK. Behaviour comes from a scenario set in code, else
 * from a marker in the user's message such as `[[invalid-json]]`. It drafts
 * articles and answers translation requests (`[[fail-translation:de]]` in
 * the text makes the translation into German fail with 500, the others not),
 * site texts included, and drafts replies to enquiries (fake-llm-reply.ts).
 * Run standalone: `npx tsx tests/support/fake-llm-server.ts 3199`.
 */

export const SCENARIOS = [
  'good', // a valid article as a bare JSON object
  'fenced', // the article inside a ```json fence, with a sentence around it
  'invalid-json', // prose instead of JSON
  'wrong-shape', // JSON without the article's fields
  '429-once', // 429 the first time a given prompt is seen, then a good answer
  '500', // always 500
  'slow', // answers after `delayMs` (default 5 s)
  'refuse', // a structured-output refusal
  'content-filter', // finish_reason content_filter
  'truncated', // finish_reason length
  'reject-json-schema', // 400 for response_format json_schema, good otherwise
  'reject-response-format', // 400 for any response_format
  'unauthorized', // 401 echoing part of the key, as OpenAI does
  'echo-key', // 401 echoing the whole key it was sent (Bearer or api-key), as a careless proxy might
] as const;
export type ScenarioName = (typeof SCENARIOS)[number];
export type Scenario = { name: ScenarioName; delayMs?: number; article?: Partial<FakeArticle> };

export type RecordedRequest = {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: Record<string, string | string[] | undefined>;
  body: Record<string, unknown> | null;
};

export type FakeLlm = {
  url: string;
  requests: RecordedRequest[];
  setScenario(scenario: ScenarioName | Scenario | null): void;
  close(): Promise<void>;
};

const AZURE_PATH = /^\/openai\/deployments\/[^/]+\/chat\/completions$/;
const MAX_BODY = 1_000_000;

export async function startFakeLlm(port = 0): Promise<FakeLlm> {
  const requests: RecordedRequest[] = [];
  const seen = new Set<string>();
  let fixed: Scenario | null = null;

  const server = createServer((req, res) => {
    handle(req, res).catch(() => send(res, 500, { error: { message: 'fake server failure' } }));
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (req.method === 'GET' && url.pathname === '/health') return send(res, 200, { ok: true });
    const isChat = url.pathname === '/v1/chat/completions' || AZURE_PATH.test(url.pathname);
    if (req.method !== 'POST' || !isChat)
      return send(res, 404, { error: { message: `No route ${url.pathname}` } });
    const body = await readJson(req);
    requests.push({
      method: req.method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: req.headers,
      body,
    });
    const messages = (Array.isArray(body?.messages) ? body.messages : []) as {
      role: string;
      content: string;
    }[];
    const system = messages.find((m) => m.role === 'system')?.content ?? '';
    const user = messages.filter((m) => m.role === 'user').at(-1)?.content ?? '';
    const scenario = fixed ?? scenarioFromMarker(user);
    const format = (body?.response_format as { type?: string } | undefined)?.type;
    const target = translationTarget(system);
    const textsTarget = textsTranslationTarget(system);
    const into = target ?? textsTarget;
    if (into && user.includes(`[[fail-translation:${into}]]`)) {
      return send(res, 500, apiError('The server had an error.', 'server_error'));
    }
    const replyIn = replyTarget(system);
    const article = textsTarget
      ? fakeTextsTranslation(user, textsTarget)
      : target
        ? fakeTranslation(user, target)
        : replyIn
          ? fakeReply(user, replyIn)
          : { ...fakeArticle(system, user), ...scenario.article };
    const reply = (content: string | null, extra: Record<string, unknown> = {}, finish = 'stop') =>
      send(res, 200, completion(String(body?.model ?? 'fake-model'), content, extra, finish));

    switch (scenario.name) {
      case '429-once':
        if (!seen.has(user)) {
          seen.add(user);
          return send(
            res,
            429,
            apiError('Rate limit reached. Please retry after 1 second.', 'rate_limit_exceeded'),
            {
              'retry-after-ms': '50',
            },
          );
        }
        return reply(JSON.stringify(article));
      case '500':
        return send(
          res,
          500,
          apiError('The server had an error while processing your request.', 'server_error'),
        );
      case 'slow':
        await delay(scenario.delayMs ?? 5000, req);
        return res.destroyed ? undefined : reply(JSON.stringify(article));
      case 'invalid-json':
        return reply('Here is a great article about robots! It has no JSON at all.');
      case 'wrong-shape':
        return reply(
          JSON.stringify({
            headline: (article as { title?: string }).title,
            body: (article as { content?: string }).content,
          }),
        );
      case 'fenced':
        return reply(
          `Sure, here is the article:\n\n\`\`\`json\n${JSON.stringify(article, null, 2)}\n\`\`\`\n`,
        );
      case 'refuse':
        return reply(null, { refusal: "I'm sorry, I can't help with that request." });
      case 'content-filter':
        return reply(null, {}, 'content_filter');
      case 'truncated':
        return reply(JSON.stringify(article).slice(0, 40), {}, 'length');
      case 'reject-json-schema':
      case 'reject-response-format':
        if (format === 'json_schema' || (format && scenario.name === 'reject-response-format')) {
          const message = `Invalid parameter: 'response_format' of type '${format}' is not supported with this model.`;
          return send(res, 400, apiError(message, 'invalid_request_error', 'response_format'));
        }
        return reply(JSON.stringify(article));
      case 'unauthorized':
        return send(
          res,
          401,
          apiError('Incorrect API key provided: sk-test-1234****abcd.', 'invalid_api_key'),
        );
      case 'echo-key': {
        const sent = String(req.headers['api-key'] ?? req.headers.authorization ?? '');
        const key = sent.replace(/^Bearer /, '');
        return send(res, 401, apiError(`Access denied for key ${key}.`, 'invalid_api_key'));
      }
      default:
        return reply(JSON.stringify(article));
    }
  }

  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: actual } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${actual}`,
    requests,
    setScenario(scenario) {
      fixed = typeof scenario === 'string' ? { name: scenario } : scenario;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function scenarioFromMarker(text: string): Scenario {
  const match = /\[\[([a-z0-9-]+)(?::(\d+))?\]\]/.exec(text);
  const name = SCENARIOS.find((s) => s === match?.[1]) ?? 'good';
  return { name, delayMs: match?.[2] ? Number(match[2]) : undefined };
}

function completion(
  model: string,
  content: string | null,
  extra: Record<string, unknown>,
  finish = 'stop',
) {
  return {
    id: `chatcmpl-fake-${Date.now()}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null, ...extra },
        finish_reason: finish,
      },
    ],
    usage: { prompt_tokens: 100, completion_tokens: 200, total_tokens: 300 },
  };
}

function apiError(message: string, code: string, param: string | null = null) {
  return { error: { message, type: 'invalid_request_error', param, code } };
}

function send(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
) {
  if (res.headersSent || res.destroyed) return;
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

async function readJson(req: IncomingMessage): Promise<Record<string, unknown> | null> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY) return null;
    chunks.push(chunk);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8')) as Record<string, unknown>;
  } catch {
    return null;
  }
}

/** Waits, but stops early when the client hangs up. */
function delay(ms: number, req: IncomingMessage): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    req.socket.once('close', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const port = Number(process.argv[2] ?? 3199);
  const fake = await startFakeLlm(port);
  process.stdout.write(`Fake LLM server listening on ${fake.url}\n`);
  const stop = () => void fake.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}
