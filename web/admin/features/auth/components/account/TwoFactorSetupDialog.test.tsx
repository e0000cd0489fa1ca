// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '#shared/auth';
import { authKeys } from '../../api/auth.queries';
import { renderAdmin } from '../../../../test/render';
import { stubApi } from '../../../../test/query';
import { recoveryFile } from './RecoveryCodes';
import { TwoFactorSetupDialog } from './TwoFactorSetupDialog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const SETUP = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DP',
  otpauth_url: 'otpauth://totp/Forge%20Industrial:boss?secret=JBSWY3DPEHPK3PXPJBSWY3DP',
  qr_code: 'data:image/svg+xml;base64,PHN2Zy8+',
};
const CODES = ['k7m2p-x9c4d', 'a2b3c-d4e5f'];

function open() {
  const calls = stubApi((method, path) =>
    path === '/api/auth/2fa/setup' ? SETUP : { recovery_codes: CODES },
  );
  const onClose = vi.fn();
  const view = renderAdmin(<TwoFactorSetupDialog username="boss" onClose={onClose} />);
  view.queryClient.setQueryData<Profile>(authKeys.profile, {
    user: { username: 'boss', is_admin: true, role: 'admin' },
    two_factor_enabled: false,
    two_factor_setup_required: false,
    email: null,
    pending_email: null,
  });
  return { calls, onClose, ...view };
}

const dialog = () => screen.getByRole('dialog', { name: 'Turn on two-factor sign-in' });
const click = (name: string) => fireEvent.click(screen.getByRole('button', { name }));

async function toCodes() {
  const opened = open();
  fireEvent.change(screen.getByLabelText('Current password'), { target: { value: 'pass-word-1' } });
  click('Continue');
  await screen.findByText('Step 2 of 3');
  fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '123 456' } });
  click('Turn on');
  await screen.findByText('Step 3 of 3');
  return opened;
}

describe('TwoFactorSetupDialog', () => {
  it('asks for the password before asking the server for a key', () => {
    const { calls } = open();
    expect(dialog().textContent).toContain('Step 1 of 3');
    click('Continue');
    expect(screen.getByText('Current password is required')).toBeTruthy();
    expect(calls).toEqual([]);
  });

  it('shows the QR code and the key in groups of four, and checks the first code’s shape', async () => {
    const { calls } = open();
    fireEvent.change(screen.getByLabelText('Current password'), {
      target: { value: 'pass-word-1' },
    });
    click('Continue');
    await screen.findByText('Step 2 of 3');
    expect(calls).toEqual(['POST /api/auth/2fa/setup']);
    const qr = screen.getByRole('img', { name: 'QR code to scan with your authenticator app' });
    expect(qr.getAttribute('src')).toBe(SETUP.qr_code);
    expect(screen.getByTestId('two-factor-key').textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP');
    // The password is gone from the page once accepted.
    expect(screen.queryByLabelText('Current password')).toBeNull();

    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '12345' } });
    click('Turn on');
    expect(screen.getByText('Enter the 6-digit code from your authenticator app')).toBeTruthy();
    expect(calls).toEqual(['POST /api/auth/2fa/setup']);
  });

  it('shows the recovery codes once on, and closes only once they are confirmed as stored', async () => {
    const { calls, onClose, queryClient } = await toCodes();
    expect(calls).toEqual(['POST /api/auth/2fa/setup', 'POST /api/auth/2fa/enable']);
    expect(vi.mocked(fetch).mock.calls[1]![1]?.body).toBe('{"code":"123456"}');
    // The profile is asked again, so the page says "on".
    expect(queryClient.getQueryState(authKeys.profile)?.isInvalidated).toBe(true);
    const items = screen.getByTestId('recovery-codes').querySelectorAll('li');
    expect([...items].map((li) => li.textContent)).toEqual(CODES);

    click('Done');
    expect(onClose).not.toHaveBeenCalled();
    const box = screen.getByLabelText('I have stored my recovery codes in a safe place');
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(box);
    expect(
      screen.getByText(
        'Please confirm that you have stored the recovery codes: you will not see them again.',
      ),
    ).toBeTruthy();
    // Escape is no way around it either.
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).not.toHaveBeenCalled();

    fireEvent.click(box);
    click('Done');
    await waitFor(() => expect(onClose).toHaveBeenCalledOnce());
  });

  it('asks for the profile again when it was turned on elsewhere meanwhile (409)', async () => {
    const { queryClient } = open();
    vi.stubGlobal(
      'fetch',
      vi.fn(
        async () =>
          new Response(JSON.stringify({ error: 'Two-factor sign-in is already on' }), {
            status: 409,
            headers: { 'Content-Type': 'application/json' },
          }),
      ),
    );
    fireEvent.change(screen.getByLabelText('Current password'), {
      target: { value: 'pass-word-1' },
    });
    click('Continue');
    await waitFor(() =>
      expect(queryClient.getQueryState(authKeys.profile)?.isInvalidated).toBe(true),
    );
    expect(screen.getAllByText('Two-factor sign-in is already on').length).toBeGreaterThan(0);
    expect(dialog().textContent).toContain('Step 1 of 3');
  });

  it('writes the codes to a file that says what they are and for whom', () => {
    const t = (key: string, params?: Record<string, unknown>) =>
      params ? `${key}(${JSON.stringify(params)})` : key;
    expect(recoveryFile(CODES, 'boss', t)).toBe(
      'admin.twoFactor.fileTitle({"username":"boss"})\nadmin.twoFactor.fileHint\n\nk7m2p-x9c4d\na2b3c-d4e5f\n',
    );
  });
});
