/**
 * Who may do what. Every account has one role; the three staff roles get
 * into the admin (`is_admin`), `user` is a registered visitor. What a role
 * may do is a set of named capabilities: the server checks one capability
 * per API route (server/http/guards.ts) and the admin shows only what the
 * role may use, both from the table below.
 */
export const ROLES = ['admin', 'editor', 'sales', 'user'] as const;
export type Role = (typeof ROLES)[number];

export const STAFF_ROLES = ['admin', 'editor', 'sales'] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const CAPABILITIES = {
  /** Anything every staff account needs: the staff list, the AI's status. */
  staff: ['admin', 'editor', 'sales'],
  /** Reading articles with their drafts and history. */
  articles: ['admin', 'editor', 'sales'],
  /** Writing articles, pages, site texts and media, and the AI that drafts them. */
  content: ['admin', 'editor'],
  /** Enquiries: reading, marking, exporting, answering. */
  enquiries: ['admin', 'sales'],
  /** Which pages are read and which bring enquiries (counts only: nobody is identified). */
  analytics: ['admin', 'editor'],
  /** Accounts, roles and invitations. */
  users: ['admin'],
  /** The site's operational settings. */
  settings: ['admin'],
  /** The audit log. */
  audit: ['admin'],
} as const satisfies Record<string, readonly StaffRole[]>;

export type Capability = keyof typeof CAPABILITIES;

export const isStaff = (role: Role): role is StaffRole =>
  (STAFF_ROLES as readonly Role[]).includes(role);

/** True when the role has the capability. */
export const can = (role: Role | undefined, capability: Capability): boolean =>
  role !== undefined && (CAPABILITIES[capability] as readonly Role[]).includes(role);

/**
 * True for an active account whose role has the capability: what an
 * account must still be to be given work, or sent mail, because of its role.
 */
export const activeWith = (
  account: { role: Role; active: boolean },
  capability: Capability,
): boolean => account.active && can(account.role, capability);

/**
 * True for an active account whose role handles enquiries: who may own
 * one and be e-mailed about it.
 */
export const handlesEnquiries = (account: { role: Role; active: boolean }): boolean =>
  activeWith(account, 'enquiries');

/**
 * True for an active account whose role may invite colleagues. An invitation
 * is only as good as its sender's right: an account that stops meeting this
 * has its pending invitations withdrawn (decision 030, amended).
 */
export const mayInvite = (account: { role: Role; active: boolean }): boolean =>
  activeWith(account, 'users');
