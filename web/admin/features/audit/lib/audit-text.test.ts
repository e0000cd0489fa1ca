import { describe, expect, it } from 'vitest';
import type { AuditAction, AuditEntry } from '#shared/audit';
import type { Language } from '#shared/languages';
import { i18nFor } from '../../../../common/i18n';
import { summaryText } from './audit-text';

const entry = (action: AuditAction, summary: string): AuditEntry => ({
  id: 1,
  at: '2026-11-29T10:00:00.000Z',
  actor: 'boss',
  action,
  target_type: action === 'media.hero_changed' ? 'media' : 'setting',
  target_id: null,
  summary,
  ip: null,
});

/**
 * The summaries as the server writes them (settings.service.ts,
 * media.service.ts) and has stored since those entries began, in English.
 */
const STORED: [AuditAction, string][] = [
  ['settings.changed', 'spam_retention_days: 30 -> 60'],
  ['settings.changed', 'webhook_secret: changed'],
  ['settings.changed', 'require_two_factor: false -> true'],
  ['settings.changed', 'reply_to_email:  -> team@forge.example'],
  ['settings.changed', 'alert_emails_pt: ana@forge.example, rui@forge.example -> '],
  ['media.hero_changed', '12 / -'],
  ['media.hero_changed', '- / 7'],
];

const EXPECTED: Record<Language, string[]> = {
  en: [
    'Delete spam after (days): 30 → 60',
    'Webhook secret: changed',
    'Require two-factor sign-in for everyone: Off → On',
    'Team address for answers to replies: (empty) → team@forge.example',
    'Alerts for enquiries in Portuguese: ana@forge.example, rui@forge.example → (empty)',
    "Video: #12; still: the video's own",
    "Video: the site's own; still: #7",
  ],
  pt: [
    'Eliminar spam após (dias): 30 → 60',
    'Segredo do webhook: alterado',
    'Exigir a autenticação de dois fatores a todos: Desativado → Ativado',
    'Endereço da equipa para respostas dos visitantes: (vazio) → team@forge.example',
    'Alertas de pedidos em português: ana@forge.example, rui@forge.example → (vazio)',
    'Vídeo: n.º 12; imagem fixa: a do próprio vídeo',
    'Vídeo: o do próprio site; imagem fixa: n.º 7',
  ],
  de: [
    'Spam löschen nach (Tagen): 30 → 60',
    'Webhook-Geheimnis: geändert',
    'Zwei-Faktor-Anmeldung für alle verlangen: Aus → An',
    'Teamadresse für Rückantworten: (leer) → team@forge.example',
    'Benachrichtigungen für portugiesische Anfragen: ana@forge.example, rui@forge.example → (leer)',
    'Video: Nr. 12; Standbild: das des Videos',
    'Video: das der Website; Standbild: Nr. 7',
  ],
};

describe('settings and hero summaries', () => {
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`read in ${language}: each setting by its label, its values as the Settings page shows them`, () => {
      const { t } = i18nFor(language);
      expect(STORED.map(([action, summary]) => summaryText(entry(action, summary), t))).toEqual(
        EXPECTED[language],
      );
    });
  }

  it('leaves a summary of another shape, or of a setting it does not know, as written', () => {
    const { t } = i18nFor('de');
    const text = (action: AuditAction, summary: string) => summaryText(entry(action, summary), t);
    expect(text('settings.changed', 'retired_setting: 1 -> 2')).toBe('retired_setting: 1 -> 2');
    // Only a secret is ever written as "changed"; another setting's value may be that word.
    expect(text('settings.changed', 'reply_time_zone: changed')).toBe('reply_time_zone: changed');
    expect(text('media.hero_changed', 'the hero')).toBe('the hero');
  });
});

describe('the ADMIN_USERNAME account created at start (bootstrap.ts)', () => {
  const created = { ...entry('user.created', 'setup (ADMIN_USERNAME at start)'), actor: null };
  const READ: Record<Language, string> = {
    en: 'setup, at server start (ADMIN_USERNAME)',
    pt: 'setup, no arranque do servidor (ADMIN_USERNAME)',
    de: 'setup, beim Serverstart (ADMIN_USERNAME)',
  };
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`reads in ${language}`, () => {
      expect(summaryText(created, i18nFor(language).t)).toBe(READ[language]);
    });
  }
});

describe('a wrong current password or code given for a change (secret-checks.ts)', () => {
  const READ: Record<Language, string[]> = {
    en: ['Username or password change', 'Moving two-factor sign-in to a new device'],
    pt: [
      'Alteração do nome de utilizador ou da palavra-passe',
      'Mudança da autenticação de dois fatores para um novo dispositivo',
    ],
    de: [
      'Änderung von Benutzername oder Passwort',
      'Umzug der Zwei-Faktor-Anmeldung auf ein neues Gerät',
    ],
  };
  for (const language of ['en', 'pt', 'de'] as const) {
    it(`reads in ${language}: what it was given for`, () => {
      const { t } = i18nFor(language);
      expect([
        summaryText(entry('account.password_check_failed', 'profile change'), t),
        summaryText(entry('account.code_check_failed', 'two-factor move'), t),
      ]).toEqual(READ[language]);
    });
  }
});
