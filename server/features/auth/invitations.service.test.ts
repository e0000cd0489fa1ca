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
/** The invitation e-mails queued: their language and link. */
const mails: { to: string; language: string; url: string }[] = [];
const audit: AuditRecorder = { record: async (who, entry) => void recorded.push({ who, entry }) };

beforeAll(async () => {
  store = await createTestDb();
  await createAccount(store, 'admin', TEST_ADMIN.username);
  const { id } = (await store.db('users').where({ username: TEST_ADMIN.username }).first('id')) as {
    id: number;
  };
  service = createInvitationsService({
    db: store.db,
    mail: {
      queueAccountMail: async (_kind, to, content) => {
        mails.push({ to, language: content.language, url: content.url });
        return false;
      },
    },
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
  mails.length = 0;
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

describe('the language of an invitation', () => {
  const as = (language: LinkContext['language']): LinkContext => ({ ...ctx, language });

  it('is the one chosen, else the inviting admin’s, and the list shows it', async () => {
    const chosen = await service.invite(
      { email: 'ana@example.pt', role: 'sales', language: 'pt' },
      as('de'),
    );
    const theirs = await service.invite({ email: 'max@example.de', role: 'sales' }, as('de'));
    expect([chosen.language, theirs.language]).toEqual(['pt', 'de']);
    expect(chosen.invitation_url).toMatch(/\/login\/invitation\?lang=pt#/);
    expect(mails.map(({ to, language }) => [to, language])).toEqual([
      ['ana@example.pt', 'pt'],
      ['max@example.de', 'de'],
    ]);
    const listed = await service.list();
    expect(listed.find((i) => i.id === chosen.id)?.language).toBe('pt');
    expect(listed.find((i) => i.id === theirs.id)?.language).toBe('de');
  });

  it('stays when another admin, reading another language, sends it again', async () => {
    const sent = await service.invite(
      { email: 'joana@example.pt', role: 'editor', language: 'pt' },
      as('en'),
    );
    mails.length = 0;
    const again = await service.resend(sent.id, as('de'));
    expect(again.language).toBe('pt');
    expect(again.invitation_url).toMatch(/\/login\/invitation\?lang=pt#/);
    expect(mails).toEqual([{ to: 'joana@example.pt', language: 'pt', url: again.invitation_url }]);
  });

  it('refuses a language the site does not have', async () => {
    await expect(
      service.invite({ email: 'zoe@example.fr', role: 'sales', language: 'fr' }, ctx),
    ).rejects.toMatchObject({ details: { language: 'validation.language.invalid' } });
  });
});
