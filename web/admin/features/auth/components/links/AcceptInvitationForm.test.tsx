// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, stubModelApi } from '../../../../test/llm-api';
import { quietToasts } from '../../../../test/quiet-toasts';
import { renderAdmin } from '../../../../test/render';
import { AcceptInvitationForm } from './AcceptInvitationForm';

quietToasts();

const TOKEN = 'a'.repeat(43);

const LABELS = {
  en: ['Username', 'Your name (optional)', 'New password', 'Repeat the new password'],
  de: ['Benutzername', 'Ihr Name (optional)', 'Neues Passwort', 'Neues Passwort wiederholen'],
};
const SUBMIT = { en: 'Create my account', de: 'Mein Konto anlegen' };

function fill(name: string, language: 'en' | 'de' = 'en') {
  const type = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  const [username, shown, password, again] = LABELS[language];
  type(username!, 'helena');
  type(shown!, name);
  type(password!, 'helena-password-1');
  type(again!, 'helena-password-1');
  fireEvent.click(screen.getByRole('button', { name: SUBMIT[language] }));
}

function serve() {
  return stubModelApi(({ url }) =>
    url === '/api/auth/invitation/accept'
      ? json(201, { data: { user: { username: 'helena', is_admin: true, role: 'sales' } } })
      : undefined,
  );
}

describe('AcceptInvitationForm', () => {
  it('sends the display name the colleague chose, trimmed', async () => {
    const calls = serve();
    const onJoined = vi.fn();
    renderAdmin(<AcceptInvitationForm token={TOKEN} onJoined={onJoined} />);
    fill('  Helena Braga ');
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith('helena'));
    expect(calls.map((c) => c.body)).toEqual([
      {
        token: TOKEN,
        username: 'helena',
        password: 'helena-password-1',
        name: 'Helena Braga',
        language: 'en',
      },
    ]);
  });

  it('leaves it out when empty, and refuses one over 80 characters before sending', async () => {
    const calls = serve();
    const onJoined = vi.fn();
    renderAdmin(<AcceptInvitationForm token={TOKEN} onJoined={onJoined} />);
    fill('x'.repeat(81));
    expect(screen.getByText('Your name must be at most 80 characters')).toBeTruthy();
    expect(calls).toEqual([]);
    fill('');
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith('helena'));
    expect(calls.map((c) => c.body)).toEqual([
      { token: TOKEN, username: 'helena', password: 'helena-password-1', language: 'en' },
    ]);
  });

  it('gives the account the language the page is shown in (German here)', async () => {
    const calls = serve();
    const onJoined = vi.fn();
    renderAdmin(<AcceptInvitationForm token={TOKEN} onJoined={onJoined} />, { language: 'de' });
    fill('', 'de');
    await waitFor(() => expect(onJoined).toHaveBeenCalledWith('helena'));
    expect(calls.map((c) => c.body)).toEqual([
      { token: TOKEN, username: 'helena', password: 'helena-password-1', language: 'de' },
    ]);
  });
});
