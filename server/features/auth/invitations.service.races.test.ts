import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAccount, TEST_ADMIN } from '../../../tests/support/test-app';
import { STORES, type TestStore } from '../../../tests/support/stores';
import type { AuditRecorder } from '../../audit-recorder';
import { createInvitationsService, type LinkContext } from './invitations.service';
import type * as Password from './password';
import type * as Tokens from './tokens.repo';

/**
 * Hooks at the boundaries the races cross: `beforeHash` runs when an
 * acceptance has found its link and is about to hash the password (the
 * slow step before it writes), `beforeRemove` when the tokens repository
 * is about to delete a link (a withdrawal that has read its invitation).
 */
const hooks = vi.hoisted(() => ({
  beforeHash: null as null | (() => Promise<void>),
  beforeRemove: null as null | (() => Promise<void>),
}));

vi.mock('./password', async (importOriginal) => {
  const actual = await importOriginal<typeof Password>();
  return {
    ...actual,
    hashPassword: async (password: string) => {
      const hook = hooks.beforeHash;
      hooks.beforeHash = null;
      await hook?.();
      return actual.hashPassword(password);
    },
  };
});

vi.mock('./tokens.repo', async (importOriginal) => {
  const actual = await importOriginal<typeof Tokens>();
  return {
    ...actual,
    createTokensRepo: (db: Parameters<typeof actual.createTokensRepo>[0]) => {
      const repo = actual.createTokensRepo(db);
      const remove = repo.remove.bind(repo);
      repo.remove = async (id: number) => {
        const hook = hooks.beforeRemove;
        hooks.beforeRemove = null;
        await hook?.();
        return remove(id);
      };
      return repo;
    },
  };
});

const tokenIn = (url: string | undefined) => /#([A-Za-z0-9_-]+)$/.exec(url ?? '')?.[1] ?? '';
const settled = <T>(promise: Promise<T>) =>
  promise.then(
    (value) => ({ ok: true as const, value }),
    (error: unknown) => ({ ok: false as const, error }),
  );

/**
 * An invitation is accepted, sent again or withdrawn in one transaction
 * that sees the link as it is then: a resend or a withdrawal that crosses
 * an acceptance never leaves both done (decision 030). On SQLite the write
 * transactions take turns; on PostgreSQL the link's row is locked.
 */
describe.each(STORES)('invitations crossing each other, on $name', ({ skip, open }) => {
  let store: TestStore;
  let chiefId: number;
  const recorded: { action: string; target_id?: number | string | null }[] = [];
  const audit: AuditRecorder = {
    record: async (_who, entry) => void recorded.push(entry),
  };
  let service: ReturnType<typeof createInvitationsService>;
  let ctx: LinkContext;

  beforeAll(async () => {
    if (skip) return;
    store = await open();
    await createAccount(store, 'admin', TEST_ADMIN.username);
    chiefId = Number(
      (
        (await store.db('users').where({ username: TEST_ADMIN.username }).first('id')) as {
          id: number;
        }
      ).id,
    );
    service = createInvitationsService({
      db: store.db,
      mail: { queueAccountMail: async () => false },
      audit,
    });
    ctx = {
      origin: 'http://localhost',
      language: 'en',
      who: { actor: { id: chiefId, username: TEST_ADMIN.username }, ip: null },
    };
  });
  afterAll(async () => {
    hooks.beforeHash = hooks.beforeRemove = null;
    await store?.destroy();
  });

  async function invite(email: string) {
    const sent = await service.invite({ email, role: 'admin' }, ctx);
    return { id: sent.id, token: tokenIn(sent.invitation_url) };
  }
  const accept = (token: string, username: string) =>
    service.accept(
      { token, username, password: `${username}-password-1` },
      { actor: null, ip: null },
    );
  const account = (username: string) => store.db('users').where({ username }).first('id');
  const withdrawals = (id: number) =>
    recorded.filter((e) => e.action === 'user.invitation_withdrawn' && Number(e.target_id) === id);

  it.skipIf(skip)(
    'a resend between the lookup and the write leaves the old link dead',
    async () => {
      const { id, token: oldToken } = await invite('resent-midway@example.com');
      let newToken = '';
      // The acceptance has found the link by the old token; the resend lands now.
      hooks.beforeHash = async () => {
        newToken = tokenIn((await service.resend(id, ctx)).invitation_url);
      };
      await expect(accept(oldToken, 'old-link-holder')).rejects.toMatchObject({
        status: 400,
        message: 'apiErrors.invitationInvalid',
      });
      expect(newToken).not.toBe('');
      expect(await account('old-link-holder')).toBeUndefined();

      // The link sent again still works, and makes the account.
      await accept(newToken, 'new-link-holder');
      expect(await account('new-link-holder')).toBeTruthy();
    },
  );

  it.skipIf(skip)(
    'refuses to withdraw or resend an accepted invitation (409), recording nothing',
    async () => {
      const { id, token } = await invite('accepted-first@example.com');
      await accept(token, 'accepted-first');
      const before = recorded.length;
      for (const attempt of [() => service.withdraw(id, ctx.who), () => service.resend(id, ctx)]) {
        await expect(attempt()).rejects.toMatchObject({
          status: 409,
          message: 'apiErrors.invitationAccepted',
        });
      }
      expect(recorded.slice(before)).toEqual([]);
      expect(await store.db('account_tokens').where({ id }).first('used_at')).toBeTruthy();
    },
  );

  it.skipIf(skip)('an acceptance crossing a withdrawal: one of them, never both', async () => {
    const { id, token } = await invite('withdrawn-midway@example.com');
    let accepting: Promise<{ ok: boolean }> | undefined;
    // The withdrawal has read its invitation; the acceptance comes now and
    // goes as far as it can in a second (it finishes, or waits for the
    // withdrawal's transaction to end).
    hooks.beforeRemove = async () => {
      accepting = settled(accept(token, 'crossing-withdrawal'));
      await Promise.race([accepting, new Promise((resolve) => setTimeout(resolve, 1000))]);
    };
    const withdrawn = await settled(service.withdraw(id, ctx.who));
    const accepted = await accepting!;
    const made = Boolean(await account('crossing-withdrawal'));

    expect(made).toBe(accepted.ok);
    expect([withdrawn.ok, accepted.ok].filter(Boolean)).toHaveLength(1);
    expect(withdrawals(id)).toHaveLength(withdrawn.ok ? 1 : 0);
    if (made) expect(await store.db('account_tokens').where({ id }).first('used_at')).toBeTruthy();
  });

  it.skipIf(skip)('two concurrent calls: an acceptance and a resend of the same link', async () => {
    const { id, token } = await invite('concurrent-resend@example.com');
    const [accepted, resent] = await Promise.all([
      settled(accept(token, 'concurrent-accepter')),
      settled(service.resend(id, ctx)),
    ]);
    // The old link makes the account only if the resend came after it (and was refused).
    expect([accepted.ok, resent.ok].filter(Boolean)).toHaveLength(1);
    expect(Boolean(await account('concurrent-accepter'))).toBe(accepted.ok);
    if (!resent.ok) expect(resent.error).toMatchObject({ status: 409 });
  });

  it.skipIf(skip)(
    'two concurrent calls: an acceptance and a withdrawal of the same link',
    async () => {
      const { id, token } = await invite('concurrent-withdrawal@example.com');
      const [accepted, withdrawn] = await Promise.all([
        settled(accept(token, 'concurrent-withdrawn')),
        settled(service.withdraw(id, ctx.who)),
      ]);
      expect([accepted.ok, withdrawn.ok].filter(Boolean)).toHaveLength(1);
      expect(Boolean(await account('concurrent-withdrawn'))).toBe(accepted.ok);
      expect(withdrawals(id)).toHaveLength(withdrawn.ok ? 1 : 0);
    },
  );
});
