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
          last_failure: { at: '2026-11-22T11:00:00.000Z', message: 'connect ECONNREFUSED' },
        }}
      />,
      { language: 'de' },
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Letzte Zustellung fehlgeschlagen: connect ECONNREFUSED (3 ausstehend)',
    );
  });

  it('an old failure followed by deliveries is no news', () => {
    const { container } = renderAdmin(
      <MailStatusNotice
        status={{
          ...healthy,
          failed: 1,
          last_failure: { at: '2026-11-22T09:00:00.000Z', message: '550 No such user' },
        }}
      />,
    );
    expect(container.textContent).toBe('');
  });

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
