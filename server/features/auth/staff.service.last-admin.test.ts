import session from 'express-session';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, type TestStore } from '../../../tests/support/stores';
import { NO_AUDIT } from '../../audit-recorder';
import { NOBODY } from '../../http/who';
import { createSessionRegistry } from './session-registry';
import { createStaffService } from './staff.service';
import { createUsersRepo } from './users.repo';

const LIFETIME = { idleMs: 3_600_000, absoluteMs: 86_400_000 };

/**
 * The last active admin under changes that cross: each change decides from
 * the account as its own transaction finds it, never from a copy read
 * before, so no order of commits leaves the site without an admin.
 */
describe.each(STORES)('the last active admin, on $name', ({ skip, open }) => {
  let store: TestStore;
  beforeAll(async () => {
    if (!skip) store = await open();
  });
  afterAll(async () => {
    await store?.destroy();
  });

  type Staff = ReturnType<typeof createStaffService>;
  const LAST_CHANGES: [string, (staff: Staff, id: number) => Promise<unknown>][] = [
    ['deactivation', (staff, id) => staff.update(id, { active: false }, NOBODY)],
    ['deletion', (staff, id) => staff.remove(id, NOBODY)],
  ];

  it.skipIf(skip).each(LAST_CHANGES)(
    'stays when a promotion, a demotion and a %s cross',
    async (_name, lastChange) => {
      const registry = createSessionRegistry({
        db: store.db,
        store: new session.MemoryStore(),
        lifetime: LIFETIME,
      });
      const staff = createStaffService({ db: store.db, registry, audit: NO_AUDIT });
      for (let round = 0; round < 5; round++) {
        // One admin and one editor: the editor is made an admin, the admin an
        // editor, and the editor (an admin by then) deactivated or deleted, all at once.
        await store.db('users').delete();
        const repo = createUsersRepo(store.db);
        const password_hash = 'not-used';
        const admin = (await repo.insert({ username: 'first-admin', password_hash, role: 'admin' }))
          .id;
        const editor = (
          await repo.insert({ username: 'promoted-editor', password_hash, role: 'editor' })
        ).id;
        const results = await Promise.allSettled([
          staff.update(editor, { role: 'admin' }, NOBODY),
          staff.update(admin, { role: 'editor' }, NOBODY),
          lastChange(staff, editor),
        ]);
        // Refused as the last admin, or (after the deletion) as an account gone.
        for (const result of results) {
          if (result.status === 'rejected') expect([409, 404]).toContain(result.reason.status);
        }
        expect(await createUsersRepo(store.db).countAdmins()).toBeGreaterThan(0);
      }
    },
  );
});
