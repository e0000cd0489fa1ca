import { describe, expect, it } from 'vitest';
import type { Contact } from '#shared/contact';
import { filterContacts, isFiltered, NO_FILTERS } from './contact-filters';

const now = new Date('2026-11-22T12:00:00.000Z');
const hoursAgo = (h: number) => new Date(now.getTime() - h * 3_600_000).toISOString();

let next = 1;
const contact = (over: Partial<Contact>): Contact => ({
  id: next++,
  name: 'Ana Silva',
  email: 'ana@example.pt',
  company: null,
  message: 'We would like a quote.',
  language: 'en',
  read: false,
  replied_at: null,
  spam: false,
  spam_reasons: [],
  created_at: hoursAgo(1),
  ...over,
});

const fresh = contact({ name: 'Fresh', read: true });
const dueSoon = contact({ name: 'Due soon', created_at: hoursAgo(21) });
const overdue = contact({ name: 'Overdue', created_at: hoursAgo(30), read: true });
const replied = contact({ name: 'Replied', created_at: hoursAgo(30), replied_at: hoursAgo(2) });
const all = [fresh, dueSoon, overdue, replied];
const names = (list: Contact[]) => list.map((c) => c.name);

describe('filterContacts', () => {
  it('keeps everything, in order, without filters', () => {
    expect(filterContacts(all, NO_FILTERS, now)).toEqual(all);
    expect(isFiltered(NO_FILTERS)).toBe(false);
  });

  it('filters by read state', () => {
    expect(names(filterContacts(all, { ...NO_FILTERS, read: 'unread' }, now))).toEqual([
      'Due soon',
      'Replied',
    ]);
    expect(names(filterContacts(all, { ...NO_FILTERS, read: 'read' }, now))).toEqual([
      'Fresh',
      'Overdue',
    ]);
  });

  it('filters by reply state: awaiting, due soon or overdue, replied', () => {
    const by = (reply: 'awaiting' | 'late' | 'replied') =>
      names(filterContacts(all, { ...NO_FILTERS, reply }, now));
    expect(by('awaiting')).toEqual(['Fresh', 'Due soon', 'Overdue']);
    expect(by('late')).toEqual(['Due soon', 'Overdue']);
    expect(by('replied')).toEqual(['Replied']);
  });

  it('finds every word in name, e-mail, company or message, ignoring case and accents', () => {
    const list = [
      contact({ name: 'João Carvalho', company: 'Metalúrgica do Norte' }),
      contact({ name: 'Tom Becker', email: 'tom@becker.de', message: 'KUKA robots, please.' }),
    ];
    const find = (query: string) => names(filterContacts(list, { ...NO_FILTERS, query }, now));
    expect(find('joao')).toEqual(['João Carvalho']);
    expect(find('  METALURGICA  norte ')).toEqual(['João Carvalho']);
    expect(find('becker.de kuka')).toEqual(['Tom Becker']);
    expect(find('kuka joao')).toEqual([]);
    expect(isFiltered({ ...NO_FILTERS, query: 'x' })).toBe(true);
    expect(isFiltered({ ...NO_FILTERS, query: '   ' })).toBe(false);
  });
});
