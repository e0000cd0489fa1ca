import { describe, expect, it } from 'vitest';
import { UnauthorizedError } from '../errors';
import { NOBODY, accountOf, actingAs, type Who } from './who';

const colleague: Who = { actor: { id: 7, username: 'ana' }, ip: '203.0.113.9' };

describe('who acts', () => {
  it('acting as an account keeps the address and names only its id and username', () => {
    const row = { id: 3, username: 'rui', password_hash: 'x', email: 'rui@example.pt' };
    expect(actingAs({ actor: null, ip: '198.51.100.4' }, row)).toEqual({
      actor: { id: 3, username: 'rui' },
      ip: '198.51.100.4',
    });
  });

  it('names the signed-in account, and refuses (401) nobody or a username without an account', () => {
    expect(accountOf(colleague)).toEqual({ id: 7, username: 'ana' });
    expect(() => accountOf(NOBODY)).toThrow(UnauthorizedError);
    const tried: Who = { actor: { id: null, username: 'guess' }, ip: null };
    expect(() => accountOf(tried)).toThrow(UnauthorizedError);
  });
});
