// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import { renderAdmin } from '../../../../test/render';
import { stubApi } from '../../../../test/query';
import { TwoFactorMoveDialog } from './TwoFactorMoveDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauth_url: 'otpauth://totp/Forge%20Industrial:boss?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODE_LABEL = 'Code from your authenticator app or a recovery code';

/** The dialog, with the status saying whether this session's move may be reopened. */
function open(move_pending: boolean, language: Language = 'en') {
  const calls = stubApi((_method, path) =>
    path === '/api/auth/2fa' ? { enabled: true, recovery_codes_left: 8, move_pending } : SETUP,
  );
  renderAdmin(<TwoFactorMoveDialog username="boss" onClose={vi.fn()} />, { language });
  return calls;
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const bodies = () => vi.mocked(fetch).mock.calls.map(([, init]) => init?.body);
const password = (value: string) =>
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value } });

describe('TwoFactorMoveDialog', () => {
  it('reopened by the session that started the move, asks for the password alone', async () => {
    const calls = open(true);
    await screen.findByText(/You started this move a short while ago/);
    expect(screen.queryByLabelText(CODE_LABEL)).toBeNull();
    click('Continue');
    expect(calls).not.toContain('POST /api/auth/2fa/move');
    expect(screen.getByText('Current password is required')).toBeTruthy();

    password('pass-word-1');
    click('Continue');
    await screen.findByText('Step 2 of 3');
    expect(bodies()).toContain('{"password":"pass-word-1"}');
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
  });

  it('asks for a code after all when the move ran out meanwhile', async () => {
    let pending = true;
    vi.stubGlobal(
      'fetch',
      vi.fn(async (url: string) => {
        if (url === '/api/auth/2fa')
          return Response.json({
            data: { enabled: true, recovery_codes_left: 8, move_pending: pending },
          });
        pending = false;
        return Response.json(
          {
            error: 'Please check the highlighted fields',
            details: { code: 'Enter the code from your authenticator app or a recovery code' },
          },
          { status: 400 },
        );
      }),
    );
    renderAdmin(<TwoFactorMoveDialog username="boss" onClose={vi.fn()} />);
    await screen.findByText(/You started this move a short while ago/);
    password('pass-word-1');
    click('Continue');
    // The status is asked again: the code field is back, with the server's word on it, and the
    // focus, as a code refused on its first showing has.
    const field = await screen.findByLabelText(CODE_LABEL);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    await waitFor(() => expect(document.activeElement).toBe(field));
    expect(screen.getByText(/New or lost phone\?/)).toBeTruthy();
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe(
      'pass-word-1',
    );
  });

  it('says so in each language', async () => {
    open(true, 'pt');
    await screen.findByText(/Iniciou esta mudança há pouco/);
    cleanup();
    open(true, 'de');
    await screen.findByText(/Sie haben diesen Umzug vor Kurzem begonnen/);
  });

  it('otherwise asks for the password and a code', async () => {
    open(false);
    await waitFor(() => expect(screen.getByLabelText(CODE_LABEL)).toBeTruthy());
    expect(screen.getByText(/New or lost phone\?/)).toBeTruthy();
    password('pass-word-1');
    click('Continue');
    expect(
      screen.getByText('Enter the code from your authenticator app or a recovery code'),
    ).toBeTruthy();
  });
});
