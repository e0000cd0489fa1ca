import { describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntry } from '#shared/audit';
import type { Language } from '#shared/languages';
import { i18nFor } from '../../../../common/i18n';
import { summaryText } from './audit-text';

const entry = (action: AuditAction, summary: string): AuditEntry => ({
  id: 1,
  at: '2026-11-22T10:00:00.000Z',
  actor: 'boss',
  action,
  target_type: 'user',
  target_id: '2',
  summary,
  ip: null,
});

/** The summaries as the server writes them (features/auth), stored in English. */
const STORED: [AuditAction, string][] = [
  ['auth.login_failed', 'deactivated account'],
  ['user.role_changed', 'bob: editor -> sales'],
  ['user.deleted', 'bob (editor)'],
  ['user.invited', 'ann@example.com (sales)'],
  ['user.invitation_resent', 'ann@example.com (admin)'],
  ['user.invitation_withdrawn', 'ann@example.com (sales)'],
  ['user.invitation_withdrawn', 'ann@example.com (editor), alice may no longer invite'],
  ['user.invitation_withdrawn', 'ann@example.com (sales), replaced'],
  ['user.invitation_accepted', 'editor, invited by alice'],
  ['user.invitation_accepted', 'sales'],
  ['account.name_changed', '(none) -> Joana Silva'],
  ['account.name_changed', 'Joana Silva -> (none)'],
  ['account.name_changed', 'Rui -> Rui Costa'],
  ['account.language_changed', '(none) -> pt'],
  ['account.language_changed', 'de -> (none)'],
];

const EXPECTED: Record<Language, string[]> = {
  en: [
    'Account deactivated',
    'bob: Editor → Sales',
    'bob (Editor)',
    'ann@example.com (Sales)',
    'ann@example.com (Administrator)',
    'ann@example.com (Sales)',
    'ann@example.com (Editor), alice may no longer invite',
    'ann@example.com (Sales), replaced by a new invitation',
    'Editor, invited by alice',
    'Sales',
    '(no name) → Joana Silva',
    'Joana Silva → (no name)',
    'Rui → Rui Costa',
    '(none) → Português',
    'Deutsch → (none)',
  ],
  pt: [
    'Conta desativada',
    'bob: Editor → Vendas',
    'bob (Editor)',
    'ann@example.com (Vendas)',
    'ann@example.com (Administrador)',
    'ann@example.com (Vendas)',
    'ann@example.com (Editor), alice deixou de poder convidar',
    'ann@example.com (Vendas), substituído por um novo convite',
    'Editor, por convite de alice',
    'Vendas',
    '(sem nome) → Joana Silva',
    'Joana Silva → (sem nome)',
    'Rui → Rui Costa',
    '(nenhum) → Português',
    'Deutsch → (nenhum)',
  ],
  de: [
    'Konto deaktiviert',
    'bob: Redaktion → Vertrieb',
    'bob (Redaktion)',
    'ann@example.com (Vertrieb)',
    'ann@example.com (Administration)',
    'ann@example.com (Vertrieb)',
    'ann@example.com (Redaktion), alice darf nicht mehr einladen',
    'ann@example.com (Vertrieb), durch eine neue Einladung ersetzt',
    'Redaktion, eingeladen von alice',
    'Vertrieb',
    '(kein Name) → Joana Silva',
    'Joana Silva → (kein Name)',
    'Rui → Rui Costa',
    '(keine) → Português',
    'Deutsch → (keine)',
  ],
};

describe('account and invitation summaries', () => {
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`read in ${language}, roles by their names, entries already stored included`, () => {
      const { t } = i18nFor(language);
      expect(STORED.map(([action, summary]) => summaryText(entry(action, summary), t))).toEqual(
        EXPECTED[language],
      );
    });
  }

  it('leaves a summary of another shape as written', () => {
    const { t } = i18nFor('de');
    const text = (action: AuditAction, summary: string) => summaryText(entry(action, summary), t);
    // A role the trail does not know, or a note on an action that never writes it.
    expect(text('user.deleted', 'bob (owner)')).toBe('bob (owner)');
    expect(text('user.invited', 'ann@example.com (sales), alice may no longer invite')).toBe(
      'ann@example.com (sales), alice may no longer invite',
    );
    expect(text('user.role_changed', 'bob: owner -> sales')).toBe('bob: owner → sales');
    expect(text('article.created', 'bob (editor)')).toBe('bob (editor)');
    // A name that holds the arrow itself cannot be read back into two: shown as written.
    expect(text('account.name_changed', 'a -> b -> c')).toBe('a -> b -> c');
  });
});
