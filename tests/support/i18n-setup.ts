import { LANGUAGES } from '#shared/languages';
import { loadLanguage } from '../../web/common/i18n';

/** Tests render synchronously with `i18nFor`: every catalogue is loaded up front. */
await Promise.all(LANGUAGES.map((language) => loadLanguage(language)));
