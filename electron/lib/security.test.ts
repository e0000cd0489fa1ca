import { describe, expect, it } from 'vitest';
import {
  externalUrl,
  isAllowedNavigation,
  isSetupSender,
  isTrustedSender,
  permissionDecision,
  secureWebPreferences,
  windowOpenDecision,
} from './security';

describe('security decisions', () => {
  it('locks the renderer down', () => {
    expect(secureWebPreferences('/app/out/preload/index.cjs')).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
    });
  });

  it('allows navigation inside the app scheme only', () => {
    expect(isAllowedNavigation('app://admin/admin')).toBe(true);
    expect(isAllowedNavigation('app://admin/setup?offline=1')).toBe(true);
    for (const url of [
      'https://evil.example/',
      'http://localhost:3000/admin',
      'app://other/',
      'file:///etc/passwd',
      'javascript:alert(1)',
      'not a url',
    ]) {
      expect(isAllowedNavigation(url)).toBe(false);
    }
  });

  it('denies every new window and sends only http(s) links to the system browser', () => {
    expect(windowOpenDecision('https://www.example.com/news/robots')).toEqual({
      action: 'deny',
      openExternal: 'https://www.example.com/news/robots',
    });
    expect(windowOpenDecision('http://example.com')).toEqual({
      action: 'deny',
      openExternal: 'http://example.com/',
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
    expect(externalUrl('mailto:sales@example.com')).toBeNull();
  });

  it('denies every permission request and check', () => {
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
      'hid',
      'usb',
    ]) {
      expect(permissionDecision(permission, 'app://admin/admin')).toBe(false);
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
