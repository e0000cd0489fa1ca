import { describe, expect, it } from 'vitest';
import { adminPath, loginFor } from './useNextPage';

describe('the admin address carried through the sign-in', () => {
  it.each([
    ['/admin', '/admin'],
    ['/admin?tab=contacts&contact=7', '/admin?tab=contacts&contact=7'],
    ['/admin/settings', '/admin/settings'],
    ['/admin/./../admin/texts?lang=de', '/admin/texts?lang=de'],
    ['/admin/texts#hero', '/admin/texts'],
  ])('keeps an admin page of this site: %s', (raw, kept) => {
    expect(adminPath(raw)).toBe(kept);
  });

  it.each([
    null,
    '',
    'admin',
    '//evil.example',
    '//evil.example/admin',
    '///evil.example',
    '/\\evil.example',
    '/\\/evil.example/admin',
    '/\t/evil.example',
    '/\n/evil.example',
    'https://evil.example/admin',
    'javascript:alert(1)//admin',
    '/admin@evil.example',
    '/administrator',
    '/admin..',
    '/admin%2F..%2F..%2Fevil',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/admin/..//evil.example',
    '/admin/%2e%2e/%2e%2e//evil.example',
    '/admin/../login',
    '/news',
  ])('refuses anything else: %j', (raw) => {
    expect(adminPath(raw)).toBeNull();
  });

  it('is carried to the login page only when it is not the dashboard', () => {
    expect(loginFor('/admin')).toBe('/login');
    expect(loginFor('/admin?tab=contacts&contact=7')).toBe(
      '/login?next=%2Fadmin%3Ftab%3Dcontacts%26contact%3D7',
    );
    expect(loginFor('/admin/settings')).toBe('/login?next=%2Fadmin%2Fsettings');
  });
});
