import { describe, expect, it } from 'vitest';
import { mailtoHref } from '#shared/mailto';
import {
  externalUrl,
  isAppPage,
  navigationDecision,
  isSetupSender,
  isTrustedSender,
  secureWebPreferences,
  windowOpenDecision,
} from './security';

describe('security decisions', () => {
  it('locks the renderer down: every capability switch is in its safe position', () => {
    const prefs: Record<string, unknown> = secureWebPreferences('/app/out/preload/index.cjs');
    // On: isolation between preload and page, the OS sandbox, same-origin rules.
    for (const key of ['contextIsolation', 'sandbox', 'webSecurity'])
      expect(prefs[key], key).toBe(true);
    // Off: Node in any kind of frame or worker, insecure content, <webview>, experimental
    // web platform features. A new key of this kind added later must be false too.
    const mustBeOff = Object.keys(prefs).filter((key) =>
      /nodeIntegration|insecure|experimental|webview|remote|devTools/i.test(key),
    );
    expect(mustBeOff).toEqual(
      expect.arrayContaining(['nodeIntegration', 'allowRunningInsecureContent', 'webviewTag']),
    );
    for (const key of mustBeOff) expect(prefs[key], key).toBe(false);
    // Blink features cannot be switched on from here.
    expect(prefs).not.toHaveProperty('enableBlinkFeatures');
    expect(prefs.preload).toBe('/app/out/preload/index.cjs');
  });

  it('loads only the app pages in the window', () => {
    for (const url of [
      'app://admin/admin',
      'app://admin/admin/news/3',
      'app://admin/login',
      'app://admin/setup?offline=1',
    ]) {
      expect(isAppPage(url)).toBe(true);
      expect(navigationDecision(url, 'https://www.example.com')).toEqual({ allow: true });
    }
    for (const url of [
      'https://evil.example/',
      'http://localhost:3000/admin',
      'app://other/admin',
      'app://admin/',
      'app://admin/administrator',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAppPage(url)).toBe(false);
      expect(navigationDecision(url, null).allow).toBe(false);
    }
  });

  it('sends website links on the app scheme to the configured server in the browser', () => {
    expect(navigationDecision('app://admin/', 'https://www.example.com')).toEqual({
      allow: false,
      openExternal: 'https://www.example.com/',
    });
    expect(
      navigationDecision('app://admin/news/robot-cell?lang=de', 'https://www.example.com/site'),
    ).toEqual({
      allow: false,
      openExternal: 'https://www.example.com/site/news/robot-cell?lang=de',
    });
    expect(navigationDecision('app://admin/', null)).toEqual({ allow: false, openExternal: null });
  });

  it('denies every new window and sends only http(s) and mailto links to the system browser', () => {
    expect(windowOpenDecision('https://www.example.com/news/robots')).toEqual({
      action: 'deny',
      openExternal: 'https://www.example.com/news/robots',
    });
    expect(windowOpenDecision('http://example.com')).toEqual({
      action: 'deny',
      openExternal: 'http://example.com/',
    });
    expect(windowOpenDecision('mailto:ana@example.pt')).toEqual({
      action: 'deny',
      openExternal: 'mailto:ana@example.pt',
    });
    for (const url of [
      'file:///etc/passwd',
      'smb://host/share',
      'javascript:alert(1)',
      'app://admin/admin',
      'https://u:p@example.com',
      '',
    ]) {
      expect(windowOpenDecision(url)).toEqual({ action: 'deny', openExternal: null });
    }
    expect(externalUrl('ftp://files.example.com')).toBeNull();
  });

  it('opens a mailto to an address only, never one with headers or a fragment', () => {
    // A visitor's address written into a mailto unencoded: it would add a Cc and a body.
    const crafted = 'x?cc=spy%40evil.example&body=hi@example.com';
    for (const url of [
      `mailto:${crafted}`,
      'mailto:ana@example.pt?subject=Hello',
      'mailto:ana@example.pt#top',
    ]) {
      expect(externalUrl(url), url).toBeNull();
      expect(windowOpenDecision(url)).toEqual({ action: 'deny', openExternal: null });
    }
    // The same address as the dashboard writes it reaches its owner, and only them.
    for (const address of [crafted, 'sales&support@example.com']) {
      const opened = externalUrl(mailtoHref(address));
      expect(opened).toBe(mailtoHref(address));
      expect(decodeURIComponent(new URL(opened!).pathname)).toBe(address);
    }
  });

  it('answers IPC only for our own pages, setup calls only for the setup page', () => {
    expect(isTrustedSender('app://admin/admin')).toBe(true);
    expect(isTrustedSender('https://evil.example/')).toBe(false);
    expect(isTrustedSender(undefined)).toBe(false);
    expect(isSetupSender('app://admin/setup')).toBe(true);
    expect(isSetupSender('app://admin/setup/?offline=1')).toBe(true);
    expect(isSetupSender('app://admin/admin')).toBe(false);
    expect(isSetupSender('https://evil.example/setup')).toBe(false);
  });
});
