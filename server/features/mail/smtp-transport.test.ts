import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  closedPort,
  startSmtpServer,
  type TestSmtpServer,
} from '../../../tests/support/smtp-server';
import { classifyFailure, createSmtpTransport, smtpSecret } from './smtp-transport';

const message = {
  from: { name: 'Forge Industrial', address: 'hello@forge.example' },
  to: 'sales@forge.example',
  subject: 'Olá',
  text: 'Plain part',
  html: '<p>HTML part</p>',
  messageId: '<enquiry-mail.1.2@forge.example>',
};

describe('the SMTP transport', () => {
  const servers: TestSmtpServer[] = [];
  beforeAll(async () => {
    servers.push(
      await startSmtpServer({ starttls: true }),
      await startSmtpServer({ secure: true }),
    );
  });
  afterAll(() => Promise.all(servers.map((s) => s.close())));

  it('upgrades smtp:// with STARTTLS when the server offers it, and logs in', async () => {
    const [starttls] = servers;
    const transport = createSmtpTransport(starttls!.url);
    await transport.send(message);
    transport.close();
    const [mail] = await starttls!.waitFor(1);
    expect(mail).toMatchObject({ secure: true, user: 'mailer', subject: 'Olá' });
    expect(mail!.text).toBe('Plain part');
    expect(mail!.html).toBe('<p>HTML part</p>');
    expect(starttls!.url.startsWith('smtp://')).toBe(true);
  });

  it('speaks TLS from the start with smtps://', async () => {
    const tls = servers[1]!;
    const transport = createSmtpTransport(tls.url);
    await transport.send(message);
    transport.close();
    expect((await tls.waitFor(1))[0]).toMatchObject({ secure: true, user: 'mailer' });
  });
});

describe('classifyFailure', () => {
  const smtpError = (responseCode: number, command: string, code = 'EENVELOPE') =>
    Object.assign(new Error(`${command} failed: ${responseCode} no`), {
      responseCode,
      command,
      code,
    });

  it('is permanent for a 5xx answer to the recipient or the message', () => {
    expect(classifyFailure(smtpError(550, 'RCPT TO'))).toMatchObject({ permanent: true });
    expect(classifyFailure(smtpError(554, 'DATA', 'EMESSAGE'))).toMatchObject({ permanent: true });
  });

  it('retries a 4xx, and a 5xx to the login or sender (configuration) as the server unavailable', () => {
    expect(classifyFailure(smtpError(450, 'RCPT TO'))).toMatchObject({
      permanent: false,
      unreachable: false,
    });
    expect(classifyFailure(smtpError(421, 'CONN', 'ECONNECTION'))).toMatchObject({
      permanent: false,
      unreachable: true,
    });
    expect(classifyFailure(smtpError(535, 'AUTH PLAIN', 'EAUTH'))).toMatchObject({
      permanent: false,
      unreachable: true,
    });
    expect(classifyFailure(smtpError(553, 'MAIL FROM'))).toMatchObject({
      permanent: false,
      unreachable: true,
    });
  });

  it('retries a server that cannot be reached', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:2525'), {
      code: 'ESOCKET',
      command: 'CONN',
    });
    expect(classifyFailure(refused)).toMatchObject({
      permanent: false,
      unreachable: true,
      message: 'connect ECONNREFUSED 127.0.0.1:2525',
    });
  });

  it('never repeats the SMTP password in the message', () => {
    const leak = new Error('login as mailer:s3cret-pw failed');
    expect(classifyFailure(leak, smtpSecret('smtp://mailer:s3cret-pw@host')).message).toBe(
      'login as mailer:*** failed',
    );
    expect(smtpSecret('smtp://host:25')).toBeUndefined();
  });
});

/**
 * A failed delivery's reason as the outbox stores it and the admin words it:
 * a code and its values, never the mail library's English (real servers on
 * 127.0.0.1).
 */
describe('the reason of a failed delivery', () => {
  const fast = { connectionMs: 500, greetingMs: 500, socketMs: 500 };
  /** What `url`'s server made of sending `to`, classified as the worker does. */
  async function failureOf(url: string, to = 'sales@forge.example') {
    const transport = createSmtpTransport(url, fast);
    try {
      await transport.send({ ...message, to });
    } catch (error) {
      return classifyFailure(error, smtpSecret(url));
    } finally {
      transport.close();
    }
    throw new Error('the message was accepted');
  }

  it('names a refused recipient with its address and the server’s code', async () => {
    const smtp = await startSmtpServer({
      rejectRecipients: new Map([['gone@forge.example', 550]]),
    });
    try {
      expect((await failureOf(smtp.url, 'gone@forge.example')).error).toEqual({
        code: 'recipient',
        values: { status: 550, address: 'gone@forge.example' },
      });
    } finally {
      await smtp.close();
    }
  });

  it('says the login was refused, without the password', async () => {
    const smtp = await startSmtpServer({ refuseLogin: true });
    try {
      const failure = await failureOf(smtp.url);
      expect(failure.error).toEqual({ code: 'auth', values: {} });
      expect(JSON.stringify(failure.error)).not.toContain('secret-pass-123');
    } finally {
      await smtp.close();
    }
  });

  it('gives the system’s code when nothing listens, and says when nothing answers', async () => {
    const port = await closedPort();
    expect((await failureOf(`smtp://127.0.0.1:${port}/`)).error).toEqual({
      code: 'connection',
      values: { detail: 'ECONNREFUSED' },
    });
    const silent = createServer(() => undefined);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const { port: quiet } = silent.address() as AddressInfo;
      expect((await failureOf(`smtp://127.0.0.1:${quiet}/`)).error).toEqual({
        code: 'timeout',
        values: {},
      });
    } finally {
      silent.close();
    }
  });
});
