import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it, vi } from 'vitest';
import { buildMenuTemplate, type MenuOptions } from './menu-template';
import { translator } from './i18n';

function options(overrides: Partial<MenuOptions> = {}): MenuOptions {
  return {
    platform: 'linux',
    appName: 'Forge Admin',
    isDev: false,
    t: translator('en'),
    onChangeServer: vi.fn(),
    onOpenDashboard: vi.fn(),
    onCheckForUpdates: vi.fn(),
    ...overrides,
  };
}

function flatten(items: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return items.flatMap((item) => [
    item,
    ...(Array.isArray(item.submenu) ? flatten(item.submenu) : []),
  ]);
}
const roles = (items: MenuItemConstructorOptions[]) =>
  flatten(items)
    .map((i) => i.role)
    .filter(Boolean);
const byId = (items: MenuItemConstructorOptions[], id: string) =>
  flatten(items).find((i) => i.id === id);

describe('application menu', () => {
  it('has the usual menus and roles on Windows and Linux, with translated labels', () => {
    const template = buildMenuTemplate(options());
    expect(template.map((m) => m.label)).toEqual(['File', 'Edit', 'View', 'Window', 'Help']);
    expect(roles(template)).toEqual(
      expect.arrayContaining([
        'quit',
        'undo',
        'redo',
        'cut',
        'copy',
        'paste',
        'selectAll',
        'reload',
        'zoomIn',
        'togglefullscreen',
        'minimize',
        'about',
      ]),
    );
    expect(roles(template)).not.toContain('toggleDevTools');
    const de = buildMenuTemplate(options({ t: translator('de') }));
    expect(de.map((m) => m.label)).toEqual(['Datei', 'Bearbeiten', 'Ansicht', 'Fenster', 'Hilfe']);
  });

  it('puts the app menu first on macOS', () => {
    const template = buildMenuTemplate(options({ platform: 'darwin' }));
    expect(template[0]?.label).toBe('Forge Admin');
    expect(roles([template[0]!])).toEqual([
      'about',
      'services',
      'hide',
      'hideOthers',
      'unhide',
      'quit',
    ]);
    expect(roles(template)).toContain('front');
  });

  it('offers "Change server…" and the update check, wired to their actions', () => {
    const o = options();
    const template = buildMenuTemplate(o);
    const change = byId(template, 'change-server');
    expect(change?.label).toBe('Change server…');
    (change?.click as () => void)();
    expect(o.onChangeServer).toHaveBeenCalledOnce();
    (byId(template, 'check-updates')?.click as () => void)();
    expect(o.onCheckForUpdates).toHaveBeenCalledOnce();
  });

  it("labels every role item in the app language, not in Electron's English", () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      for (const language of ['pt', 'de'] as const) {
        const items = flatten(buildMenuTemplate(options({ platform, t: translator(language) })));
        const roleItems = items.filter((i) => i.role && i.role !== 'help');
        expect(roleItems.length).toBeGreaterThan(10);
        const english = buildMenuTemplate(options({ platform }));
        const englishLabels = new Set(flatten(english).map((i) => i.label));
        for (const item of roleItems) {
          expect(item.label, `${platform} ${language} ${item.role}`).toBeTruthy();
          expect(item.label).not.toMatch(/^desktop\./);
          // Only "Zoom" is the same word in Portuguese.
          if (item.role !== 'zoom') expect(englishLabels.has(item.label)).toBe(false);
        }
      }
    }
    const label = (language: 'en' | 'pt' | 'de', platform: NodeJS.Platform, role: string) =>
      flatten(buildMenuTemplate(options({ platform, t: translator(language) }))).find(
        (i) => i.role === role,
      )?.label;
    expect(label('pt', 'linux', 'undo')).toBe('Anular');
    expect(label('de', 'linux', 'undo')).toBe('Rückgängig');
    expect(label('de', 'linux', 'selectAll')).toBe('Alles auswählen');
    expect(label('en', 'win32', 'quit')).toBe('Exit');
    expect(label('en', 'linux', 'quit')).toBe('Quit');
    expect(label('de', 'darwin', 'quit')).toBe('Forge Admin beenden');
    expect(label('pt', 'darwin', 'about')).toBe('Acerca de Forge Admin');
  });

  it('leaves out the update item when updates are off and shows dev tools only in development', () => {
    const template = buildMenuTemplate(options({ onCheckForUpdates: undefined, isDev: true }));
    expect(byId(template, 'check-updates')).toBeUndefined();
    expect(roles(template)).toContain('toggleDevTools');
  });
});
