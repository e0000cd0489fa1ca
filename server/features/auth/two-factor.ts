import { createHash, randomInt } from 'node:crypto';
import type { TwoFactorSetup } from '#shared/auth';

/**
 * TOTP second factor (RFC 6238: 6 digits, 30 s, SHA-1, what every
 * authenticator app speaks) and one-time recovery codes. A code is accepted
 * within one step of clock drift either way, and never twice: the step of
 * the last accepted code is kept and older or equal steps are refused.
 */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
const ISSUER = 'Forge Industrial';

/** The TOTP library, loaded the first time someone uses two-factor sign-in (a faster start). */
const totp = () => import('otplib');

export async function newTotpSecret(): Promise<string> {
  return (await totp()).generateSecret();
}

/** What the authenticator app needs: the key, the otpauth URL and that URL as an SVG QR code. */
export async function setupDetails(secret: string, username: string): Promise<TwoFactorSetup> {
  const otpauth_url = (await totp()).generateURI({ issuer: ISSUER, label: username, secret });
  const { default: QRCode } = await import('qrcode');
  const svg = await QRCode.toString(otpauth_url, {
    type: 'svg',
    margin: 2,
    errorCorrectionLevel: 'M',
  });
  return {
    secret,
    otpauth_url,
    qr_code: `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`,
  };
}

/** The time step of a valid, not yet used code; null otherwise. */
export async function checkTotp(
  secret: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const result = await (
    await totp()
  ).verify({
    secret,
    token: code,
    epochTolerance: 30,
    ...(lastStep !== null && { afterTimeStep: lastStep }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Ten codes like `k7m2p-x9c4d`, about 49 bits each. */
export function newRecoveryCodes(): string[] {
  const part = () =>
    Array.from({ length: 5 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join(
      '',
    );
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => `${part()}-${part()}`);
}

/**
 * Recovery codes are random, not chosen by people, so a plain SHA-256 keeps
 * them safe at rest; spaces, hyphens and case do not matter.
 */
export function hashRecoveryCode(code: string): string {
  const normalised = code.replace(/[\s-]+/g, '').toLowerCase();
  return createHash('sha256').update(normalised).digest('hex');
}
