import type { ContentVersion } from '../../content-version';
import type { PublicOrigin } from '../../http/public-origin';
import type { PublicQuery } from '../../http/public-query';
import type { Logger } from '../../logger';
import { cachedAnswer, type CachedAnswer } from './cached-answer';
import { answerKey, publicTarget, type KeyedRequest, type PublicTarget } from './cache-key';
import { ByteLru } from './lru';
import { createPromotions, POPULAR_HITS } from './promotions';

/** At most this share of the budget holds 404s, so random addresses cannot push pages out. */
const MISSING_SHARE = 1 / 16;
/** Paths whose declared query the cache remembers (the first render of a path teaches it). */
const DECLARED_PATHS = 10_000;

export type AnswerStore = {
  /** A request for the cache (or its gate) and its key, null when it has none yet. */
  lookup(req: KeyedRequest): { target: PublicTarget; key: string | null } | null;
  /** What the route of `path` declared when it was last rendered. */
  declared(path: string): PublicQuery | undefined;
  /** Remembers what the route of `path` declared, for the keys of its next requests. */
  learn(path: string, query: PublicQuery): void;
  /**
   * Compresses a rendered answer off the request path (zlib's threads),
   * then keeps it under `key` unless content moved on since `renderedAt`.
   */
  keep(
    key: string,
    answer: Parameters<typeof cachedAnswer>,
    renderedAt: number,
    view: string | undefined,
  ): Promise<void>;
  /** The answer kept under `key`, its hit counted (a popular one is compressed again, better). */
  get(key: string): CachedAnswer | undefined;
  stats(): { entries: number; bytes: number };
};

/**
 * The kept answers and their keys: two LRUs bounded by bytes (404s in a
 * sixteenth of the budget of their own), emptied at once whenever the
 * content version moves; and what each path's route declared, which makes
 * a request's key (cache-key.ts) before anything renders.
 */
export function createAnswerStore(deps: {
  budgetBytes: number;
  /** The origin answers are kept for (PUBLIC_URL, or the first few hosts asked for). */
  origin: Pick<PublicOrigin, 'keyOf'>;
  version: ContentVersion;
  logger: Logger;
}): AnswerStore {
  const pages = new ByteLru<CachedAnswer>(deps.budgetBytes);
  const missing = new ByteLru<CachedAnswer>(Math.floor(deps.budgetBytes * MISSING_SHARE));
  deps.version.onChange(() => {
    pages.clear();
    missing.clear();
  });
  const storeOf = (status: number) => (status === 404 ? missing : pages);
  /** What each path's route declared when it was last rendered. */
  const declared = new Map<string, PublicQuery>();
  const promote = createPromotions(deps.logger);

  function lookup(req: KeyedRequest): { target: PublicTarget; key: string | null } | null {
    if (deps.budgetBytes === 0) return null;
    const target = publicTarget(req);
    if (target === null) return null;
    const origin = target.keepable ? deps.origin.keyOf(req) : null;
    const query = origin === null ? undefined : declared.get(target.path);
    return { target, key: query ? answerKey(origin!, target, query) : null };
  }

  function learn(path: string, query: PublicQuery): void {
    if (declared.get(path) === query) return;
    declared.delete(path);
    if (declared.size >= DECLARED_PATHS) declared.delete(declared.keys().next().value!);
    declared.set(path, query);
  }

  function keep(
    key: string,
    answer: Parameters<typeof cachedAnswer>,
    renderedAt: number,
    view: string | undefined,
  ): Promise<void> {
    return cachedAnswer(...answer).then(
      (kept) => {
        kept.view = view;
        if (deps.version.current() === renderedAt) storeOf(kept.status).set(key, kept);
      },
      (err: unknown) => deps.logger.warn({ err }, 'page cache: compression failed'),
    );
  }

  function get(key: string): CachedAnswer | undefined {
    // Reading the version moves it when a scheduled publication is due, which empties the cache.
    deps.version.current();
    const answer = pages.get(key) ?? missing.get(key);
    if (answer !== undefined && ++answer.hits === POPULAR_HITS) promote(answer);
    return answer;
  }

  return {
    lookup,
    declared: (path) => declared.get(path),
    learn,
    keep,
    get,
    stats: () => ({ entries: pages.size + missing.size, bytes: pages.bytes + missing.bytes }),
  };
}
