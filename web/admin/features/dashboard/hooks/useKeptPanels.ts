import { useState } from 'react';
import type { Role } from '#shared/roles';

type Seen = { active: string; role: Role; kept: string[] };

/**
 * The tabs whose panels stay mounted, out of sight, after a new role moved
 * the dashboard away from them while a dialog was open. The role changes
 * while the page is open when the server refuses a call and the profile is
 * asked again (useAdminSession): the tabs follow the new role at once, but
 * the form the shown panel holds open (a dialog, drawn over the page) stays
 * open with whatever was typed in it. The kept panels go once no dialog is
 * open (`dialogOpen`, Modal.tsx).
 */
export function useKeptPanels(active: string, role: Role, dialogOpen: boolean): string[] {
  const [seen, setSeen] = useState<Seen>({ active, role, kept: [] });
  const moved = seen.role !== role && seen.active !== active;
  if (seen.active === active && seen.role === role && (dialogOpen || seen.kept.length === 0))
    return seen.kept;
  const kept = !dialogOpen ? [] : moved ? [...new Set([...seen.kept, seen.active])] : seen.kept;
  // Stored during the render, so the panel is never unmounted in between.
  setSeen({ active, role, kept });
  return kept;
}
