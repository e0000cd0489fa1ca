import { useTranslation } from 'react-i18next';
import { MediaManager } from '../features/media/components/MediaManager';
import { onWeb } from '../lib/on-web';
import { AdminScreen } from './AdminScreen';

/** /admin/media: pictures, documents and videos, and the home page's hero. */
export function MediaPage() {
  const { t } = useTranslation();
  return (
    <AdminScreen
      title={t('admin.media.pageTitle')}
      description={t('admin.media.pageSubtitle')}
      capability="content"
    >
      {() => <MediaManager siteLinks={onWeb()} />}
    </AdminScreen>
  );
}
