// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { WebhookDelivery } from '#shared/webhooks';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { WebhookDeliveries } from './WebhookDeliveries';

quietToasts();

const call = (over: Partial<WebhookDelivery>): WebhookDelivery => ({
  id: 1,
  contact_id: 12,
  url: 'https://crm.example.com/hook',
  status: 'sent',
  attempts: 1,
  last_error: null,
  created_at: '2026-11-27T10:00:00.000Z',
  sent_at: '2026-11-27T10:00:01.000Z',
  next_attempt_at: null,
  ...over,
});

describe('WebhookDeliveries', () => {
  it('lists the latest calls with their state, attempts and last error', async () => {
    stubModelApi(({ url }) =>
      url === '/api/webhooks/deliveries'
        ? json(200, {
            data: [
              call({
                id: 3,
                contact_id: 14,
                status: 'failed',
                attempts: 8,
                last_error: { code: 'http', values: { status: 500 } },
              }),
              call({
                id: 2,
                contact_id: null,
                status: 'pending',
                attempts: 2,
                last_error: { code: 'timeout', values: { seconds: 10 } },
                next_attempt_at: new Date(Date.now() + 5 * 60_000).toISOString(),
              }),
              call({}),
            ],
          })
        : undefined,
    );
    renderAdmin(<WebhookDeliveries />);
    const table = await screen.findByRole('table', {
      name: 'The latest calls of the webhook and how they went',
    });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringMatching(/^#14.*Failed8The receiver answered HTTP 500$/),
      expect.stringMatching(
        /^–.*Waiting to be sentNext try in 5 minutes2No answer within 10 seconds$/,
      ),
      expect.stringMatching(/^#12.*Delivered1$/),
    ]);
  });

  it('says why calls failed in the admin’s language; an error stored as text stays as it is', async () => {
    stubModelApi(({ url }) =>
      url === '/api/webhooks/deliveries'
        ? json(200, {
            data: [
              call({
                id: 6,
                status: 'failed',
                last_error: { code: 'address-https', values: {} },
              }),
              call({
                id: 5,
                status: 'failed',
                last_error: { code: 'private-host', values: { host: 'crm.example.com' } },
              }),
              call({
                id: 4,
                status: 'cancelled',
                attempts: 3,
                last_error: { code: 'http', values: { status: 503 } },
              }),
              call({
                id: 3,
                status: 'pending',
                attempts: 2,
                last_error: { code: 'timeout', values: { seconds: 0.5 } },
                next_attempt_at: new Date(Date.now() + 5 * 60_000).toISOString(),
              }),
              call({
                id: 2,
                status: 'pending',
                last_error: { code: 'connection', values: { detail: 'ECONNREFUSED' } },
                next_attempt_at: new Date(Date.now() + 60_000).toISOString(),
              }),
              call({
                id: 1,
                status: 'failed',
                last_error: { code: null, text: 'the receiver answered HTTP 404' },
              }),
            ],
          })
        : undefined,
    );
    renderAdmin(<WebhookDeliveries />, { language: 'de' });
    const table = await screen.findByTestId('webhook-deliveries');
    const detail = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((r) => r.lastElementChild!.textContent);
    expect(detail).toEqual([
      'Abgelehnt: Die Webhook-Adresse muss mit https:// beginnen',
      'Abgelehnt: crm.example.com verweist auf eine private, Loopback- oder Link-Local-Adresse, die die Serverkonfiguration nicht zulässt (WEBHOOK_ALLOW_PRIVATE)',
      'Der Empfänger antwortete mit HTTP 503',
      'Keine Antwort innerhalb von 0,5 Sekunden',
      'Die Verbindung ist fehlgeschlagen (ECONNREFUSED)',
      'the receiver answered HTTP 404',
    ]);
    expect(within(table).getByText('Abgebrochen: Die Webhook-Adresse wurde entfernt')).toBeTruthy();
  });

  it('says when the webhook has not been called yet', async () => {
    stubModelApi(({ url }) =>
      url === '/api/webhooks/deliveries' ? json(200, { data: [] }) : undefined,
    );
    renderAdmin(<WebhookDeliveries />);
    expect(await screen.findByText('No enquiry has been sent to the webhook yet.')).toBeTruthy();
  });
});
