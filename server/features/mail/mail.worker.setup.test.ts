import { Writable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { parseConfig } from '../../config';
import { createLogger } from '../../logger';
import { logMailSetup } from './mail.worker';

/** What logMailSetup says at start for these settings: its warnings' messages. */
function warningsFor(env: Record<string, string>): string[] {
  const lines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const config = parseConfig({ NODE_ENV: 'test', DATA_DIR: '/tmp/unused', ...env });
  logMailSetup(config, createLogger({ logLevel: 'info' }, sink));
  return lines
    .map((line) => JSON.parse(line) as { level: number; msg: string })
    .filter((line) => line.level === 40)
    .map((line) => line.msg);
}

const MAIL = {
  PORT: '8080',
  SMTP_URL: 'smtp://mail.example.com:587',
  MAIL_FROM: 'Forge Industrial <hello@forge.example>',
  NOTIFY_EMAIL: 'sales@forge.example',
};

describe('the e-mail set-up at start', () => {
  it('warns without PUBLIC_URL where links point: localhost for enquiries and resets, the Host for the rest', () => {
    const [warning, ...more] = warningsFor(MAIL);
    expect(more).toEqual([]);
    expect(warning).toMatch(/^SMTP_URL is set without PUBLIC_URL: /);
    // Enquiry alerts, auto-replies and replies are built from this server's own address.
    expect(warning).toContain('enquiry e-mails point to http://localhost:8080');
    // Invitations and address confirmations follow the Host of the signed-in request; a
    // password reset, which anyone may ask for with any Host, names this machine.
    expect(warning).toMatch(/invitations and address confirmations follow the Host/);
    expect(warning).toMatch(/password-reset links name this machine/);
    expect(warning).toMatch(/set PUBLIC_URL/);
  });

  it('says nothing of links with PUBLIC_URL set', () => {
    expect(warningsFor({ ...MAIL, PUBLIC_URL: 'https://www.forge.example' })).toEqual([]);
  });
});
