import type { Knex } from 'knex';

/**
 * The enquiry lists and statistics of the admin at any size: an index for
 * the order "unanswered first" (the repo orders by the same expression),
 * one for the read filter and the unread count, and a full-text index over each enquiry's name, e-mail, company and message,
 * in the database's own engine, kept in step by the database itself:
 *
 * - SQLite: an FTS5 table over `contacts` (external content, so the text is
 *   stored once), tokenised by `unicode61` with diacritics removed, so that
 *   `joao` finds `João`; three triggers update it with every insert, change and deletion,
 *   in the same transaction.
 * - PostgreSQL: a generated `tsvector` column (the `simple` configuration:
 *   words as written, lower case, no stemming, which suits a mix of English,
 *   Portuguese and German) over the text folded by `search_fold` (lower
 *   case, common Latin accents taken off, `@ . _ - /` as spaces, so an
 *   address is found by its parts), with a GIN index.
 *
 * A later migration that rebuilds `contacts` on SQLite (knex does so for
 * some column changes) must create the three triggers again.
 */

/** Small accented letters of the Latin alphabets of en/pt/de (and near neighbours)... */
const ACCENTED = 'áàâãäåāăąçćčďéèêëēėęěíìîïīįłñńňóòôõöøōőœŕřśšşťúùûüūůűųýÿžźż';
/** ...and the letter each folds to (its base letter; ł, ø and œ have none to decompose to). */
const UNDECOMPOSED: Record<string, string> = { ł: 'l', ø: 'o', œ: 'o' };
const PLAIN = [...ACCENTED].map((c) => UNDECOMPOSED[c] ?? c.normalize('NFD')[0]).join('');
/**
 * Capitals too: `lower` leaves them as they are under a C locale, which
 * PostgreSQL clusters are often made with.
 */
const FROM = ACCENTED + ACCENTED.toUpperCase();
const TO = PLAIN + PLAIN;
const SEPARATORS = '@._-/';

export async function up(knex: Knex): Promise<void> {
  await knex.raw(`
    create index contacts_spam_unreplied_first_index
    on contacts (spam, (replied_at is not null), created_at desc, id desc)`);
  await knex.schema.alterTable('contacts', (t) => {
    t.index(['spam', 'read', 'created_at'], 'contacts_spam_read_created_at_index');
  });
  if (knex.client.config.client === 'pg') {
    await knex.raw(`
      create or replace function search_fold(t text) returns text
      language sql immutable parallel safe
      as $$ select translate(lower(t), '${FROM}${SEPARATORS}', '${TO}${' '.repeat(SEPARATORS.length)}') $$`);
    await knex.raw(`
      alter table contacts add column search tsvector generated always as (
        to_tsvector('simple', search_fold(
          name || ' ' || email || ' ' || coalesce(company, '') || ' ' || message))
      ) stored`);
    await knex.raw('create index contacts_search_index on contacts using gin (search)');
    return;
  }
  await knex.raw(`
    create virtual table contacts_fts using fts5(
      name, email, company, message,
      content = 'contacts', content_rowid = 'id',
      tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3')`);
  await knex.raw(`
    create trigger contacts_fts_insert after insert on contacts begin
      insert into contacts_fts(rowid, name, email, company, message)
      values (new.id, new.name, new.email, new.company, new.message);
    end`);
  await knex.raw(`
    create trigger contacts_fts_delete after delete on contacts begin
      insert into contacts_fts(contacts_fts, rowid, name, email, company, message)
      values ('delete', old.id, old.name, old.email, old.company, old.message);
    end`);
  await knex.raw(`
    create trigger contacts_fts_update after update of name, email, company, message on contacts
    begin
      insert into contacts_fts(contacts_fts, rowid, name, email, company, message)
      values ('delete', old.id, old.name, old.email, old.company, old.message);
      insert into contacts_fts(rowid, name, email, company, message)
      values (new.id, new.name, new.email, new.company, new.message);
    end`);
  await knex.raw(`insert into contacts_fts(contacts_fts) values ('rebuild')`);
}

export async function down(knex: Knex): Promise<void> {
  await knex.raw('drop index if exists contacts_spam_unreplied_first_index');
  await knex.raw('drop index if exists contacts_spam_read_created_at_index');
  if (knex.client.config.client === 'pg') {
    await knex.raw('drop index if exists contacts_search_index');
    await knex.raw('alter table contacts drop column if exists search');
    await knex.raw('drop function if exists search_fold(text)');
    return;
  }
  for (const trigger of ['contacts_fts_insert', 'contacts_fts_delete', 'contacts_fts_update']) {
    await knex.raw(`drop trigger if exists ${trigger}`);
  }
  await knex.raw('drop table if exists contacts_fts');
}
