// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Toaster } from '../../../../common/toast';
import { renderAdmin } from '../../../test/render';
import { LoginForm } from './LoginForm';

type Answer = { status: number; body: unknown };
let answers: Record<string, Answer[]>;
let calls: { path: string; body: unknown }[];

beforeEach(() => {
  answers = {};
  calls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = `${init?.method ?? 'GET'} ${url}`;
      calls.push({ path, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const next = answers[path]?.shift() ?? { status: 404, body: { error: 'Not found' } };
      return new Response(JSON.stringify(next.body), {
        status: next.status,
        headers: { 'Content-Type': 'application/json' },
      });
    }),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (path: string, ...list: Answer[]) => (answers[path] = list);
const admin = { user: { username: 'boss', is_admin: true, role: 'admin' } };

function renderLogin() {
  return renderAdmin(
    <MemoryRouter initialEntries={['/login']}>
      <Toaster />
      <Routes>
        <Route path="/login" element={<LoginForm />} />
        <Route path="/admin" element={<p>Dashboard</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

async function passPassword() {
  answer('POST /api/auth/login', { status: 200, body: { data: { two_factor_required: true } } });
  renderLogin();
  fireEvent.change(screen.getByLabelText('Username'), { target: { value: ' boss ' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
  await screen.findByRole('heading', { name: 'Two-factor authentication' });
}

const codeField = () => screen.getByLabelText('Authentication code') as HTMLInputElement;
const verify = () => fireEvent.click(screen.getByRole('button', { name: 'Verify' }));

describe('LoginForm with two-factor sign-in', () => {
  it('asks for the code after the password and signs in with it', async () => {
    await passPassword();
    expect(calls[0]!.body).toEqual({ username: 'boss', password: 'secret-password' });
    expect(document.activeElement).toBe(codeField());
    expect(codeField().inputMode).toBe('numeric');
    expect(codeField().autocomplete).toBe('one-time-code');

    answer('POST /api/auth/login/2fa', { status: 200, body: { data: admin } });
    fireEvent.change(codeField(), { target: { value: '123 456' } });
    verify();
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    // Spaces as apps show the code are dropped before sending.
    expect(calls.at(-1)).toEqual({ path: 'POST /api/auth/login/2fa', body: { code: '123456' } });
  });

  it('checks the shape first, then shows the server’s refusal beside the field and in a toast', async () => {
    await passPassword();
    fireEvent.change(codeField(), { target: { value: '12' } });
    verify();
    expect(screen.getByText(/^Enter/, { selector: '#login-problem' })).toBeTruthy();
    expect(calls).toHaveLength(1);

    answer('POST /api/auth/login/2fa', {
      status: 401,
      body: { error: 'Invalid or already used code' },
    });
    fireEvent.change(codeField(), { target: { value: '654321' } });
    verify();
    await waitFor(() =>
      expect(document.getElementById('login-problem')?.textContent).toBe(
        'Invalid or already used code',
      ),
    );
    expect(codeField().getAttribute('aria-invalid')).toBe('true');
    // Beside the field and in the error toast.
    await waitFor(() =>
      expect(screen.getAllByText('Invalid or already used code')).toHaveLength(2),
    );
    // Still on the code step.
    expect(screen.getByRole('heading', { name: 'Two-factor authentication' })).toBeTruthy();
  });

  it('takes a recovery code instead', async () => {
    await passPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    const field = screen.getByLabelText('Recovery code') as HTMLInputElement;
    expect(field.inputMode).toBe('text');
    expect(document.activeElement).toBe(field);
    answer('POST /api/auth/login/2fa', { status: 200, body: { data: admin } });
    fireEvent.change(field, { target: { value: 'k7m2p-x9c4d' } });
    verify();
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(calls.at(-1)!.body).toEqual({ code: 'k7m2p-x9c4d' });
  });

  it('goes back to the password, username kept, when the sign-in has expired', async () => {
    await passPassword();
    answer('POST /api/auth/login/2fa', {
      status: 401,
      body: { error: 'Your sign-in has expired. Please enter your username and password again.' },
    });
    fireEvent.change(codeField(), { target: { value: '123456' } });
    verify();
    const password = (await screen.findByLabelText('Password')) as HTMLInputElement;
    expect(password.value).toBe('');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe(' boss ');
    expect(document.getElementById('login-problem')?.textContent).toBe(
      'Your sign-in has expired. Please enter your username and password again.',
    );
  });

  it('shows the lockout message of a rate-limited password step', async () => {
    answer('POST /api/auth/login', {
      status: 429,
      body: { error: 'Too many failed login attempts. Please try again in 15 minutes.' },
    });
    renderLogin();
    fireEvent.change(screen.getByLabelText('Username'), { target: { value: 'boss' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'secret-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    await waitFor(() =>
      expect(document.getElementById('login-problem')?.textContent).toBe(
        'Too many failed login attempts. Please try again in 15 minutes.',
      ),
    );
  });
});
