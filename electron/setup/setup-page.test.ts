// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DesktopSetupBridge } from '#shared/desktop';
import { translator } from '../lib/i18n';
import { mountSetupPage } from './setup-page';

function bridge(overrides: Partial<DesktopSetupBridge> = {}): DesktopSetupBridge {
  return {
    getServerUrl: vi.fn(async () => null),
    connect: vi.fn(async (url: string) => ({ ok: true as const, url })),
    retry: vi.fn(async () => ({ ok: true as const, url: 'https://a.example.com' })),
    ...overrides,
  };
}

async function mount(b: DesktopSetupBridge, offline = false, lang: 'en' | 'pt' | 'de' = 'en') {
  const root = document.createElement('main');
  document.body.replaceChildren(root);
  const backToDashboard = vi.fn();
  await mountSetupPage(root, { bridge: b, t: translator(lang), offline, backToDashboard });
  return { root, backToDashboard };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('setup page', () => {
  afterEach(() => document.body.replaceChildren());

  it('asks for the server on first start and leaves opening the dashboard to the main process', async () => {
    const b = bridge();
    const { root, backToDashboard } = await mount(b);
    expect(root.querySelector('h1')?.textContent).toBe('Connect to your server');
    const input = root.querySelector('input')!;
    expect(document.activeElement).toBe(input);
    input.value = 'https://admin.example.com';
    root.querySelector('form')!.requestSubmit();
    await flush();
    expect(b.connect).toHaveBeenCalledWith('https://admin.example.com');
    // Main loads the dashboard after a successful connect; a navigation here would be a second one.
    expect(backToDashboard).not.toHaveBeenCalled();
    const submit = root.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    expect(submit.disabled).toBe(true);
    expect(submit.textContent).toBe('Checking the server…');
  });

  it('shows the translated reason when the server is refused, and lets the user try again', async () => {
    const b = bridge({
      connect: vi.fn(async () => ({ ok: false as const, error: 'desktop.setup.errors.https' })),
    });
    const { root, backToDashboard } = await mount(b, false, 'pt');
    root.querySelector('input')!.value = 'http://example.com';
    root.querySelector('form')!.requestSubmit();
    await flush();
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/https:\/\//);
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/endereço/);
    expect(root.querySelector('input')?.getAttribute('aria-invalid')).toBe('true');
    expect(root.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(false);
    expect(backToDashboard).not.toHaveBeenCalled();
  });

  it('prefills the current server when changing it, with a way back', async () => {
    const b = bridge({ getServerUrl: vi.fn(async () => 'https://old.example.com') });
    const { root, backToDashboard } = await mount(b, false, 'de');
    expect(root.querySelector('input')?.value).toBe('https://old.example.com');
    expect(root.textContent).toContain('old.example.com');
    const back = [...root.querySelectorAll('button')].find(
      (x) => x.textContent === 'Zurück zum Dashboard',
    );
    back!.click();
    expect(backToDashboard).toHaveBeenCalledOnce();
  });

  it('offline page: retries the stored server, or switches to the form', async () => {
    const retry = vi
      .fn<DesktopSetupBridge['retry']>()
      .mockResolvedValueOnce({ ok: false, error: 'desktop.setup.errors.unreachable' })
      .mockResolvedValueOnce({ ok: true, url: 'https://old.example.com' });
    const b = bridge({ getServerUrl: vi.fn(async () => 'https://old.example.com'), retry });
    const { root, backToDashboard } = await mount(b, true);
    expect(root.querySelector('h1')?.textContent).toBe('Server unreachable');
    expect(root.textContent).toContain('old.example.com');
    const [again, change] = root.querySelectorAll('button');
    again!.click();
    await flush();
    expect(root.querySelector('[role="alert"]')?.textContent).toMatch(/could not be reached/);
    again!.click();
    await flush();
    expect(retry).toHaveBeenCalledTimes(2);
    expect(backToDashboard).not.toHaveBeenCalled();
    expect(again!.disabled).toBe(true);
    change!.click();
    expect(root.querySelector('form')).not.toBeNull();
  });
});
