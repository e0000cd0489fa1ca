import { afterAll, beforeAll, beforeEach } from 'vitest';
import type { Clock } from '../../server/clock';
import { parseConfig } from '../../server/config';
import { createContactsService } from '../../server/features/contacts/contacts.service';
import { createReplyReminders } from '../../server/features/contacts/reply-reminders';
import { createMailService } from '../../server/features/mail/mail.service';
import { createSettingsService } from '../../server/features/settings/settings.service';
import { createLogger, type Logger } from '../../server/logger';
import type { TestStore } from './stores';
import { createTestDb } from './test-app';

/**
 * E-mail on, as the tests of what the services queue configure it: an SMTP
 * server never reached (the worker that sends is tested in features/mail),
 * the team's sender, one alert address and the public address links name.
 */
export const MAIL_ENV = {
  SMTP_URL: 'smtp://127.0.0.1:2525',
  MAIL_FROM: 'Forge Industrial <hello@forge.example>',
  NOTIFY_EMAIL: 'sales@forge.example',
  PUBLIC_URL: 'https://www.forge.example',
};

/**
 * The services that queue e-mail, on a store as server/services.ts wires
 * them: the settings, the mail service on MAIL_ENV (`env` adds to or
 * overrides it), the enquiries and the reply reminders, all on `clock`.
 */
export function mailServicesOn(
  store: Pick<TestStore, 'db'>,
  {
    clock,
    env = {},
    logger = createLogger({ logLevel: 'silent' }),
  }: { clock: Clock; env?: Record<string, string>; logger?: Logger },
) {
  const { db } = store;
  const config = parseConfig({ ...MAIL_ENV, ...env });
  const settings = createSettingsService({ db, clock });
  const mail = createMailService({ db, config, settings, clock });
  return {
    settings,
    mail,
    contacts: createContactsService({ db, mail, settings, clock }),
    reminders: createReplyReminders({ db, mail, settings, logger, clock }),
  };
}

/**
 * A test database for a file of tests of queued e-mail: opened before its
 * tests and removed after them, emptied of enquiries, outbox, settings and
 * auto-reply claims before each (before the file's own beforeEach runs).
 */
export function emptiedMailStore(): Pick<TestStore, 'db'> {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await createTestDb();
  });
  afterAll(() => store?.destroy());
  beforeEach(async () => {
    for (const table of ['contacts', 'mail_outbox', 'settings', 'auto_reply_claims'])
      await store!.db(table).delete();
  });
  return {
    get db() {
      return store!.db;
    },
  };
}
