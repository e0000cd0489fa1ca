import type { UserAccount } from '#shared/users';

const COLUMNS = ['username', 'role', 'state', 'two-factor', 'e-mail', 'last sign-in'] as const;

/** Every account as a plain text table for `npm run admin -- list`. */
export function accountTable(accounts: UserAccount[]): string {
  if (accounts.length === 0) return 'No accounts yet.';
  const rows = accounts.map((u) => [
    u.username,
    u.role,
    u.active ? 'active' : 'deactivated',
    u.two_factor ? 'on' : 'off',
    u.email ?? '-',
    u.last_sign_in_at ? `${u.last_sign_in_at.slice(0, 16).replace('T', ' ')} UTC` : 'never',
  ]);
  const widths = COLUMNS.map((title, i) =>
    Math.max(title.length, ...rows.map((row) => row[i]!.length)),
  );
  const line = (cells: readonly string[]) =>
    cells
      .map((cell, i) => cell.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [line(COLUMNS), ...rows.map(line)].join('\n');
}
