import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpServer, type TestSmtpServer } from '../../../tests/support/smtp-server';
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
