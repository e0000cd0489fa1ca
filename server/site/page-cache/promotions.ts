import type { Logger } from '../../logger';
import { compressBetter, type CachedAnswer } from './cached-answer';

/** Hits after which an answer is compressed at the best level (cached-answer.ts). */
export const POPULAR_HITS = 16;

/**
 * Compresses popular answers at the best level, one at a time on zlib's
 * threads (a flood of popular keys cannot fill the pool the database uses).
 */
export function createPromotions(logger: Logger): (answer: CachedAnswer) => void {
  const queue: CachedAnswer[] = [];
  let busy = false;
  const next = (): void => {
    const answer = queue.shift();
    if (!answer) {
      busy = false;
      return;
    }
    busy = true;
    compressBetter(answer).then(next, (err: unknown) => {
      logger.warn({ err }, 'page cache: compression failed');
      next();
    });
  };
  return (answer) => {
    queue.push(answer);
    if (!busy) next();
  };
}
