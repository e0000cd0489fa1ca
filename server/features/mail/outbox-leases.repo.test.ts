import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { createOutboxLeases, type OutboxLeases } from './outbox-leases.repo';
import { createOutboxRepo } from './outbox.repo';

/**
 * A worker whose lease ran out (its database was away, or it was slow) while
 * another worker claimed the row: what the late one records afterwards must
 * not overwrite the row the other now holds. Real SQLite, the real outbox.
 */
let store: Awaited<ReturnType<typeof createTestDb>>;
let leases: OutboxLeases;
let id: number;
const at = (s: number) => new Date(Date.UTC(2026, 10, 28, 12, 0, s)).toISOString();

beforeEach(async () => {
  store = await createTestDb();
  leases = createOutboxLeases(store.db);
  id = await createOutboxRepo(store.db).insertOne(
    store.db,
    {
      kind: 'reply',
      contactId: null,
      recipient: 'ana@example.pt',
      language: 'pt',
      content: { subject: 'Orçamento', text: 'Olá', html: '<p>Olá</p>' },
    },
    at(0),
  );
  // The late worker's lease ran out at 0:10; the other claimed the row at 0:20.
  expect((await leases.claim('late-worker', at(1), at(10)))?.id).toBe(id);
  expect((await leases.claim('other-worker', at(20), at(140)))?.id).toBe(id);
});
afterEach(() => store.destroy());

const row = () =>
  store
    .db('mail_outbox')
    .where({ id })
    .first('status', 'lease_owner', 'next_attempt_at', 'last_error', 'message_id');

describe('a worker whose lease was taken over', () => {
  it('cannot mark the row sent, retried or failed; the holder of the lease can', async () => {
    expect(await leases.markSent(id, 'late-worker', at(30), '<late@forge.example>')).toBe(false);
    expect(await leases.markRetry(id, 'late-worker', 'timeout', at(30), at(60))).toBe(false);
    expect(await leases.markFailed(id, 'late-worker', '550 no such user', at(30))).toBe(false);
    expect(await row()).toMatchObject({
      status: 'pending',
      lease_owner: 'other-worker',
      last_error: null,
      message_id: null,
    });

    expect(await leases.markSent(id, 'other-worker', at(31), '<other@forge.example>')).toBe(true);
    expect(await row()).toMatchObject({
      status: 'sent',
      lease_owner: null,
      message_id: '<other@forge.example>',
    });
  });

  it('may still mark it while nobody claimed it after its lease ran out', async () => {
    expect(await leases.markRetry(id, 'other-worker', 'timeout', at(150), at(160))).toBe(true);
    expect(await row()).toMatchObject({
      status: 'pending',
      lease_owner: null,
      last_error: 'timeout',
    });
  });
});
