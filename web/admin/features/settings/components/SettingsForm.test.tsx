// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '#shared/settings';
import { held, json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { leavingIsQuestioned } from '../../../test/leave';
import { renderAdmin } from '../../../test/render';
import { settingsKeys, useSettingsQuery } from '../api/settings.queries';
import { SettingsForm } from './SettingsForm';
import { WebhookDeliveries } from './WebhookDeliveries';

quietToasts();

/** The settings screen's form, fed by the settings query as on the page. */
function Page() {
  const settings = useSettingsQuery();
  return settings.data ? <SettingsForm saved={settings.data} profile={undefined} /> : null;
}

/**
 * The settings API over `stored`: GET answers it, PUT merges the body in
 * (after `hold`, when given) and answers it. Every request is recorded.
 */
function settingsApi(stored: Settings, hold?: Promise<unknown>) {
  return stubModelApi(({ method, url, body }) => {
    if (url !== '/api/settings') return undefined;
    if (method !== 'PUT') return json(200, { data: { ...stored } });
    return (async () => {
      await hold;
      Object.assign(stored, body);
      return json(200, { data: { ...stored } });
    })();
  });
}

const field = (key: string) => document.getElementById(`setting-${key}`) as HTMLInputElement;
const saveButton = () => screen.getByRole('button', { name: /^Save settings$|^Saving/ });
const puts = (calls: ReturnType<typeof settingsApi>) =>
  calls.filter((c) => c.method === 'PUT').map((c) => c.body);

async function open(stored: Settings) {
  const view = renderAdmin(<Page />);
  await screen.findByText('Nothing has changed yet.');
  /** A colleague saves `over`; the settings are fetched again in the background. */
  const colleagueSaves = async (over: Partial<Settings>) => {
    Object.assign(stored, over);
    await act(async () => {
      await view.queryClient.invalidateQueries({ queryKey: settingsKeys.all });
      // The query tells its observers on the next tick.
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  };
  return { ...view, colleagueSaves };
}

describe('SettingsForm', () => {
  it('asks before a reload or closing the window loses unsaved settings, not once saved', async () => {
    const stored: Settings = { ...DEFAULT_SETTINGS, webhook_url: '' };
    settingsApi(stored);
    await open(stored);
    expect(leavingIsQuestioned()).toBe(false);
    fireEvent.change(field('webhook_url'), { target: { value: 'https://crm.example.com/a' } });
    expect(leavingIsQuestioned()).toBe(true);
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText('Nothing has changed yet.')).toBeTruthy());
    expect(leavingIsQuestioned()).toBe(false);
  });

  it("follows a colleague's newer save and does not count the old value as a change", async () => {
    const stored: Settings = { ...DEFAULT_SETTINGS, spam_retention_days: 30 };
    settingsApi(stored);
    const { colleagueSaves } = await open(stored);

    await colleagueSaves({ spam_retention_days: 90, alert_emails_de: ['b@example.com'] });

    expect(field('spam_retention_days').value).toBe('90');
    expect(field('alert_emails_de').value).toBe('b@example.com');
    expect(screen.getByText('Nothing has changed yet.')).toBeTruthy();
    expect(saveButton()).toHaveProperty('disabled', true);
  });

  it("sends only what the admin changed and keeps it over a colleague's save", async () => {
    const stored: Settings = { ...DEFAULT_SETTINGS, spam_retention_days: 30, webhook_url: '' };
    const calls = settingsApi(stored);
    const { colleagueSaves } = await open(stored);

    fireEvent.change(field('webhook_url'), { target: { value: 'https://crm.example.com/a' } });
    await colleagueSaves({ spam_retention_days: 90, webhook_url: 'https://crm.example.com/b' });

    expect(field('webhook_url').value).toBe('https://crm.example.com/a');
    expect(field('spam_retention_days').value).toBe('90');
    fireEvent.click(saveButton());
    await waitFor(() => expect(screen.getByText('Nothing has changed yet.')).toBeTruthy());
    expect(puts(calls)).toEqual([{ webhook_url: 'https://crm.example.com/a' }]);
    expect(stored.spam_retention_days).toBe(90);
  });

  it('keeps what is typed while a save is on its way', async () => {
    const stored: Settings = { ...DEFAULT_SETTINGS, spam_retention_days: 30, webhook_url: '' };
    const answer = held<void>();
    const calls = settingsApi(stored, answer.promise);
    await open(stored);

    fireEvent.change(field('spam_retention_days'), { target: { value: '60' } });
    fireEvent.click(saveButton());
    await screen.findByRole('button', { name: 'Saving...' });
    fireEvent.change(field('webhook_url'), { target: { value: 'https://crm.example.com/a' } });
    fireEvent.change(field('spam_retention_days'), { target: { value: '61' } });
    answer.release();
    await screen.findByRole('button', { name: 'Save settings' });

    expect(puts(calls)).toEqual([{ spam_retention_days: 60 }]);
    expect(field('webhook_url').value).toBe('https://crm.example.com/a');
    expect(field('spam_retention_days').value).toBe('61');
    expect(screen.queryByText('Nothing has changed yet.')).toBeNull();

    fireEvent.click(saveButton());
    await waitFor(() => expect(puts(calls)).toHaveLength(2));
    expect(puts(calls)[1]).toEqual({
      spam_retention_days: 61,
      webhook_url: 'https://crm.example.com/a',
    });
  });

  it('lists the webhook calls again once saved: a cleared address shows them cancelled at once', async () => {
    const stored: Settings = { ...DEFAULT_SETTINGS, webhook_url: 'https://crm.example.com/a' };
    const calls = stubModelApi(({ method, url, body }) => {
      if (url === '/api/webhooks/deliveries') {
        // The server cancels the waiting call in the save that clears the address.
        const status = stored.webhook_url === '' ? 'cancelled' : 'pending';
        return json(200, {
          data: [
            {
              id: 1,
              contact_id: 12,
              url: 'https://crm.example.com/a',
              status,
              attempts: 1,
              last_error: { code: 'http', values: { status: 503 } },
              created_at: new Date().toISOString(),
              sent_at: null,
              next_attempt_at:
                status === 'pending' ? new Date(Date.now() + 60_000).toISOString() : null,
            },
          ],
        });
      }
      if (url !== '/api/settings') return undefined;
      if (method === 'PUT') Object.assign(stored, body);
      return json(200, { data: { ...stored } });
    });
    renderAdmin(
      <>
        <Page />
        <WebhookDeliveries />
      </>,
    );
    await screen.findByText('Waiting to be sent');

    fireEvent.change(field('webhook_url'), { target: { value: '' } });
    fireEvent.click(saveButton());
    await screen.findByText('Cancelled: the webhook address was removed');
    expect(calls.filter((c) => c.url === '/api/webhooks/deliveries')).toHaveLength(2);
  });
});
