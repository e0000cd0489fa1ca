import {
  CONTACT_HONEYPOT_FIELD,
  ContactReadSchema,
  ContactSchema,
  type Contact,
  type ContactStats,
} from '#shared/contact';
import type { Db } from '../../db/knex';
import { NotFoundError } from '../../errors';
import { parseInput } from '../../validation';
import { lastDays, perDay, windowStart } from './contact-stats';
import { createContactsRepo } from './contacts.repo';

const notFound = () => new NotFoundError('apiErrors.contactNotFound');

/** True when the hidden field only bots see has been filled in. */
export function isBot(input: unknown): boolean {
  const value = (input as Record<string, unknown> | null)?.[CONTACT_HONEYPOT_FIELD];
  return typeof value === 'string' ? value.trim() !== '' : value !== undefined && value !== null;
}

/** Enquiries: validated with the shared schema, stored trimmed and verbatim. */
export function createContactsService({
  db,
  clock = () => new Date(),
}: {
  db: Db;
  clock?: () => Date;
}) {
  const repo = createContactsRepo(db);

  return {
    /** Stores an enquiry; a bot's (honeypot filled) is dropped and answered alike. */
    async submit(input: unknown): Promise<{ id: number; stored: boolean }> {
      if (isBot(input)) return { id: 0, stored: false };
      const contact = parseInput(ContactSchema, input);
      return { id: await repo.insert(contact), stored: true };
    },

    list(opts: { page?: number; perPage?: number; read?: boolean } = {}): Promise<Contact[]> {
      const { page, perPage = 20, read } = opts;
      if (page === undefined) return repo.list({ read });
      return repo.list({ read, limit: perPage, offset: (page - 1) * perPage });
    },

    async get(id: number): Promise<Contact> {
      const contact = await repo.findById(id);
      if (!contact) throw notFound();
      return contact;
    },

    async setRead(id: number, input: unknown): Promise<Contact> {
      const { read } = parseInput(ContactReadSchema, input ?? {});
      if (!(await repo.setRead(id, read))) throw notFound();
      return (await repo.findById(id))!;
    },

    async remove(id: number): Promise<{ id: number }> {
      if (!(await repo.remove(id))) throw notFound();
      return { id };
    },

    async stats(): Promise<ContactStats> {
      const today = clock();
      const [total, unread, recent] = await Promise.all([
        repo.count(),
        repo.count({ read: false }),
        repo.createdSince(windowStart(today).toISOString()),
      ]);
      const series = perDay(recent, today);
      return { total, unread, last_7_days: lastDays(series), per_day: series };
    },
  };
}

export type ContactsService = ReturnType<typeof createContactsService>;
