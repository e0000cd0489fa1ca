// @vitest-environment jsdom
import { cleanup, fireEvent, screen, within } from '@testing-library/react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUDIT_ACTIONS, UNKNOWN_ACCOUNT, type AuditEntry, type AuditPage } from '#shared/audit';
import type { Language } from '#shared/languages';
import { i18nFor } from '../../../../common/i18n';
import { stubApi } from '../../../test/query';
import { renderAdmin } from '../../../test/render';
import { summaryText, targetText } from '../lib/audit-text';
import { AuditLog } from './AuditLog';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const entry = (id: number, fields: Partial<AuditEntry>): AuditEntry => ({
  id,
  at: '2026-11-22T10:00:00.000Z',
  actor: 'boss',
  action: 'auth.login',
  target_type: 'user',
  target_id: '1',
  summary: '',
  ip: '127.0.0.1',
  ...fields,
});

const ENTRIES = [
  entry(3, { action: 'contact.read', target_type: 'contact', target_id: '12' }),
  entry(2, {
    action: 'article.published',
    target_type: 'article',
    target_id: '5',
    summary: 'New arm',
  }),
  entry(1, {
    actor: UNKNOWN_ACCOUNT,
    action: 'auth.login_failed',
    summary: 'unknown username',
    target_id: null,
  }),
];

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{pathname + search}</output>;
}

function renderLog(page: Partial<AuditPage> = {}, at = '/admin/audit', language?: Language) {
  const calls = stubApi(() => ({
    entries: ENTRIES,
    total: 3,
    pages: 1,
    current_page: 1,
    retention_days: 365,
    ...page,
  }));
  renderAdmin(
    <MemoryRouter initialEntries={[at]}>
      <AuditLog articleHref={(id) => (id === '5' ? '/new-arm' : null)} />
      <Where />
    </MemoryRouter>,
    { language },
  );
  return calls;
}

describe('AuditLog', () => {
  it('says how long entries are kept, and names the retention job’s deletions in words', async () => {
    renderLog({
      entries: [
        entry(4, {
          actor: null,
          action: 'contact.purged',
          target_type: null,
          target_id: null,
          summary: 'spam: 7, older than 30 days',
        }),
      ],
      retention_days: 90,
    });
    const [row] = await screen.findAllByTestId('audit-entry');
    expect(within(row!).getByText('7 spam enquiries older than 30 days')).toBeTruthy();
    expect(screen.getByText('Entries are kept for 90 days, then deleted.')).toBeTruthy();
  });

  it('reads account entries in the admin’s language, roles by their names', async () => {
    const accounts = [
      entry(7, { action: 'user.role_changed', summary: 'bob: editor -> sales' }),
      entry(6, {
        action: 'user.invitation_withdrawn',
        target_type: 'invitation',
        summary: 'ann@example.com (editor), bob may no longer invite',
      }),
      entry(5, { action: 'auth.login_failed', summary: 'deactivated account' }),
    ];
    const expected = {
      de: [
        'bob: Redaktion → Vertrieb',
        'ann@example.com (Redaktion), bob darf nicht mehr einladen',
        'Konto deaktiviert',
      ],
      pt: [
        'bob: Editor → Vendas',
        'ann@example.com (Editor), bob deixou de poder convidar',
        'Conta desativada',
      ],
    };
    for (const language of ['de', 'pt'] as const) {
      renderLog({ entries: accounts, total: 3 }, '/admin/audit', language);
      const rows = await screen.findAllByTestId('audit-entry');
      expect(rows.map((row) => within(row).getAllByRole('cell')[4]!.textContent)).toEqual(
        expected[language],
      );
      cleanup();
    }
  });

  it('lists the entries with their action, target and details in words', async () => {
    const calls = renderLog();
    const rows = await screen.findAllByTestId('audit-entry');
    expect(calls).toEqual(['GET /api/audit?page=1&per_page=25']);
    expect(rows).toHaveLength(3);
    // On a phone only the first three columns show: the others are named, a swipe away.
    expect(
      screen.getByText(/^Swipe the table sideways for its other columns: On, Details/),
    ).toBeTruthy();
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(rows[0]!).slice(1)).toEqual([
      'boss',
      'Enquiry marked as read',
      'Enquiry #12',
      '',
      '127.0.0.1',
    ]);
    expect(cells(rows[2]!).slice(1, 5)).toEqual([
      'Unknown account',
      'Sign-in failed',
      '—',
      'Unknown username',
    ]);
    // An enquiry opens its card in the dashboard; a public article its page on the site.
    expect(within(rows[0]!).getByRole('link').getAttribute('href')).toBe(
      '/admin?tab=contacts&contact=12',
    );
    expect(within(rows[1]!).getByRole('link').getAttribute('href')).toBe('/new-arm');
    expect(screen.getByRole('table', { name: 'Audit log, page 1 of 1' })).toBeTruthy();
  });

  it('names a sign-in refused to an unknown username in the reader’s language', async () => {
    const expected = { en: 'Unknown account', pt: 'Conta desconhecida', de: 'Unbekanntes Konto' };
    for (const language of ['en', 'pt', 'de'] as const) {
      renderLog({}, '/admin/audit', language);
      const rows = await screen.findAllByTestId('audit-entry');
      expect(within(rows[2]!).getAllByRole('cell')[1]!.textContent).toBe(expected[language]);
      cleanup();
    }
  });

  it('names who acted without an account: not signed in (from an address) or the system', async () => {
    const entries = [
      entry(2, {
        actor: null,
        action: 'account.password_reset_requested',
        summary: 'boss',
        ip: '198.51.100.23',
      }),
      entry(1, { actor: null, action: 'user.created', summary: 'boss (command line)', ip: null }),
    ];
    const expected = {
      en: ['Not signed in', 'System'],
      pt: ['Sem sessão iniciada', 'Sistema'],
      de: ['Nicht angemeldet', 'System'],
    };
    for (const language of ['en', 'pt', 'de'] as const) {
      renderLog({ entries, total: 2 }, '/admin/audit', language);
      const rows = await screen.findAllByTestId('audit-entry');
      expect(rows.map((row) => within(row).getAllByRole('cell')[1]!.textContent)).toEqual(
        expected[language],
      );
      cleanup();
    }
  });

  it('keeps the filter and the page in the address and asks the server for them', async () => {
    const calls = renderLog({ total: 60, pages: 3, current_page: 2 }, '/admin/audit?page=2');
    await screen.findAllByTestId('audit-entry');
    expect(calls).toEqual(['GET /api/audit?page=2&per_page=25']);
    expect(screen.getByText(/Page 2 of 3/).textContent).toBe('Page 2 of 3 · 60 entries');

    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByTestId('where').textContent).toBe('/admin/audit?page=3');

    fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'auth.login_failed' } });
    // A new filter starts at its first page.
    expect(screen.getByTestId('where').textContent).toBe('/admin/audit?action=auth.login_failed');
    await vi.waitFor(() =>
      expect(calls.at(-1)).toBe('GET /api/audit?page=1&per_page=25&action=auth.login_failed'),
    );
  });

  it('ignores an unknown action or a broken page in the address', async () => {
    const calls = renderLog({}, '/admin/audit?action=drop.tables&page=-4');
    await screen.findAllByTestId('audit-entry');
    expect(calls).toEqual(['GET /api/audit?page=1&per_page=25']);
    expect((screen.getByLabelText('Action') as HTMLSelectElement).value).toBe('');
  });

  it('says so when nothing matches', async () => {
    renderLog({ entries: [], total: 0, pages: 0 }, '/admin/audit?action=media.deleted');
    expect(await screen.findByText('No entries for this action.')).toBeTruthy();
  });
});

describe('audit texts', () => {
  const t = i18nFor('de').t;

  it('has a label for every action the server records, in every language', () => {
    for (const language of ['en', 'pt', 'de'] as const) {
      const i18n = i18nFor(language);
      for (const action of AUDIT_ACTIONS)
        expect(i18n.exists(`admin.audit.actions.${action}`), `${language} ${action}`).toBe(true);
    }
  });

  it('puts the server’s fixed notes into the reader’s language and leaves titles as written', () => {
    expect(
      summaryText(entry(1, { action: 'auth.login_failed', summary: 'wrong password' }), t),
    ).toBe(t('admin.audit.notes.wrongPassword'));
    expect(summaryText(entry(1, { action: 'account.other_sessions_ended', summary: '2' }), t)).toBe(
      t('admin.audit.notes.sessionsEnded', { count: 2 }),
    );
    expect(
      summaryText(
        entry(1, { action: 'account.password_reset', summary: 'boss (command line)' }),
        t,
      ),
    ).toBe(t('admin.audit.notes.commandLine', { username: 'boss' }));
    expect(
      summaryText(entry(1, { action: 'account.username_changed', summary: 'old -> new' }), t),
    ).toBe('old → new');
    expect(summaryText(entry(1, { action: 'article.created', summary: 'wrong password' }), t)).toBe(
      'wrong password',
    );
  });

  it('names articles, enquiries and images, not the account itself', () => {
    expect(targetText(entry(1, { target_type: 'media', target_id: '7' }), t)).toBe(
      t('admin.audit.targets.media', { id: '7' }),
    );
    expect(targetText(entry(1, { target_type: 'user', target_id: '1' }), t)).toBeNull();
  });
});
