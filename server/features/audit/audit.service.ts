import { z } from 'zod';
import { AUDIT_ACTIONS, type AuditPage } from '#shared/audit';
import type { AuditRecord } from '../../audit-recorder';
import { MAX_PAGE_SIZE, pageCount, pageOffset } from '#shared/pagination';
import { claimJob } from '../../db/job-claim';
import type { Db } from '../../db/knex';
import type { Who } from '../../http/who';
import type { Logger } from '../../logger';
import { parseInput } from '../../validation';
import { createAuditRepo } from './audit.repo';
import { systemClock, type Clock } from '../../clock';

const DAY_MS = 86_400_000;
/** The app_state row that lets one instance of several prune per day (a little under a day apart). */
const PRUNE_JOB = 'jobs.audit_prune';
const PRUNE_EVERY_MS = DAY_MS - 3_600_000;
const SUMMARY_MAX = 300;

const page = (key: string, max?: number) =>
  z
    .string()
    .regex(/^\d{1,9}$/, key)
    .transform(Number)
    .refine((n) => n >= 1 && (max === undefined || n <= max), key);

const AuditQuerySchema = z.object({
  page: page('apiErrors.pageInvalid').optional(),
  per_page: page('apiErrors.perPageInvalid', MAX_PAGE_SIZE).optional(),
  action: z.enum(AUDIT_ACTIONS, { error: 'apiErrors.auditActionInvalid' }).optional(),
});

/**
 * The audit trail: records sign-ins, content, enquiry and account changes;
 * lists them for admins; forgets entries older than AUDIT_RETENTION_DAYS
 * (pruned at start and then daily, by one instance when there are several).
 * Recording never fails the action it describes: a write that does not
 * succeed is logged instead.
 *
 * Entries are written where the action happens: the service that made a
 * change calls `record(who, …)` once it is made, with the `Who` its route
 * passed in (`whoOf(req)`, server/http/who.ts); a route whose action has no
 * service of its own (signing out, ending a session) records right after
 * it. Nothing is recorded by matching paths, so no spelling of an address
 * can skip an entry (decision 029).
 */
export function createAuditService(deps: {
  db: Db;
  logger: Logger;
  retentionDays: number;
  clock?: Clock;
}) {
  const { db, logger, retentionDays, clock = systemClock } = deps;
  const repo = createAuditRepo(db);
  let timer: NodeJS.Timeout | undefined;
  let pruning: Promise<unknown> = Promise.resolve();

  const service = {
    async record(who: Who, entry: AuditRecord): Promise<void> {
      try {
        await repo.insert({
          at: clock().toISOString(),
          actor_id: who.actor?.id ?? null,
          actor: who.actor?.username.slice(0, 100) ?? null,
          action: entry.action,
          target_type: entry.target_type ?? null,
          target_id: entry.target_id === undefined ? null : String(entry.target_id).slice(0, 100),
          summary: (entry.summary ?? '').slice(0, SUMMARY_MAX),
          ip: who.ip?.slice(0, 64) ?? null,
        });
      } catch (error) {
        logger.warn(
          { action: entry.action, code: (error as { code?: string }).code },
          'audit entry could not be written',
        );
      }
    },

    async list(query: unknown): Promise<AuditPage> {
      const q = parseInput(AuditQuerySchema, query, 'apiErrors.invalidQuery');
      const current = q.page ?? 1;
      const perPage = q.per_page ?? 50;
      const [total, entries] = await Promise.all([
        repo.count(q.action),
        repo.list({ limit: perPage, offset: pageOffset(current, perPage), action: q.action }),
      ]);
      return {
        entries,
        total,
        pages: pageCount(total, perPage),
        current_page: current,
        retention_days: retentionDays,
      };
    },

    /** Deletes entries older than the retention; returns how many. */
    prune(): Promise<number> {
      const cutoff = new Date(clock().getTime() - retentionDays * DAY_MS).toISOString();
      return repo.deleteBefore(cutoff);
    },

    /** Prunes now and then once a day until `stop()`, unless another instance just did. */
    start(): void {
      const run = () =>
        claimJob(db, PRUNE_JOB, PRUNE_EVERY_MS, clock())
          .then((claimed) => (claimed ? service.prune() : 0))
          .then(
            (removed) => removed && logger.info({ removed }, 'old audit entries removed'),
            (error: unknown) =>
              logger.warn({ code: (error as { code?: string }).code }, 'audit pruning failed'),
          );
      const track = () => void (pruning = run());
      track();
      timer = setInterval(track, DAY_MS);
      timer.unref();
    },

    /** Stops pruning; resolves once a run under way has finished (so the store can close). */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      timer = undefined;
      await pruning;
    },
  };
  return service;
}

export type AuditService = ReturnType<typeof createAuditService>;
