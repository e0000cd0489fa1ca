import type { AuditAction, AuditEntry } from '#shared/audit';
import { deleteInBatches, type BatchedDelete } from '../../db/batched-delete';
import type { Db } from '../../db/knex';
import { toCount, toIso } from '../../db/values';

type Row = Record<string, unknown>;

export type AuditInsert = {
  at: string;
  actor_id: number | null;
  actor: string | null;
  action: AuditAction;
  target_type: string | null;
  target_id: string | null;
  summary: string;
  ip: string | null;
};

const toEntry = (row: Row): AuditEntry => ({
  id: Number(row.id),
  at: toIso(row.at),
  actor: row.actor === null || row.actor === undefined ? null : String(row.actor),
  action: String(row.action) as AuditAction,
  target_type: row.target_type == null ? null : String(row.target_type),
  target_id: row.target_id == null ? null : String(row.target_id),
  summary: String(row.summary ?? ''),
  ip: row.ip == null ? null : String(row.ip),
});

/** Plain knex queries on `audit_log`. */
export function createAuditRepo(db: Db) {
  const log = () => db('audit_log');
  return {
    async insert(entry: AuditInsert): Promise<void> {
      await log().insert(entry);
    },

    async list(opts: { limit: number; offset: number; action?: string }): Promise<AuditEntry[]> {
      const q = log();
      if (opts.action) q.where('action', opts.action);
      const rows: Row[] = await q
        .orderBy([
          { column: 'at', order: 'desc' },
          { column: 'id', order: 'desc' },
        ])
        .limit(opts.limit)
        .offset(opts.offset);
      return rows.map(toEntry);
    },

    async count(action?: string): Promise<number> {
      const q = log();
      if (action) q.where('action', action);
      const row = await q.count({ n: '*' }).first();
      return toCount(row?.n);
    },

    /** Deletes entries older than a moment, in short batches (see batched-delete.ts). */
    deleteBefore(at: string, batches?: BatchedDelete): Promise<number> {
      return deleteInBatches(db, 'audit_log', (q) => q.where('at', '<', at), batches);
    },
  };
}
