/**
 * Accounts from the shell:
 *   npm run admin -- create <username>
 *   npm run admin -- reset-password <username>
 *   npm run admin -- reset-2fa <username>
 *   npm run admin -- list
 *   npm run admin -- role <username> <role>
 *   npm run admin -- delete <username>
 * The password comes from a hidden prompt, or from stdin when piped.
 * Every command works on the site's existing database (site-store.ts), but
 * `create`, which makes a new site's database first when there is none (a new
 * site's first admin before its first start) and says so before anything
 * else, so one run without the site's settings shows at once that it made a
 * database the site does not use. `--init` is still taken, and changes nothing.
 */
import dotenv from 'dotenv';
import { ROLES } from '#shared/roles';
import { translator } from '../i18n';
import { ConfigError, parseConfig } from '../config';
import { AppError } from '../errors';
import { createAuditService } from '../features/audit/audit.service';
import { createAuthService } from '../features/auth/auth.service';
import { createSessionRegistry } from '../features/auth/session-registry';
import { createStaffService } from '../features/auth/staff.service';
import { createTwoFactorService } from '../features/auth/two-factor.service';
import { createContactsRepo } from '../features/contacts/contacts.repo';
import { NOBODY } from '../http/who';
import { createLogger } from '../logger';
import { openRuntime } from '../runtime';
import { accountTable } from './account-table';
import { readPassword } from './prompt';
import { dataDirError, hasSiteDatabase, requireSiteDatabase, storeName } from './site-store';

const USAGE = `Usage:
  npm run admin -- create <username>          create an admin account (on a new site, before
                                              its first start, its database first)
  npm run admin -- reset-password <username>  set a new password for an account
                                              (signs it out everywhere)
  npm run admin -- reset-2fa <username>       turn off two-factor sign-in for an account
                                              (lost authenticator and recovery codes;
                                              signs it out everywhere)
  npm run admin -- list                       list every account: role, state, two-factor
  npm run admin -- role <username> <role>     give an account a role: ${ROLES.join(', ')}
  npm run admin -- delete <username>          delete an account (signs it out everywhere)
The password is asked for on a terminal, or read from stdin when piped.`;

async function askPassword(): Promise<string> {
  const password = await readPassword('Password: ');
  if (process.stdin.isTTY && (await readPassword('Repeat password: ')) !== password) {
    throw new Error('The passwords do not match');
  }
  return password;
}

async function run(
  command: string,
  username: string,
  role: string | undefined,
  init: boolean,
): Promise<string> {
  dotenv.config({ quiet: true });
  const config = parseConfig(process.env);
  const made = init && !hasSiteDatabase(config);
  if (!init) requireSiteDatabase(config, process.env, 'admin', NEW_SITE);
  const store = storeName(config);
  const logger = createLogger({ logLevel: 'warn' });
  const runtime = await openRuntime(config, logger).catch((error: unknown) => {
    throw dataDirError(error, config.dataDir);
  });
  try {
    const db = runtime.db;
    const audit = createAuditService({ db, logger, retentionDays: config.auditRetentionDays });
    const auth = createAuthService({ db, allowRegistration: false, audit });
    const registry = createSessionRegistry({
      db,
      store: runtime.sessions.store,
      lifetime: config.session,
    });
    const staff = createStaffService({
      db,
      registry,
      audit,
      enquiriesReleased: (userId, trx) => createContactsRepo(db).releaseOwner(userId, trx),
    });
    if (command === 'list') return `${accountTable(await staff.list())}\n(${store})`;
    const exists = await auth.exists(username);
    if (command === 'create' && exists) throw new Error('This username is already taken');
    if (command !== 'create' && !exists) throw new Error('No account with this username');
    const account = (await staff.list()).find(
      (u) => u.username.toLowerCase() === username.toLowerCase(),
    );
    if (command === 'role') {
      const changed = await staff.update(account!.id, { role }, NOBODY);
      return (
        `"${changed.username}" is now ${changed.role} (${store}).` +
        releasedNotice(changed.open_enquiries_released)
      );
    }
    if (command === 'delete') {
      const deleted = await staff.remove(account!.id, NOBODY);
      return (
        `Account "${account!.username}" deleted (${store}); its sessions ended.` +
        releasedNotice(deleted.open_enquiries_released)
      );
    }
    if (command === 'reset-2fa') {
      const ended = await createTwoFactorService({ db, audit, registry }).reset(username);
      return (
        `Two-factor sign-in of "${username}" turned off (${store}); ${ended} signed-in ` +
        'session(s) ended. They sign in with their password alone.'
      );
    }
    const password = await askPassword();
    if (command === 'create') {
      await auth.createAdmin(username, password);
      const created = `Admin "${username}" created (${store}). Sign in at /login.`;
      return made ? `A new site database was made (${store}).\n${created}` : created;
    }
    const userId = await auth.resetPassword(username, password);
    const ended = await registry.endOthers(userId);
    return `Password of "${username}" changed (${store}); ${ended} signed-in session(s) ended.`;
  } finally {
    await runtime.close();
  }
}

/** What the admin's Users page says when a change gave back open enquiries, as a line of its own. */
function releasedNotice(count: number): string {
  if (count === 0) return '';
  return `\n${translator('en')('admin.users.enquiriesReleased', { count })}.`;
}

function describe(error: unknown): string {
  if (error instanceof ConfigError) return error.message;
  const t = translator('en');
  if (error instanceof AppError) {
    const details = Object.values(error.details ?? {}).map((key) => t(key));
    return details.length ? details.join('; ') : t(error.message);
  }
  return error instanceof Error ? error.message : String(error);
}

/** Each command and the number of arguments it takes. */
const COMMANDS: Record<string, number> = {
  create: 1,
  'reset-password': 1,
  'reset-2fa': 1,
  list: 0,
  role: 2,
  delete: 1,
};
/** How a new site gets its first admin before its first start, for the refusal on one. */
const NEW_SITE = 'on a new site, start the server once first, or create its first admin';

const [command = '', ...given] = process.argv.slice(2);
const init = command === 'create';
const args = given.filter((arg) => !(init && arg === '--init'));
if (!(command in COMMANDS) || args.length !== COMMANDS[command]) {
  console.error(USAGE);
  process.exit(2);
}
run(command, args[0] ?? '', args[1], init).then(
  (message) => {
    console.log(message);
    process.exit(0);
  },
  (error: unknown) => {
    console.error(`Error: ${describe(error)}`);
    process.exit(1);
  },
);
