import type { Config } from './config';
import type { Db } from './db/knex';
import { seedDemoContent } from './db/seed/seed-demo';
import { createAuditService } from './features/audit/audit.service';
import { createAuthService } from './features/auth/auth.service';
import type { Logger } from './logger';
import { adminCommand } from './operator-commands';

/**
 * First-start content: the admin from ADMIN_USERNAME/ADMIN_PASSWORD, the demo
 * articles when SEED_DEMO is on and the database is empty, and a hint when
 * nobody can sign in yet. The admin is created at every start that finds no
 * user of that name (CONTRACT.md), so one the team deleted or renamed comes
 * back with the password in the settings: each creation is in the audit log,
 * and one beside other admins is a warning to remove the two variables.
 */
export async function prepareContent(config: Config, db: Db, logger: Logger): Promise<void> {
  const audit = createAuditService({
    db,
    logger: logger.child({ feature: 'audit' }),
    retentionDays: config.auditRetentionDays,
  });
  const auth = createAuthService({ db, allowRegistration: config.allowRegistration, audit });
  if (config.admin) {
    const { username, password } = config.admin;
    const outcome = await auth.ensureAdmin(username, password);
    if (outcome.created && outcome.otherAdmins > 0) {
      logger.warn(
        { username, otherAdmins: outcome.otherAdmins },
        `ADMIN_USERNAME re-created ${username}; remove ADMIN_USERNAME and ADMIN_PASSWORD ` +
          'from the environment once real accounts exist',
      );
    } else if (outcome.created) {
      logger.info({ username }, 'admin account created from ADMIN_USERNAME');
    }
  }
  if (config.seedDemo) {
    const added = await seedDemoContent(db);
    if (added) logger.info({ articles: added }, 'demo articles seeded');
  }
  if (!(await auth.hasAdmin())) {
    logger.warn(
      `No admin account yet. Create one with ${adminCommand('create <username>')}, ` +
        'or set ADMIN_USERNAME and ADMIN_PASSWORD and restart.',
    );
  }
}
