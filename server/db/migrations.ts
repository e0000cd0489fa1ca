import type { Knex } from 'knex';
import * as users from '../../migrations/20250101000100_users';
import * as news from '../../migrations/20250101000200_news';
import * as contacts from '../../migrations/20250101000300_contacts';
import * as appState from '../../migrations/20250101000400_app_state';
import * as newsTranslations from '../../migrations/20261123100000_news_translations';
import * as newsSourceUpdatedAt from '../../migrations/20261123100100_news_source_updated_at';
import * as contactRepliesSpam from '../../migrations/20261123200000_contact_replies_spam';
import * as mailOutbox from '../../migrations/20261123200100_mail_outbox';
import * as rateLimits from '../../migrations/20261123300000_rate_limits';
import * as userSessions from '../../migrations/20261123300100_user_sessions';
import * as twoFactor from '../../migrations/20261123300200_two_factor';
import * as auditLog from '../../migrations/20261123300300_audit_log';
import * as media from '../../migrations/20261123400000_media';
import * as newsImageAlt from '../../migrations/20261123400100_news_image_alt';
import * as newsPreviews from '../../migrations/20261123400200_news_previews';
import * as newsRevisions from '../../migrations/20261123400300_news_revisions';
import * as newsSlugHistory from '../../migrations/20261123400400_news_slug_history';
import * as userRoles from '../../migrations/20261127140000_user_roles';
import * as settings from '../../migrations/20261127140100_settings';
import * as accountTokens from '../../migrations/20261127140200_account_tokens';
import * as siteTexts from '../../migrations/20261127150000_site_texts';
import * as demoContent from '../../migrations/20261127150100_demo_content';
import * as pagesAndLanguagePublishing from '../../migrations/20261127160000_pages_and_language_publishing';
import * as contactsLists from '../../migrations/20261127180000_contacts_lists';
import * as newsLists from '../../migrations/20261127180100_news_lists';
import * as enquirySources from '../../migrations/20261127200000_enquiry_sources';
import * as enquiryReplies from '../../migrations/20261128110000_enquiry_replies';
import * as pageViews from '../../migrations/20261128120000_page_views';
import * as autoReplyClaims from '../../migrations/20261128129000_auto_reply_claims';
import * as mediaDocumentsAndVideos from '../../migrations/20261128130000_media_documents_and_videos';
import * as listCounts from '../../migrations/20261128140000_list_counts';
import * as newsKindOrder from '../../migrations/20261128140100_news_kind_order';
import * as countShards from '../../migrations/20261128170000_count_shards';
import * as sitemapIndexes from '../../migrations/20261128150000_sitemap_indexes';
import * as newsMissingLanguages from '../../migrations/20261128180000_news_missing_languages';
import * as searchPrefixIndexes from '../../migrations/20261128190000_search_prefix_indexes';
import * as pageViewsReportIndexes from '../../migrations/20261129100000_page_views_report_indexes';
import * as contactSourceIds from '../../migrations/20261129100100_contact_source_ids';
import * as newsRevisionsSourceHash from '../../migrations/20261129110000_news_revisions_source_hash';
import * as pageViewMonths from '../../migrations/20261129110100_page_view_months';
import * as userNames from '../../migrations/20261129120000_user_names';
import * as mediaBytesBigint from '../../migrations/20261130100000_media_bytes_bigint';
import * as userLanguages from '../../migrations/20261201100000_user_languages';
import * as searchLetterFolding from '../../migrations/20261201120000_search_letter_folding';
import * as outboxRecipientAccounts from '../../migrations/20261202100000_outbox_recipient_accounts';
import * as contactsVisitorIndex from '../../migrations/20261203100000_contacts_visitor_index';

type Migration = { up(knex: Knex): Promise<void>; down(knex: Knex): Promise<void> };

/**
 * Every migration, in order, under the name knex records in `knex_migrations`.
 * The names keep the `.ts` of the files they were first run from, so a
 * database migrated by any release, from the sources or from the bundle,
 * is recognised. A new migration file is added here too (a test checks the
 * list against the folder).
 */
export const MIGRATIONS: ReadonlyArray<readonly [name: string, migration: Migration]> = [
  ['20250101000100_users.ts', users],
  ['20250101000200_news.ts', news],
  ['20250101000300_contacts.ts', contacts],
  ['20250101000400_app_state.ts', appState],
  ['20261123100000_news_translations.ts', newsTranslations],
  ['20261123100100_news_source_updated_at.ts', newsSourceUpdatedAt],
  ['20261123200000_contact_replies_spam.ts', contactRepliesSpam],
  ['20261123200100_mail_outbox.ts', mailOutbox],
  ['20261123300000_rate_limits.ts', rateLimits],
  ['20261123300100_user_sessions.ts', userSessions],
  ['20261123300200_two_factor.ts', twoFactor],
  ['20261123300300_audit_log.ts', auditLog],
  ['20261123400000_media.ts', media],
  ['20261123400100_news_image_alt.ts', newsImageAlt],
  ['20261123400200_news_previews.ts', newsPreviews],
  ['20261123400300_news_revisions.ts', newsRevisions],
  ['20261123400400_news_slug_history.ts', newsSlugHistory],
  ['20261127140000_user_roles.ts', userRoles],
  ['20261127140100_settings.ts', settings],
  ['20261127140200_account_tokens.ts', accountTokens],
  ['20261127150000_site_texts.ts', siteTexts],
  ['20261127150100_demo_content.ts', demoContent],
  ['20261127160000_pages_and_language_publishing.ts', pagesAndLanguagePublishing],
  ['20261127180000_contacts_lists.ts', contactsLists],
  ['20261127180100_news_lists.ts', newsLists],
  ['20261127200000_enquiry_sources.ts', enquirySources],
  ['20261128110000_enquiry_replies.ts', enquiryReplies],
  ['20261128120000_page_views.ts', pageViews],
  ['20261128129000_auto_reply_claims.ts', autoReplyClaims],
  ['20261128130000_media_documents_and_videos.ts', mediaDocumentsAndVideos],
  ['20261128140000_list_counts.ts', listCounts],
  ['20261128140100_news_kind_order.ts', newsKindOrder],
  ['20261128150000_sitemap_indexes.ts', sitemapIndexes],
  ['20261128170000_count_shards.ts', countShards],
  ['20261128180000_news_missing_languages.ts', newsMissingLanguages],
  ['20261128190000_search_prefix_indexes.ts', searchPrefixIndexes],
  ['20261129100000_page_views_report_indexes.ts', pageViewsReportIndexes],
  ['20261129100100_contact_source_ids.ts', contactSourceIds],
  ['20261129110000_news_revisions_source_hash.ts', newsRevisionsSourceHash],
  ['20261129110100_page_view_months.ts', pageViewMonths],
  ['20261129120000_user_names.ts', userNames],
  ['20261130100000_media_bytes_bigint.ts', mediaBytesBigint],
  ['20261201100000_user_languages.ts', userLanguages],
  ['20261201120000_search_letter_folding.ts', searchLetterFolding],
  ['20261202100000_outbox_recipient_accounts.ts', outboxRecipientAccounts],
  ['20261203100000_contacts_visitor_index.ts', contactsVisitorIndex],
];

/** A knex migration source over the list above: no folder is read at run time. */
export const migrationSource: Knex.MigrationSource<readonly [string, Migration]> = {
  getMigrations: async () => [...MIGRATIONS],
  getMigrationName: ([name]) => name,
  getMigration: async ([, migration]) => migration,
};
