import { useTranslation } from 'react-i18next';
import { Outlet, useLocation, useNavigation } from 'react-router-dom';
import { Toaster } from '../../common/toast';
import { loadingLabelKey } from '../lib/loading-label';
import { Spinner } from '../ui/Spinner';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import { Header } from './Header';
import { LanguageSync } from './LanguageSync';
import { PageFocus } from './PageFocus';
import { PageViews } from './PageViews';
import { ScrollToTop } from './ScrollToTop';

/**
 * Frame of every public page. While the router loads another page, its
 * spinner stands in for the old content (the news list handles its own page
 * changes so its header stays).
 */
export function SiteLayout() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.location?.pathname;
  const loadingOther =
    navigation.state === 'loading' && target !== undefined && target !== pathname;

  return (
    <div className="flex min-h-screen flex-col bg-white text-navy-900">
      <a
        href="#main"
        className="site-skip site-dark sr-only z-50 rounded-md bg-signal-400 px-4 py-2 font-semibold text-navy-950 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        {t('nav.skip')}
      </a>
      <Header />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {loadingOther ? <Spinner label={t(loadingLabelKey(target))} /> : <Outlet />}
      </main>
      <Footer />
      <Toaster />
      <LanguageSync />
      <DocumentTitle />
      <ScrollToTop />
      <PageFocus />
      <PageViews />
    </div>
  );
}
