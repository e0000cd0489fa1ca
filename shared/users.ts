import { z } from 'zod';
import './zod-setup';
import {
  AccountLanguageSchema,
  DisplayNameSchema,
  NewPasswordSchema,
  RegisterSchema,
} from './auth';
import { LANGUAGES, type Language } from './languages';
import { ROLES, STAFF_ROLES, type Role, type StaffRole } from './roles';
import { cleanText, isDeliverableEmail } from './text';

/**
 * Staff accounts as admins manage them (`/api/users`), invitations,
 * password resets and e-mail confirmation. Usernames and passwords follow
 * the same rules as registration (shared/auth.ts).
 */

/** An account in `GET /api/users`. */
export type UserAccount = {
  id: number;
  username: string;
  /** The display name replies are signed with; null: the username signs. */
  name: string | null;
  /** The language the account reads its e-mails and the admin in; null: none chosen. */
  language: Language | null;
  email: string | null;
  role: Role;
  is_admin: boolean;
  active: boolean;
  two_factor: boolean;
  last_sign_in_at: string | null;
  created_at: string;
  /**
   * Only on the account the server's ADMIN_USERNAME names: deleted or
   * renamed, it is created again at the next start.
   */
  startup_account?: true;
  /**
   * In `GET /api/users` only: the open enquiries (not answered, not in
   * spam) the account owns. A change that takes enquiries away from it
   * (another role, deactivated, deleted) gives them back to nobody.
   */
  open_enquiries?: number;
};

/** `PUT /api/users/{id}`: the account as the change left it, and the open enquiries it gave back. */
export type AccountChanged = UserAccount & { open_enquiries_released: number };

/** `DELETE /api/users/{id}`: the account's id, and the open enquiries it gave back. */
export type AccountDeleted = { id: number; open_enquiries_released: number };

/**
 * How a colleague is named to others: their display name, else their
 * username (a reply's signature and Reply-To, staff notices, the admin's
 * lists and threads).
 */
export const displayNameOf = (who: { username: string; name?: string | null }): string =>
  who.name || who.username;

/** An active staff account in `GET /api/users/staff`, for assigning enquiries. */
export type StaffMember = { id: number; username: string; name: string | null };

/** A pending invitation in `GET /api/users/invitations`. */
export type Invitation = {
  id: number;
  email: string;
  role: StaffRole;
  /** The language of its e-mail and of the page its link opens (a resend keeps it). */
  language: Language;
  invited_by: string | null;
  created_at: string;
  expires_at: string;
  expired: boolean;
};

/** `POST /api/users/invitations` and its resend: the link comes back only while e-mail is off. */
export type InvitationSent = Invitation & { invitation_url?: string };

/** What the invitation page shows before the colleague chooses a name and password. */
export type InvitationPreview = { email: string; role: StaffRole; expires_at: string };

/** How long an invitation link works. */
export const INVITATION_HOURS = 72;
/** How long a password reset link works. */
export const RESET_MINUTES = 60;
/** How long a link confirming a new e-mail address works. */
export const EMAIL_CONFIRM_HOURS = 24;

export const EmailSchema = cleanText('email', 'validation.email.required')
  .pipe(z.string().min(1, 'validation.email.required'))
  .pipe(z.string().refine(isDeliverableEmail, 'validation.email.invalid'));

/** `POST /api/users/invitations`; without `language`, the inviting admin's (the request's). */
export const InvitationSchema = z.object({
  email: EmailSchema,
  role: z.enum(STAFF_ROLES, { error: 'validation.role.invalid' }),
  language: z.enum(LANGUAGES, { error: 'validation.language.invalid' }).optional(),
});

/** `PUT /api/users/{id}`: at least one of the two. */
export const UserUpdateSchema = z
  .object({
    role: z.enum(ROLES, { error: 'validation.role.invalid' }).optional(),
    active: z.boolean({ error: 'validation.active.invalid' }).optional(),
  })
  .refine((v) => v.role !== undefined || v.active !== undefined, 'apiErrors.nothingToUpdate');

/** A one-time token from a link (base64url, as the server makes them). */
const token = z
  .string({ error: 'apiErrors.tokenInvalid' })
  .regex(/^[A-Za-z0-9_-]{20,100}$/, 'apiErrors.tokenInvalid');

export const TokenSchema = z.object({ token });

/**
 * Accepting an invitation: a username and password, and optionally a
 * display name and the account's language (the one the invitation's page
 * is shown in, so the colleague's e-mails come in it).
 */
export const AcceptInvitationSchema = RegisterSchema.extend({
  token,
  name: DisplayNameSchema.optional(),
  language: AccountLanguageSchema.optional(),
});

export const PasswordResetRequestSchema = z.object({ email: EmailSchema });

export const PasswordResetSchema = z.object({
  token,
  password: NewPasswordSchema,
});

export const EmailChangeSchema = z.object({
  email: EmailSchema,
  current_password: z
    .string({ error: 'validation.currentPassword.required' })
    .min(1, 'validation.currentPassword.required'),
});
