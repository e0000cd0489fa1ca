import { useTranslation } from 'react-i18next';
import { Spinner } from '../components/Spinner';
import { useLlmStatus } from '../features/news/api/llm.queries';
import { useSiteTextsQuery } from '../features/site-texts/api/site-texts.queries';
import { SiteTextsEditor } from '../features/site-texts/components/SiteTextsEditor';
import { onWeb } from '../lib/on-web';
import { AdminScreen } from './AdminScreen';

/** /admin/texts: the site's own texts, by where they appear, in three languages. */
export function SiteTextsPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={t('admin.siteTexts.title')}
      description={t('admin.siteTexts.subtitle')}
      capability="content"
    >
      {() => <Texts />}
    </AdminScreen>
  );
}

function Texts() {
  const { t } = useTranslation();
  const texts = useSiteTextsQuery();
  const llm = useLlmStatus();
  if (texts.isPending) {
    return (
      <p role="status" className="flex items-center gap-2 text-sm text-slate-600">
        <Spinner className="h-4 w-4" />
        {t('admin.siteTexts.loading')}
      </p>
    );
  }
  if (texts.isError) return <p className="text-sm text-red-700">{t('admin.errors.loadData')}</p>;
  return (
    <SiteTextsEditor
      texts={texts.data.texts}
      aiAvailable={typeof llm === 'object' && llm.configured}
      siteLinks={onWeb()}
    />
  );
}
