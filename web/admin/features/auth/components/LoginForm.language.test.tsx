// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { toast } from '../../../../common/toast';
import { json, stubModelApi } from '../../../test/llm-api';
import { quietToasts } from '../../../test/quiet-toasts';
import { renderAdmin } from '../../../test/render';
import { LoginForm } from './LoginForm';

/**
 * A colleague signing in on a browser or device that knows nothing of them
 * gets the admin in their account's language, when the account has one.
 */
quietToasts();
afterEach(() => {
  window.localStorage.clear();
  document.documentElement.lang = '';
});

function signIn(user: Record<string, unknown>) {
  stubModelApi(({ method, url }) =>
    method === 'POST' && url === '/api/auth/login' ? json(200, { data: { user } }) : undefined,
  );
  renderAdmin(
    <MemoryRouter initialEntries={['/login']}>
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/admin" element={<p>Dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'joana' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
}

const joana = { username: 'joana', name: 'Joana Silva', is_admin: true, role: 'sales' };

describe('signing in', () => {
  it('opens the admin in the account’s language, and keeps it for this browser', async () => {
    signIn({ ...joana, language: 'pt' });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Sessão iniciada com sucesso');
    expect(document.documentElement.lang).toBe('pt');
    expect(window.localStorage.getItem('language')).toBe('pt');
    expect(document.cookie).toContain('language=pt');
  });

  it('leaves the language as it is for an account that chose none', async () => {
    signIn({ ...joana, language: null });
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(toast.success).toHaveBeenCalledWith('Login successful');
    expect(window.localStorage.getItem('language')).toBeNull();
  });
});
