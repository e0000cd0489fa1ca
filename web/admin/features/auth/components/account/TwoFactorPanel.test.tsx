// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Language } from '#shared/languages';
import { accountKeys } from '../../api/account.queries';
import { renderAdmin } from '../../../../test/render';
import { stubApi } from '../../../../test/query';
import { TwoFactorPanel } from './TwoFactorPanel';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PROFILE = {
  user: { username: 'boss', is_admin: true, role: 'admin' },
  two_factor_enabled: true,
  two_factor_setup_required: false,
  email: null,
  pending_email: null,
};
const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauth_url: 'otpauth://totp/Forge%20Industrial:boss?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = ['k7m2p-x9c4d', 'a2b3c-d4e5f'];

function show(left: number, language: Language = 'en') {
  const calls = stubApi((method, path) => {
    if (path === '/api/auth/profile') return PROFILE;
    if (path === '/api/auth/2fa') return { enabled: true, recovery_codes_left: left };
    if (path === '/api/auth/2fa/move') return SETUP;
    return { recovery_codes: CODES };
  });
  const view = renderAdmin(<TwoFactorPanel username="boss" />, { language });
  return { calls, ...view };
}

const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const bodies = () => vi.mocked(fetch).mock.calls.map(([, init]) => init?.body);

function prove(password: string, code: string) {
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Code from your authenticator app or a recovery code'), {
    target: { value: code },
  });
}

describe('TwoFactorPanel', () => {
  it('says how many recovery codes are left, without a warning while there are enough', async () => {
    show(7);
    expect((await screen.findByTestId('recovery-codes-left')).textContent).toBe(
      '7 recovery codes left',
    );
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('warns when three or fewer are left, in each language', async () => {
    show(3);
    const warning = await screen.findByRole('status');
    expect(warning.textContent).toContain('Only 3 recovery codes left');
    expect(warning.textContent).toContain('Create new recovery codes');
    cleanup();
    show(1, 'pt');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Resta apenas 1 código de recuperação',
    );
    cleanup();
    show(0, 'pt');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Não resta nenhum código de recuperação',
    );
    cleanup();
    show(2, 'de');
    expect((await screen.findByRole('status')).textContent).toContain(
      'Nur noch 2 Wiederherstellungscodes übrig',
    );
  });

  it('moves to a new device: password and a recovery code, the new key, a code, new codes', async () => {
    const { calls, queryClient } = show(2);
    queryClient.setQueryData(accountKeys.sessions, []);
    await screen.findByRole('status');
    click('Move to a new device');
    const dialog = screen.getByRole('dialog', { name: 'Move two-factor sign-in to a new device' });
    expect(dialog.textContent).toContain('Step 1 of 3');
    // Nothing is asked of the server before both fields are filled in.
    click('Continue');
    expect(calls).not.toContain('POST /api/auth/2fa/move');

    prove('pass-word-1', 'K7M2P-X9C4D');
    click('Continue');
    await screen.findByText('Step 2 of 3');
    expect(calls).toContain('POST /api/auth/2fa/move');
    expect(bodies()).toContain('{"password":"pass-word-1","code":"k7m2p-x9c4d"}');
    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qr_code);
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '654 321' } });
    click('Use this device');
    await screen.findByText('Step 3 of 3');
    expect(calls).toContain('POST /api/auth/2fa/move/confirm');
    expect(bodies()).toContain('{"code":"654321"}');
    const items = within(screen.getByTestId('recovery-codes')).getAllByRole('listitem');
    expect(items.map((li) => li.textContent)).toEqual(CODES);
    // The count (and the profile) are asked again: as the dialog opens, after the proof, and
    // after the new codes.
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/2fa')).toHaveLength(4));
    // Every other session ended: the list is stale.
    expect(queryClient.getQueryState(accountKeys.sessions)?.isInvalidated).toBe(true);
    // The new codes must be confirmed as stored before the dialog closes.
    click('Done');
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(screen.getByLabelText('I have stored my recovery codes in a safe place'));
    click('Done');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('asks before closing while the new key is shown, and counts the codes again after step 1', async () => {
    const { calls } = show(4);
    await screen.findByTestId('recovery-codes-left');
    click('Move to a new device');
    prove('pass-word-1', 'k7m2p-x9c4d');
    click('Continue');
    await screen.findByText('Step 2 of 3');
    // The recovery code given as proof is used up: the count is asked again (after once more as
    // the dialog opened).
    await waitFor(() => expect(calls.filter((c) => c === 'GET /api/auth/2fa')).toHaveLength(3));

    click('Cancel');
    const ask = screen.getByRole('alertdialog', { name: 'Please confirm' });
    expect(ask.textContent).toContain('Your new device is not set up yet. Close anyway?');
    click('Keep setting up');
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByText('Step 2 of 3')).toBeTruthy();
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');

    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    click('Close anyway');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls).not.toContain('POST /api/auth/2fa/move/confirm');
  });

  it('creates new recovery codes with the password and a code, shown once', async () => {
    const { calls } = show(5);
    await screen.findByTestId('recovery-codes-left');
    click('New recovery codes');
    screen.getByRole('dialog', { name: 'Create new recovery codes' });
    prove('pass-word-1', '123456');
    click('Create new codes');
    await screen.findByTestId('recovery-codes');
    expect(calls).toContain('POST /api/auth/2fa/recovery-codes');
    expect(bodies()).toContain('{"password":"pass-word-1","code":"123456"}');
    expect(screen.getByText('Step 2 of 2')).toBeTruthy();
  });
});
