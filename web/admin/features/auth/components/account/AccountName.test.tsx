// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toast } from '../../../../../common/toast';
import { json, stubModelApi, type ApiCall } from '../../../../test/llm-api';
import { quietToasts } from '../../../../test/quiet-toasts';
import { renderAdmin } from '../../../../test/render';
import { AccountName } from './AccountName';

quietToasts();

/** The profile answers with the name it was sent (trimmed, blank as null), as the server does. */
function serve(): ApiCall[] {
  return stubModelApi(({ method, url, body }) => {
    if (method !== 'PUT' || url !== '/api/auth/profile') return undefined;
    const name = typeof body?.name === 'string' ? body.name.trim() || null : null;
    return json(200, {
      data: { user: { username: 'jsilva', name, is_admin: true, role: 'sales' } },
    });
  });
}

const field = (label = 'Your name') => screen.getByLabelText(label) as HTMLInputElement;

describe('AccountName', () => {
  it('saves the name without the current password, with the usual toast', async () => {
    const calls = serve();
    renderAdmin(<AccountName name={null} />);
    expect(field().value).toBe('');
    expect(field().getAttribute('aria-describedby')).toBe('account-name-hint');
    expect(
      screen.getByText('Signs your replies to enquiries. Without one, your username is used.'),
    ).toBeTruthy();
    fireEvent.change(field(), { target: { value: '  Joana Silva ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Name saved'));
    expect(calls).toEqual([
      { method: 'PUT', url: '/api/auth/profile', body: { name: 'Joana Silva' } },
    ]);
    expect(field().value).toBe('Joana Silva');
  });

  it('clears it when emptied, so replies are signed with the username again', async () => {
    const calls = serve();
    renderAdmin(<AccountName name="Joana Silva" />);
    expect(field().value).toBe('Joana Silva');
    fireEvent.change(field(), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Name removed: your replies are signed with your username',
      ),
    );
    expect(calls.map((c) => c.body)).toEqual([{ name: null }]);
    expect(field().value).toBe('');
  });

  it('says a name over 80 characters is too long, in German too, and sends nothing', () => {
    const calls = serve();
    renderAdmin(<AccountName name={null} />, { language: 'de' });
    fireEvent.change(field('Ihr Name'), { target: { value: 'x'.repeat(81) } });
    fireEvent.click(screen.getByRole('button', { name: 'Namen speichern' }));
    expect(screen.getByText('Ihr Name darf höchstens 80 Zeichen lang sein')).toBeTruthy();
    expect(field('Ihr Name').getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(field('Ihr Name'));
    expect(calls).toEqual([]);
  });

  it('shows the server’s refusal on the field', async () => {
    stubModelApi(({ url }) =>
      url === '/api/auth/profile'
        ? json(400, {
            error:
              'This field contains control or invisible characters that are not allowed. Please remove them.',
            details: { name: 'Keine Steuerzeichen' },
          })
        : undefined,
    );
    renderAdmin(<AccountName name={null} />);
    fireEvent.change(field(), { target: { value: 'Joana' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save name' }));
    expect(await screen.findByText('Keine Steuerzeichen')).toBeTruthy();
  });
});
