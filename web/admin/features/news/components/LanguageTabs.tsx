import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, type Language } from '#shared/languages';
import { Spinner } from '../../../components/Spinner';
import type { TabState } from '../lib/language-state';

type Props = {
  selected: Language;
  onSelect: (language: Language) => void;
  stateOf: (language: Language) => TabState;
  /** Languages with an error in their fields. */
  invalid: ReadonlySet<Language>;
  /** Languages the model is translating into now. */
  working: ReadonlySet<Language>;
  /** Languages whose last translation failed. */
  failed: ReadonlySet<Language>;
  /** The id of the panel the tabs control. */
  panelId: string;
};

/** The badge also shows a translation under way, or one that failed where nothing was there. */
type BadgeState = TabState | 'working' | 'failed';

const badge: Record<BadgeState, string> = {
  source: 'bg-slate-900 text-white',
  done: 'bg-emerald-100 text-emerald-900',
  draft: 'bg-violet-100 text-violet-900',
  missing: 'bg-slate-100 text-slate-600',
  outdated: 'bg-amber-100 text-amber-900',
  working: 'bg-sky-100 text-sky-900',
  failed: 'bg-red-100 text-red-800',
};

/**
 * One tab per language of the article form: the source marked, each
 * translation saying whether it is published, a draft, missing or older than the source,
 * being translated now, or failed; arrow keys move between tabs (WAI-ARIA tabs pattern).
 */
export function LanguageTabs(props: Props) {
  const { selected, onSelect, stateOf, invalid, working, failed, panelId } = props;
  const { t } = useTranslation();
  const onKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    event.preventDefault();
    const at = LANGUAGES.indexOf(selected);
    const next = LANGUAGES[(at + step + LANGUAGES.length) % LANGUAGES.length] ?? selected;
    onSelect(next);
    document.getElementById(`article-tab-${next}`)?.focus();
  };
  return (
    <div
      role="tablist"
      aria-label={t('admin.translate.tabs')}
      onKeyDown={onKey}
      className="flex flex-wrap gap-1 border-b border-slate-200"
    >
      {LANGUAGES.map((language) => {
        const stored = stateOf(language);
        const state: BadgeState = working.has(language)
          ? 'working'
          : failed.has(language) && stored === 'missing'
            ? 'failed'
            : stored;
        const active = language === selected;
        return (
          <button
            key={language}
            id={`article-tab-${language}`}
            type="button"
            role="tab"
            aria-selected={active}
            aria-controls={panelId}
            tabIndex={active ? 0 : -1}
            onClick={() => onSelect(language)}
            className={`-mb-px flex items-center gap-2 rounded-t-md border px-3 py-2 text-sm font-medium focus-visible:ring-2 focus-visible:ring-slate-500 focus-visible:outline-none ${
              active
                ? 'border-slate-200 border-b-white bg-white text-slate-900'
                : 'border-transparent text-slate-600 hover:text-slate-900'
            }`}
          >
            <span lang={language}>{t(`language.names.${language}`)}</span>
            <span
              className={`inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-[11px] font-semibold ${badge[state]}`}
            >
              {state === 'working' && <Spinner className="h-3 w-3" />}
              {t(`admin.translate.state.${state}`)}
            </span>
            {invalid.has(language) && (
              <span
                className="h-2 w-2 rounded-full bg-red-600"
                title={t('admin.translate.hasErrors')}
              >
                <span className="sr-only">{t('admin.translate.hasErrors')}</span>
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
