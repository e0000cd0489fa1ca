import { z } from 'zod';
import './zod-setup';
import { isCommonPassword } from './common-passwords';
import { LANGUAGES, type Language } from './languages';
import type { Role } from './roles';
import { CONTROL_CHARACTERS_KEY, cleanText, hasForbiddenCharacters } from './text';

/**
 * The signed-in user as sign-in (the password and the second step,
 * registration, an accepted invitation) and the profile give it;
 * `is_admin`: any staff role. `name`: the display name replies are signed
 * with; `language`: the one the account reads its e-mails and the admin in
 * (each null when the account has none, and absent from the answers of a
 * server older than them: the desktop app may talk to one).
 */
export type User = {
  username: string;
  name?: string | null;
  language?: Language | null;
  is_admin: boolean;
  role: Role;
};

/**
 * The reason code (`code`) of the 401 a session's own holder gets once its
 * account was deactivated or deleted: the client forgets what it kept of
 * the account's work on the machine. Nobody else can get it (it answers a
 * session cookie that was signed in as the account), so it tells a
 * stranger nothing about which accounts exist.
 */
export const ACCOUNT_CLOSED = 'account_closed';

const field = (key: string) =>
  z.preprocess((v) => (v === undefined || v === null ? '' : v), z.string({ error: key }));

export const LoginSchema = z.object({
  username: field('validation.login.required').pipe(
    z.string().trim().min(1, 'validation.login.required'),
  ),
  password: field('validation.login.required').pipe(z.string().min(1, 'validation.login.required')),
});

export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,50}$/;
export const PASSWORD_MIN_LENGTH = 10;

const username = field('validation.username.format').pipe(
  z.string().trim().regex(USERNAME_PATTERN, 'validation.username.format'),
);
/**
 * A password someone chooses (registration, the account page, the admin
 * CLI; invitations and resets too): 10 to 200 characters, none of them
 * control characters, and not one of the common ones attackers try first
 * (common-passwords.ts).
 */
export const NewPasswordSchema = field('validation.password.min').pipe(
  z
    .string()
    .min(PASSWORD_MIN_LENGTH, 'validation.password.min')
    .max(200, 'validation.password.max')
    .refine((v) => !hasForbiddenCharacters(v, 'single-line'), CONTROL_CHARACTERS_KEY)
    .refine(
      (v) => v.length < PASSWORD_MIN_LENGTH || !isCommonPassword(v),
      'validation.password.common',
    ),
);
const password = NewPasswordSchema;

export const RegisterSchema = z.object({ username, password });

export const DISPLAY_NAME_MAX_LENGTH = 80;

/**
 * A colleague's display name ("Joana Silva"), which signs their replies to
 * enquiries: trimmed, 1 to 80 characters on one line. Empty, blank or null
 * clears it (null): the username signs instead.
 */
export const DisplayNameSchema = cleanText('single-line', 'validation.displayName.invalid')
  .pipe(z.string().max(DISPLAY_NAME_MAX_LENGTH, 'validation.displayName.max'))
  .transform((v) => (v === '' ? null : v));

/**
 * The language an account reads the site's e-mails to it and the admin in
 * (`en`, `pt`, `de`); null: none chosen, its e-mails go out in the staff's
 * language (or the acting admin's) as before.
 */
export const AccountLanguageSchema = z
  .enum(LANGUAGES, { error: 'validation.language.invalid' })
  .nullable();

/**
 * `PUT /api/auth/profile`: any of a new username, password, display name
 * and language. The username and the password are how the account signs
 * in, so changing either needs the current password; the display name and
 * the language only say how the account is shown and written to and grant
 * nothing, so they do not (a current password sent along is checked all
 * the same).
 */
export const ProfileUpdateSchema = z
  .object({
    username: username.optional(),
    password: password.optional(),
    name: DisplayNameSchema.optional(),
    language: AccountLanguageSchema.optional(),
    current_password: z.string({ error: 'validation.currentPassword.required' }).optional(),
  })
  .refine((v) => (v.username === undefined && v.password === undefined) || !!v.current_password, {
    path: ['current_password'],
    message: 'validation.currentPassword.required',
    // Said beside the other fields' problems, not only once they are right.
    when: ({ value }) => typeof value === 'object' && value !== null,
  });

/**
 * `GET /api/auth/profile`: the user, whether their sign-in asks for a second
 * factor, and whether they must set one up before anything else (the site
 * requires two-factor sign-in of every staff account).
 */
export type Profile = {
  user: User;
  two_factor_enabled: boolean;
  two_factor_setup_required: boolean;
  /** The confirmed address (password resets go there), and one waiting for its confirmation. */
  email: string | null;
  pending_email: string | null;
  /**
   * Only when this is the account the server's ADMIN_USERNAME names (as
   * `GET /api/users` flags it): renamed or deleted, the next start creates
   * an admin of that name again.
   */
  startup_account?: true;
};

/** `POST /api/auth/login` when the account has two-factor sign-in on: no session yet. */
export type TwoFactorChallenge = { two_factor_required: true };

/**
 * The name the session list stores for the desktop app (Electron) where
 * others have a browser's ("Desktop app · Windows"): a word, unlike a
 * browser's name, so the admin shows it in the reader's language.
 */
export const DESKTOP_APP_DEVICE = 'Desktop app';

/** One signed-in session in `GET /api/auth/sessions` (`id` is a handle, never the session id). */
export type ActiveSession = {
  id: string;
  /** "Firefox · Linux", "Desktop app · Windows"; empty when the browser is not recognised. */
  device: string;
  address: string;
  last_seen: string;
  created_at: string;
  current: boolean;
};

/** `POST /api/auth/2fa/setup`: what the authenticator app needs; not active until confirmed. */
export type TwoFactorSetup = {
  secret: string;
  otpauth_url: string;
  /** The otpauth URL as a QR code, an `image/svg+xml` data: URL. */
  qr_code: string;
};

/** A six-digit authenticator code, or a recovery code such as `k7m2p-x9c4d` (spaces ignored). */
export const TWO_FACTOR_CODE_PATTERN = /^(\d{6}|[a-z0-9]{5}-?[a-z0-9]{5})$/;

const code = field('validation.twoFactorCode.required').pipe(
  z
    .string()
    .transform((v) => v.replace(/\s+/g, '').toLowerCase())
    .pipe(
      z
        .string()
        .min(1, 'validation.twoFactorCode.required')
        .regex(TWO_FACTOR_CODE_PATTERN, 'validation.twoFactorCode.format'),
    ),
);

const currentPassword = field('validation.currentPassword.required').pipe(
  z.string().min(1, 'validation.currentPassword.required'),
);

export const TwoFactorCodeSchema = z.object({ code });
export const TwoFactorSetupSchema = z.object({ password: currentPassword });
/**
 * The password and a current code (from the app, or a recovery code): what
 * turning two-factor sign-in off, moving it to a new device and new
 * recovery codes each ask for.
 */
export const TwoFactorProofSchema = z.object({ password: currentPassword, code });
export const TwoFactorDisableSchema = TwoFactorProofSchema;
/**
 * Moving to a new device: the password and a current code, but the code
 * may be left out when the session asks again for the move it started
 * (`move_pending` in the status); otherwise it is required as in the proof.
 */
export const TwoFactorMoveSchema = z.object({ password: currentPassword, code: code.optional() });

/** With this many unused recovery codes or fewer, the account page warns. */
export const RECOVERY_CODES_LOW = 3;

/**
 * `GET /api/auth/2fa`: whether the account signs in with a second factor,
 * its unused recovery codes, and whether this session started a move to a
 * new device that it may still ask for again with the password alone.
 */
export type TwoFactorStatus = {
  enabled: boolean;
  recovery_codes_left: number;
  move_pending: boolean;
};
