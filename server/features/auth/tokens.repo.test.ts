import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createTestDb } from '../../../tests/support/test-app';
import { createTokensRepo, newToken } from './tokens.repo';

let test: Awaited<ReturnType<typeof createTestDb>>;
beforeEach(async () => {
  test = await createTestDb();
});
afterEach(() => test.destroy());

const LIFETIME = { created_at: '2026-01-01T00:00:00.000Z', expires_at: '2026-01-04T00:00:00.000Z' };

describe('renewing an invitation (a resend)', () => {
  it('renews only a link nobody used or withdrew meanwhile', async () => {
    const tokens = createTokensRepo(test.db);
    const first = newToken();
    const record = await tokens.insert({
      kind: 'invitation',
      token_hash: first.hash,
      email: 'renewed@example.com',
      role: 'editor',
      language: 'en',
      ...LIFETIME,
    });
    expect(
      await tokens.renew(record.id, { token_hash: newToken().hash, created_by: null, ...LIFETIME }),
    ).toBe(true);

    // Accepted meanwhile: the link stays used, with the token that was accepted.
    const accepted = newToken();
    await test.db('account_tokens').where({ id: record.id }).update({ token_hash: accepted.hash });
    expect(await tokens.claim(record.id, '2026-01-02T00:00:00.000Z')).toBe(true);
    expect(
      await tokens.renew(record.id, { token_hash: newToken().hash, created_by: null, ...LIFETIME }),
    ).toBe(false);
    expect(await test.db('account_tokens').where({ id: record.id }).first('token_hash')).toEqual({
      token_hash: accepted.hash,
    });

    // Withdrawn meanwhile.
    await tokens.remove(record.id);
    expect(
      await tokens.renew(record.id, { token_hash: newToken().hash, created_by: null, ...LIFETIME }),
    ).toBe(false);
  });
});
