// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DEFAULT_SETTINGS, type Settings } from '#shared/settings';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { SettingsForm } from './SettingsForm';

quietToasts();

const saved: Settings = { ...DEFAULT_SETTINGS, alert_emails_en: ['a@example.com'] };
const box = () => document.getElementById('setting-alert_emails_en') as HTMLTextAreaElement;
const type = (value: string) => fireEvent.change(box(), { target: { value } });

describe('SettingField, a list', () => {
  it('keeps a new line typed at the end, and the next item goes on it', async () => {
    const calls = stubModelApi(({ method, body }) =>
      method === 'PUT' ? json(200, { data: { ...saved, ...body } }) : undefined,
    );
    renderAdmin(<SettingsForm saved={saved} profile={undefined} />);
    expect(box().value).toBe('a@example.com');

    type('a@example.com\n');
    expect(box().value).toBe('a@example.com\n');
    type('a@example.com\nb@example.com');
    expect(box().value).toBe('a@example.com\nb@example.com');

    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    await screen.findByRole('button', { name: 'Save settings' });
    const put = calls.find((c) => c.method === 'PUT');
    expect(put?.body).toEqual({ alert_emails_en: ['a@example.com', 'b@example.com'] });
  });

  it('shows blank lines and spaces as typed, and counts only the items as a change', () => {
    stubModelApi();
    renderAdmin(<SettingsForm saved={saved} profile={undefined} />);

    type('  a@example.com\n\n');
    expect(box().value).toBe('  a@example.com\n\n');
    expect(screen.getByText('Nothing has changed yet.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Save settings' })).toHaveProperty('disabled', true);
  });

  it("shows the server's message for a refused list under the field", async () => {
    stubModelApi(({ method }) =>
      method === 'PUT'
        ? json(400, {
            error: 'Invalid',
            details: { alert_emails_en: 'Write one valid e-mail address per line' },
          })
        : undefined,
    );
    renderAdmin(<SettingsForm saved={saved} profile={undefined} />);

    type('a@example.com\nnot an address');
    fireEvent.click(screen.getByRole('button', { name: 'Save settings' }));
    const error = await screen.findByText('Write one valid e-mail address per line');
    expect(error.id).toBe('setting-alert_emails_en-error');
    expect(box().value).toBe('a@example.com\nnot an address');
    expect(box().getAttribute('aria-invalid')).toBe('true');
  });
});
