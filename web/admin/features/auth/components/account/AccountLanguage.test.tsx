// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../../../../../common/toast';
import { json, stubModelApi, type ApiCall } from '../../../../test/llm-api';
import { quietToasts } from '../../../../test/quiet-toasts';
import { renderAdmin } from '../../../../test/render';
import { AccountLanguage } from './AccountLanguage';

quietToasts();
afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

/** The profile answers with the language it was sent, as the server does. */
function serve(): ApiCall[] {
  return stubModelApi(({ method, url, body }) => {
    if (method !== 'PUT' || url !== '/api/auth/profile') return undefined;
    const language = body?.language ?? null;
    return json(200, {
      data: { user: { username: 'joana', name: null, language, is_admin: true, role: 'sales' } },
    });
  });
}

const field = (label = 'Your language') => screen.getByLabelText(label) as HTMLSelectElement;

describe('AccountLanguage', () => {
  it('saves the language of e-mails and the admin, and shows the admin in it at once', async () => {
    const calls = serve();
    renderAdmin(<AccountLanguage language={null} />);
    expect(
      screen.getByRole('heading', { name: 'Language for e-mails and the admin' }),
    ).toBeTruthy();
    expect(field().value).toBe('');
    expect([...field().options].map((o) => o.textContent)).toEqual([
      'Not chosen',
      'English',
      'Português',
      'Deutsch',
    ]);
    expect(field().getAttribute('aria-describedby')).toBe('account-language-hint');

    fireEvent.change(field(), { target: { value: 'pt' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save language' }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Idioma guardado'));
    expect(calls).toEqual([{ method: 'PUT', url: '/api/auth/profile', body: { language: 'pt' } }]);
    // The admin now speaks Portuguese, and this browser remembers it.
    expect(screen.getByRole('button', { name: 'Guardar idioma' })).toBeTruthy();
    expect(document.documentElement.lang).toBe('pt');
    expect(window.localStorage.getItem('language')).toBe('pt');
    expect(field('O seu idioma').value).toBe('pt');
  });

  it('clears it with "Not chosen", in German too, without the current password', async () => {
    const calls = serve();
    renderAdmin(<AccountLanguage language="de" />, { language: 'de' });
    expect(field('Ihre Sprache').value).toBe('de');
    fireEvent.change(field('Ihre Sprache'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sprache speichern' }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith(
        'Sprache entfernt: E-Mails an Sie kommen auf Englisch oder in der Sprache der Seite, von der sie ausgelöst wurden',
      ),
    );
    expect(calls.map((c) => c.body)).toEqual([{ language: null }]);
    expect(field('Ihre Sprache').value).toBe('');
  });
});
