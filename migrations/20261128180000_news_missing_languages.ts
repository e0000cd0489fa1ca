import type { Knex } from 'knex';

/**
 * Which articles and pages lack which language, kept by the database:
 * `news_missing_languages` holds a row (news_id, language) for each row of
 * `news` and each content language that is neither its source language nor
 * one of its translations. The admin's filter "missing German" (or any
 * language) then reads these few rows instead of asking every article
 * whether it has a translation: at 10,000 articles, nearly all of them
 * translated, that question was asked 10,000 times for the page and again
 * for its total.
 *
 * Triggers on `news` (insert, delete, a change of its source language) and
 * on `news_translations` (insert, delete, a change of its article or
 * language) keep the rows in the transaction of every write, however it is
 * made: SQLite with triggers per row, PostgreSQL with row triggers in
 * PL/pgSQL. The rows already there are filled here.
 *
 * The content languages are those of shared/languages.ts when this was
 * written (a migration keeps its own copy); a new language needs a
 * migration that adds its rows and triggers. A later migration that
 * rebuilds `news` or `news_translations` on SQLite must create their
 * triggers again.
 */

const LANGUAGES = ['en', 'pt', 'de'] as const;
const TABLE = 'news_missing_languages';

const isPg = (knex: Knex) => knex.client.config.client === 'pg';

const quoted = (language: string) => `'${language}'`;
const LANGUAGE_LIST = LANGUAGES.map(quoted).join(', ');

/** Whether the row of `news` with id `id` has no translation in `language` (SQL expressions). */
const untranslated = (id: string, language: string) =>
  `not exists (select 1 from news_translations where news_translations.news_id = ${id} and news_translations.language = ${language})`;

/** The rows of `news` (or `row`, a trigger's new row) that lack `language`, as (news_id, language). */
const lacking = (language: string, row?: string) =>
  row
    ? `select ${row}.id, ${quoted(language)} where ${row}.source_language <> ${quoted(language)} and ${untranslated(`${row}.id`, quoted(language))}`
    : `select news.id, ${quoted(language)} from news where news.source_language <> ${quoted(language)} and ${untranslated('news.id', quoted(language))}`;

/** The (news_id, language) of a translation `row` that is gone, when its article now lacks it. */
const nowLacking = (row: string) =>
  `select ${row}.news_id, ${row}.language from news
    where news.id = ${row}.news_id and news.source_language <> ${row}.language
      and ${row}.language in (${LANGUAGE_LIST})`;

export async function up(knex: Knex): Promise<void> {
  await knex.schema.createTable(TABLE, (t) => {
    t.integer('news_id').notNullable();
    t.string('language', 2).notNullable();
    t.primary(['language', 'news_id']);
    t.index(['news_id'], `${TABLE}_news_id_index`);
  });
  await knex.raw(
    `insert into ${TABLE} (news_id, language) ${LANGUAGES.map((l) => lacking(l)).join(' union all ')}`,
  );
  if (isPg(knex)) {
    await postgresTriggers(knex);
    // Statistics from the start: a table this small is not analysed on its
    // own until 50 rows have changed, and PostgreSQL would meanwhile guess
    // it holds hundreds of rows and ask every article about them instead.
    await knex.raw(`analyze ${TABLE}`);
  } else await sqliteTriggers(knex);
}

async function sqliteTriggers(knex: Knex): Promise<void> {
  // No alias for a table in a trigger: SQLite then refuses to rename any table while it exists.
  const addNew = LANGUAGES.map(
    (l) => `insert or ignore into ${TABLE} (news_id, language) ${lacking(l, 'new')};`,
  ).join('\n');
  const statements: [string, string][] = [
    ['news_insert', `after insert on news begin ${addNew} end`],
    ['news_delete', `after delete on news begin delete from ${TABLE} where news_id = old.id; end`],
    [
      'news_update',
      `after update of id, source_language on news
       when old.id <> new.id or old.source_language is not new.source_language begin
         delete from ${TABLE} where news_id = old.id;
         ${addNew}
       end`,
    ],
    [
      'translation_insert',
      `after insert on news_translations begin
         delete from ${TABLE} where news_id = new.news_id and language = new.language;
       end`,
    ],
    [
      'translation_delete',
      `after delete on news_translations begin
         insert or ignore into ${TABLE} (news_id, language) ${nowLacking('old')};
       end`,
    ],
    [
      'translation_update',
      `after update of news_id, language on news_translations begin
         insert or ignore into ${TABLE} (news_id, language) ${nowLacking('old')};
         delete from ${TABLE} where news_id = new.news_id and language = new.language;
       end`,
    ],
  ];
  for (const [name, body] of statements) {
    await knex.raw(`create trigger ${TABLE}_${name} ${body}`);
  }
}

async function postgresTriggers(knex: Knex): Promise<void> {
  const addNew = LANGUAGES.map(
    (l) => `insert into ${TABLE} (news_id, language) ${lacking(l, 'new')} on conflict do nothing;`,
  ).join('\n');
  await knex.raw(`
    create function ${TABLE}_of_news() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        delete from ${TABLE} where news_id = old.id;
      end if;
      if tg_op <> 'DELETE' then
        ${addNew}
      end if;
      return null;
    end $$`);
  await knex.raw(`
    create function ${TABLE}_of_translations() returns trigger language plpgsql as $$
    begin
      if tg_op <> 'INSERT' then
        insert into ${TABLE} (news_id, language) ${nowLacking('old')} on conflict do nothing;
      end if;
      if tg_op <> 'DELETE' then
        delete from ${TABLE} where news_id = new.news_id and language = new.language;
      end if;
      return null;
    end $$`);
  const triggers: [string, string][] = [
    ['news_insert', `after insert on news for each row execute function ${TABLE}_of_news()`],
    ['news_delete', `after delete on news for each row execute function ${TABLE}_of_news()`],
    [
      'news_update',
      `after update of id, source_language on news for each row
       when (old.id <> new.id or old.source_language is distinct from new.source_language)
       execute function ${TABLE}_of_news()`,
    ],
    [
      'translation_insert',
      `after insert on news_translations for each row execute function ${TABLE}_of_translations()`,
    ],
    [
      'translation_delete',
      `after delete on news_translations for each row execute function ${TABLE}_of_translations()`,
    ],
    [
      'translation_update',
      `after update of news_id, language on news_translations for each row
       execute function ${TABLE}_of_translations()`,
    ],
  ];
  for (const [name, body] of triggers) {
    await knex.raw(`create trigger ${TABLE}_${name} ${body}`);
  }
}

const TRIGGERS: [string, string][] = [
  ['news_insert', 'news'],
  ['news_delete', 'news'],
  ['news_update', 'news'],
  ['translation_insert', 'news_translations'],
  ['translation_delete', 'news_translations'],
  ['translation_update', 'news_translations'],
];

export async function down(knex: Knex): Promise<void> {
  for (const [name, table] of TRIGGERS) {
    await knex.raw(`drop trigger if exists ${TABLE}_${name}${isPg(knex) ? ` on ${table}` : ''}`);
  }
  if (isPg(knex)) {
    await knex.raw(`drop function if exists ${TABLE}_of_news()`);
    await knex.raw(`drop function if exists ${TABLE}_of_translations()`);
  }
  await knex.schema.dropTableIfExists(TABLE);
}
