import { describe, expect, it } from 'vitest';
import { CAPABILITIES, can, mayInvite, ROLES, type Capability } from './roles';

describe('who may invite', () => {
  it('is an active account whose role manages accounts', () => {
    expect(ROLES.filter((role) => mayInvite({ role, active: true }))).toEqual([
      ...CAPABILITIES.users,
    ]);
    expect(mayInvite({ role: 'admin', active: false })).toBe(false);
  });

  it('holds every capability, so an invitation never grants more than its sender has', () => {
    // Pending invitations are withdrawn when their sender stops meeting mayInvite
    // (decision 030, amended): at acceptance the sender still has every right the
    // invited role has. A role that may invite without holding them all needs a check there.
    const capabilities = Object.keys(CAPABILITIES) as Capability[];
    for (const role of ROLES.filter((r) => mayInvite({ role: r, active: true }))) {
      expect(capabilities.filter((c) => !can(role, c))).toEqual([]);
    }
  });
});
