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
                last_error: 'HTTP 500',
              }),
              call({
                id: 2,
                contact_id: null,
                status: 'pending',
                attempts: 2,
                last_error: 'No answer',
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
      expect.stringMatching(/^#14.*Failed8HTTP 500$/),
      expect.stringMatching(/^–.*Waiting to be sentNext try in 5 minutes2No answer$/),
      expect.stringMatching(/^#12.*Delivered1$/),
    ]);
  });

  it('says when the webhook has not been called yet', async () => {
    stubModelApi(({ url }) =>
      url === '/api/webhooks/deliveries' ? json(200, { data: [] }) : undefined,
    );
    renderAdmin(<WebhookDeliveries />);
    expect(await screen.findByText('No enquiry has been sent to the webhook yet.')).toBeTruthy();
  });
});
