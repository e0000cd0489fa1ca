// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { MailStatus } from '#shared/mail-status';
import { renderAdmin } from '../../../test/render';
import { MailStatusNotice } from './MailStatusNotice';

afterEach(cleanup);

const healthy: MailStatus = {
  enabled: true,
  auto_reply: true,
  notify: 2,
  alert_recipients: { en: 2, pt: 2, de: 2 },
  pending: 0,
  failed: 0,
  cancelled: 0,
  cancel_reasons: { 'recipient-deleted': 0, 'recipient-deactivated': 0, 'recipient-role': 0 },
  last_failure: null,
  last_delivery_at: '2026-11-22T10:00:00.000Z',
  failing: false,
};

const NO_ALERTS = { en: 0, pt: 0, de: 0 };

describe('MailStatusNotice', () => {
  it('says e-mail is off and what to set', () => {
    renderAdmin(
      <MailStatusNotice
        status={{ ...healthy, enabled: false, notify: 0, alert_recipients: NO_ALERTS }}
      />,
    );
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain('E-mail is off');
    expect(notice.textContent).toContain('SMTP_URL');
  });

  it('says the last delivery failed, with the error and what waits, as an alert', () => {
    renderAdmin(
      <MailStatusNotice
        status={{
          ...healthy,
          pending: 3,
          failing: true,
          last_failure: {
            at: '2026-11-22T11:00:00.000Z',
            error: { code: 'connection', values: { detail: 'ECONNREFUSED' } },
            message: 'The mail server could not be reached or closed the connection: ECONNREFUSED',
          },
        }}
      />,
      { language: 'de' },
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Letzte Zustellung fehlgeschlagen: Der Mailserver war nicht erreichbar oder hat die Verbindung getrennt: ECONNREFUSED (3 ausstehend)',
    );
  });

  it.each([
    [
      'pt',
      { code: 'recipient', values: { status: 550, address: 'vendas@forge.example' } },
      'O servidor de correio recusou o endereço vendas@forge.example com o código 550',
    ],
    [
      'de',
      { code: 'auth', values: {} },
      'Der Mailserver hat die Anmeldung abgelehnt: Prüfen Sie Benutzername und Passwort in SMTP_URL',
    ],
    ['en', { code: null, text: 'Invalid login: 535 no' }, 'Invalid login: 535 no'],
  ] as const)(
    'words the failure in the admin’s language (%s); one stored as text stays as it is',
    (language, error, shown) => {
      renderAdmin(
        <MailStatusNotice
          status={{
            ...healthy,
            failing: true,
            last_failure: { at: '2026-11-22T11:00:00.000Z', error, message: 'ignored' },
          }}
        />,
        { language },
      );
      expect(screen.getByRole('alert').textContent).toContain(shown);
    },
  );

  it('shows the text of a server that sends no error code (a desktop app newer than it)', () => {
    const older = { at: '2026-11-22T11:00:00.000Z', message: 'connect ECONNREFUSED' };
    renderAdmin(
      <MailStatusNotice
        status={{
          ...healthy,
          failing: true,
          last_failure: older as unknown as MailStatus['last_failure'],
        }}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Last delivery failed: connect ECONNREFUSED',
    );
  });

  it('an old failure followed by deliveries is no news', () => {
    const { container } = renderAdmin(
      <MailStatusNotice
        status={{
          ...healthy,
          failed: 1,
          last_failure: {
            at: '2026-11-22T09:00:00.000Z',
            error: { code: 'recipient', values: { status: 550, address: 'a@forge.example' } },
            message: 'The mail server refused the address a@forge.example with code 550',
          },
        }}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it.each([
    ['en', 'Last message refused for good: The mail server refused the address', 'not sent again'],
    ['pt', 'Última mensagem recusada definitivamente: O servidor de correio', 'não volta a ser'],
    ['de', 'Letzte Nachricht endgültig abgelehnt: Der Mailserver hat die Adresse', 'nicht erneut'],
  ] as const)(
    'a message refused for good is a quiet notice that promises no retry, not an alarm (%s)',
    (language, title, noRetry) => {
      renderAdmin(
        <MailStatusNotice
          status={{
            ...healthy,
            failed: 1,
            refused: true,
            last_failure: {
              at: '2026-11-22T11:00:00.000Z',
              error: { code: 'recipient', values: { status: 550, address: 'jane@exmaple.com' } },
              message: 'The mail server refused the address jane@exmaple.com with code 550',
            },
          }}
        />,
        { language },
      );
      expect(screen.queryByRole('alert')).toBeNull();
      const notice = screen.getByRole('status').textContent;
      expect(notice).toContain(title);
      expect(notice).toContain('jane@exmaple.com');
      expect(notice).toContain(noRetry);
      expect(notice).not.toMatch(/retried|tentadas de novo|erneut gesendet, bis/);
    },
  );

  it('warns when no staff address gets alerts', () => {
    renderAdmin(
      <MailStatusNotice status={{ ...healthy, notify: 0, alert_recipients: NO_ALERTS }} />,
    );
    expect(screen.getByRole('status').textContent).toContain(
      'No staff address receives enquiry alerts',
    );
  });

  it('is quiet without NOTIFY_EMAIL when the alert list of every language names someone', () => {
    const { container } = renderAdmin(
      <MailStatusNotice
        status={{ ...healthy, notify: 0, alert_recipients: { en: 1, pt: 2, de: 1 } }}
      />,
    );
    expect(container.textContent).toBe('');
  });

  it.each([
    ['en', 'No staff address receives alerts for enquiries in Portuguese and German'],
    ['pt', 'Nenhum endereço da equipa recebe alertas de pedidos em português e alemão'],
    ['de', 'Keine Teamadresse erhält Benachrichtigungen zu Anfragen auf Portugiesisch und Deutsch'],
  ] as const)(
    'names the languages whose alerts reach nobody, when others reach someone (%s)',
    (language, title) => {
      renderAdmin(
        <MailStatusNotice
          status={{ ...healthy, notify: 0, alert_recipients: { en: 1, pt: 0, de: 0 } }}
        />,
        { language },
      );
      const notice = screen.getByRole('status').textContent;
      expect(notice).toContain(title);
      expect(notice).toContain('NOTIFY_EMAIL');
    },
  );

  it('goes by NOTIFY_EMAIL alone with a server that does not count per language', () => {
    const { alert_recipients: _, ...older } = healthy;
    const { container } = renderAdmin(<MailStatusNotice status={older as MailStatus} />);
    expect(container.textContent).toBe('');
    renderAdmin(<MailStatusNotice status={{ ...(older as MailStatus), notify: 0 }} />);
    expect(screen.getByRole('status').textContent).toContain(
      'No staff address receives enquiry alerts',
    );
  });

  it('shows nothing before the status is known', () => {
    const { container } = renderAdmin(<MailStatusNotice status={undefined} />);
    expect(container.textContent).toBe('');
  });
});
