import type { Config } from './config';
import type { Db } from './db/knex';
import { seedDemoContent } from './db/seed/seed-demo';
import { createAuthService } from './features/auth/auth.service';
import type { Logger } from './logger';

/**
 * First-start content: the admin from ADMIN_USERNAME/ADMIN_PASSWORD, the demo
 * articles when SEED_DEMO is on and the database is empty, and a hint when
 * nobody can sign in yet.
 */
export async function prepareContent(config: Config, db: Db, logger: Logger): Promise<void> {
  const auth = createAuthService({ db, allowRegistration: config.allowRegistration });
  if (config.admin) {
    const { username, password } = config.admin;
    if ((await auth.ensureAdmin(username, password)) === 'created') {
      logger.info({ username }, 'admin account created from ADMIN_USERNAME');
    }
  }
  if (config.seedDemo) {
    const added = await seedDemoContent(db);
    if (added) logger.info({ articles: added }, 'demo articles seeded');
  }
  if (!(await auth.hasAdmin())) {
    logger.warn(
      'No admin account yet. Create one with `npm run admin -- create <username>`, ' +
        'or set ADMIN_USERNAME and ADMIN_PASSWORD and restart.',
    );
  }
}
