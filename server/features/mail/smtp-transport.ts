import type { Transporter } from 'nodemailer';
import type { MailError } from '#shared/mail-status';
import type { Mailbox } from '../../mailbox';
import type { MailContent } from './outbox.repo';

/** One message as the worker hands it over. */
export type Envelope = MailContent & { from: Mailbox; to: string; messageId: string };

export type MailTransport = {
  send(message: Envelope): Promise<void>;
  close(): void;
};

/** How long each step of one delivery may take, so a stuck server never holds the worker. */
export type SmtpTimeouts = { connectionMs: number; greetingMs: number; socketMs: number };
export const DEFAULT_SMTP_TIMEOUTS: SmtpTimeouts = {
  connectionMs: 15_000,
  greetingMs: 15_000,
  socketMs: 30_000,
};

/**
 * nodemailer over SMTP_URL: `smtp://` upgrades with STARTTLS whenever the
 * server offers it, `smtps://` speaks TLS from the start; credentials in the
 * URL are used for AUTH. Messages name no files or URLs to fetch.
 */
export function createSmtpTransport(url: string, timeouts = DEFAULT_SMTP_TIMEOUTS): MailTransport {
  // nodemailer is loaded with the first message, not at start: a faster start, and none without mail.
  let transporter: Promise<Transporter> | undefined;
  const connect = () =>
    (transporter ??= import('nodemailer').then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url,
        connectionTimeout: timeouts.connectionMs,
        greetingTimeout: timeouts.greetingMs,
        socketTimeout: timeouts.socketMs,
        disableFileAccess: true,
        disableUrlAccess: true,
      }),
    ));
  return {
    async send(message) {
      await (
        await connect()
      ).sendMail({
        from: message.from,
        to: message.to,
        ...(message.replyTo && { replyTo: message.replyTo }),
        subject: message.subject,
        text: message.text,
        html: message.html,
        messageId: message.messageId,
        headers: message.headers,
      });
    },
    close: () => void transporter?.then((t) => t.close()),
  };
}

export type DeliveryFailure = {
  /** True when retrying cannot help this message (a 5xx for its recipient or content). */
  permanent: boolean;
  /** True when the server itself could not be reached or refused the session. */
  unreachable: boolean;
  /** For the log: the error's own (English) text, the SMTP password masked. */
  message: string;
  /** For the outbox row and the admin: a code and its values, worded in the reader's language. */
  error: MailError;
};

/** SMTP commands whose 5xx answer is about this one message. */
const MESSAGE_COMMANDS = new Set(['RCPT TO', 'DATA']);

/** nodemailer's codes for a connection that failed or was lost. */
const CONNECTION_CODES = new Set(['ECONNECTION', 'ESOCKET']);

/** A system error code of TLS (OpenSSL's, or Node's for a certificate). */
const isTlsCode = (code: string) =>
  /^(ERR_SSL_|ERR_TLS_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_)/.test(code);

type SmtpError = {
  responseCode?: number;
  command?: string;
  code?: string;
  originalCode?: string;
  hostname?: string;
  rejected?: unknown;
};

/**
 * What a failed delivery's error says, as a code and its values: the
 * server's answer to a command (the login, the sender, the recipient, the
 * message, or another), else the connection's trouble (not found, TLS,
 * no answer in time, refused or lost), else the error's text.
 */
function reasonOf(e: SmtpError, status: number | undefined, message: string): MailError {
  const command = e.command ?? '';
  const system = e.originalCode ?? e.code ?? '';
  if (e.code === 'EAUTH' || e.code === 'ENOAUTH') return { code: 'auth', values: {} };
  if (status !== undefined) {
    if (command === 'MAIL FROM') return { code: 'sender', values: { status } };
    if (command === 'RCPT TO') {
      const [address] = Array.isArray(e.rejected) ? e.rejected : [];
      return { code: 'recipient', values: { status, address: String(address ?? '') } };
    }
    if (command === 'DATA') return { code: 'message', values: { status } };
    return { code: 'server', values: { status, command } };
  }
  if (e.code === 'EDNS') return { code: 'dns', values: { host: String(e.hostname ?? '') } };
  if (e.code === 'ETLS' || isTlsCode(system)) return { code: 'tls', values: { detail: system } };
  if (e.code === 'ETIMEDOUT') return { code: 'timeout', values: {} };
  if (CONNECTION_CODES.has(e.code ?? '')) return { code: 'connection', values: { detail: system } };
  return { code: 'other', values: { detail: message } };
}

/**
 * Sorts a failed delivery. A 5xx answer to the recipient or the data is
 * permanent for that message. Everything else is retried: no answer at all
 * (down, timeout, TLS), a 4xx, and also a 5xx to the connection, the login
 * or the sender, which is the server's configuration rather than the
 * message and would otherwise lose every message until it is fixed.
 */
export function classifyFailure(error: unknown, secret?: string): DeliveryFailure {
  const e = (error ?? {}) as SmtpError & { message?: string };
  const code = typeof e.responseCode === 'number' ? e.responseCode : undefined;
  const permanent =
    (code !== undefined && code >= 500 && MESSAGE_COMMANDS.has(e.command ?? '')) ||
    (e.code === 'EENVELOPE' && e.command === 'API');
  const unreachable = !permanent && !MESSAGE_COMMANDS.has(e.command ?? '');
  let text = String(e.message ?? error)
    .replace(/\s+/g, ' ')
    .trim();
  if (secret) text = text.split(secret).join('***');
  const message = text.slice(0, 500) || 'Unknown error';
  return { permanent, unreachable, message, error: reasonOf(e, code, message) };
}

/** The password of an SMTP URL, to keep it out of anything shown or logged. */
export function smtpSecret(url: string): string | undefined {
  try {
    const password = decodeURIComponent(new URL(url).password);
    return password.length >= 3 ? password : undefined;
  } catch {
    return undefined;
  }
}
