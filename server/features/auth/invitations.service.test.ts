import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createAccount, createTestDb, TEST_ADMIN } from '../../../tests/support/test-app';
import type { AuditRecord, AuditRecorder } from '../../audit-recorder';
import type { Who } from '../../http/who';
import { createInvitationsService, type LinkContext } from './invitations.service';

type Store = Awaited<ReturnType<typeof createTestDb>>;

let store: Store;
let service: ReturnType<typeof createInvitationsService>;
let ctx: LinkContext;
const recorded: { who: Who; entry: AuditRecord }[] = [];
const audit: AuditRecorder = { record: async (who, entry) => void recorded.push({ who, entry }) };

beforeAll(async () => {
  store = await createTestDb();
  await createAccount(store, 'admin', TEST_ADMIN.username);
  const { id } = (await store.db('users').where({ username: TEST_ADMIN.username }).first('id')) as {
    id: number;
  };
  service = createInvitationsService({
    db: store.db,
    mail: { queueAccountMail: async () => false },
    audit,
  });
  ctx = {
    origin: 'http://localhost',
    language: 'en',
    who: { actor: { id: Number(id), username: TEST_ADMIN.username }, ip: '192.0.2.1' },
  };
});
afterAll(() => store.destroy());
beforeEach(() => {
  recorded.length = 0;
});

describe('a second invitation to the same address', () => {
  it('withdraws the first, recorded as replaced, under the admin who invited again', async () => {
    const first = await service.invite({ email: 'Twice@example.com', role: 'sales' }, ctx);
    const second = await service.invite({ email: 'twice@example.com', role: 'editor' }, ctx);

    expect(recorded.map(({ entry }) => entry)).toEqual([
      {
        action: 'user.invited',
        target_type: 'invitation',
        target_id: first.id,
        summary: 'twice@example.com (sales)',
      },
      {
        action: 'user.invitation_withdrawn',
        target_type: 'invitation',
        target_id: first.id,
        summary: 'twice@example.com (sales), replaced',
      },
      {
        action: 'user.invited',
        target_type: 'invitation',
        target_id: second.id,
        summary: 'twice@example.com (editor)',
      },
    ]);
    expect(recorded[1]!.who).toEqual(ctx.who);
    expect((await service.list()).map((i) => i.id)).toEqual([second.id]);
  });

  it('withdraws nothing, and records no withdrawal, for another address', async () => {
    await service.invite({ email: 'one@example.com', role: 'sales' }, ctx);
    await service.invite({ email: 'two@example.com', role: 'sales' }, ctx);
    expect(recorded.map(({ entry }) => entry.action)).toEqual(['user.invited', 'user.invited']);
  });
});
