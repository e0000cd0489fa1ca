/**
 * The commands a message tells an operator to run, in both forms the docs
 * give them (README's "Production install", docs/deploy.md's "Backups"). On
 * a production install: the built CLI, with the site's environment file,
 * as the site's user; `npm run …` there reads neither that file nor so
 * DATA_DIR, and looks for the site in ./data. In a checkout: `npm run …`.
 */

/** Where the site's settings are: the file its systemd unit names (`EnvironmentFile=`). */
const ENV_FILE = "<the site's environment file>";

/** How to run the admin CLI's `args` (`create <username>`), as `user` when given. */
export function adminCommand(args: string, user?: string): string {
  return both(user, `dist/server/cli/admin.js ${args}`, `admin -- ${args}`);
}

/** How to restore the backup in `backupDir`, as `user` when given. */
export function restoreCommand(backupDir: string, user?: string): string {
  return both(user, `dist/server/cli/backup.js restore ${backupDir}`, `restore -- ${backupDir}`);
}

/** The production form of a command (`script` run by Node), then the checkout's (`npm run …`). */
function both(user: string | undefined, script: string, npmRun: string): string {
  const sudo = user ? `sudo -u ${user} ` : '';
  return (
    `\`${sudo}node --env-file=${ENV_FILE} ${script}\` on a production install (in its folder), ` +
    `\`${sudo}npm run ${npmRun}\` in a checkout`
  );
}
