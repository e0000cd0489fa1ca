import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { ArrowRight } from 'lucide-react';
import { useLocalize } from '../../lib/page-language';
import { buttonGhost, buttonPrimary, container } from '../../ui/styles';
import type { HeroMedia } from '#shared/media';
import { HeroVideo } from './HeroVideo';

export function Hero({ hero }: { hero: HeroMedia }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <section
      aria-labelledby="hero-title"
      className="site-dark relative isolate overflow-hidden bg-navy-950 text-white"
    >
      <HeroVideo hero={hero}>
        <div className={`${container} relative py-24 sm:py-32 lg:py-40`}>
          <p className="mb-4 text-sm font-semibold tracking-[0.2em] text-signal-300 uppercase">
            {t('home.hero.subtitle')}
          </p>
          <h1
            id="hero-title"
            className="max-w-3xl text-4xl font-bold text-balance sm:text-5xl lg:text-6xl"
          >
            {t('home.hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg leading-relaxed text-steel-200">
            {t('home.hero.description')}
          </p>
          <div className="mt-10 flex flex-col gap-4 sm:flex-row">
            <Link to={localize('/contact')} className={buttonPrimary}>
              {t('home.hero.primary')}
              <ArrowRight aria-hidden="true" className="size-4" />
            </Link>
            <Link to={localize('/news')} className={buttonGhost}>
              {t('home.hero.secondary')}
            </Link>
          </div>
        </div>
      </HeroVideo>
    </section>
  );
}
