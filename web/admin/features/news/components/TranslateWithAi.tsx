import { useState } from 'react';
import { Languages, TriangleAlert } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { button } from '../../../lib/ui';
import type { ArticleTranslator } from '../hooks/useTranslateArticle';
import { textIn, type ArticleDraft } from '../lib/article-draft';
import { useDocumentKind } from '../lib/document-kind';
import { sourceReady, translationTargets, type TargetPicks } from '../lib/translation-targets';
import { TranslationFailures } from './TranslationFailures';

type Props = { draft: ArticleDraft; translator: ArticleTranslator };

const NOTE_ID = 'translate-replaces-note';
const INTO_ID = 'translate-into-label';

/**
 * "Translate with AI": the admin ticks the languages to draft (the missing
 * ones by default) and each is drafted from the source by its own call. A
 * ticked language that already has text is marked, with a note that the draft
 * replaces it in the form; nothing is stored until the article is saved.
 * Laid out inside the wrapping row of the source language.
 */
export function TranslateWithAi({ draft, translator }: Props) {
  const { t, i18n } = useTranslation();
  const [picks, setPicks] = useState<TargetPicks>({});
  const { working, translate } = translator;
  const all = translationTargets(draft, picks);
  const options = all.filter((o) => !working.has(o.language));
  const targets = options.filter((o) => o.chosen).map((o) => o.language);
  const replacing = options.filter((o) => o.chosen && o.replaces).map((o) => o.language);
  const ready = sourceReady(draft, useDocumentKind());
  const from = draft.source_language;
  const run = (languages: typeof targets) =>
    translate({ source: textIn(draft, from), from, targets: languages });
  const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    replacing.map((l) => t(`article.inLanguage.${l}`)),
  );

  return (
    <>
      <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
        <div role="group" aria-labelledby={INTO_ID} className="flex flex-wrap items-center gap-2">
          <span
            id={INTO_ID}
            className="basis-full text-sm font-medium text-slate-800 sm:basis-auto"
          >
            {t('admin.translate.into')}
          </span>
          {all.map(({ language, chosen, replaces }) => {
            const busy = working.has(language);
            const warn = chosen && replaces && !busy;
            return (
              <label
                key={language}
                className={`inline-flex cursor-pointer items-center gap-2 rounded-md border px-2.5 py-1.5 text-sm has-disabled:cursor-not-allowed has-disabled:opacity-60 ${
                  warn
                    ? 'border-amber-400 bg-amber-50 text-amber-950'
                    : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50'
                }`}
              >
                <input
                  type="checkbox"
                  checked={busy || chosen}
                  disabled={busy}
                  aria-describedby={warn ? NOTE_ID : undefined}
                  onChange={(e) => setPicks((p) => ({ ...p, [language]: e.target.checked }))}
                  className="h-4 w-4 accent-slate-900"
                />
                <span lang={language}>{t(`language.names.${language}`)}</span>
                {warn && <TriangleAlert aria-hidden="true" className="h-4 w-4 text-amber-700" />}
              </label>
            );
          })}
        </div>
        <button
          type="button"
          className={button.secondary}
          disabled={!ready || targets.length === 0}
          title={
            !ready
              ? t('admin.translate.needSource')
              : targets.length === 0
                ? t('admin.translate.chooseTargets')
                : undefined
          }
          onClick={() => {
            run(targets);
            setPicks({});
          }}
        >
          <Languages aria-hidden="true" className="h-4 w-4" />
          {targets.length > 0
            ? t('admin.translate.button', {
                languages: targets.map((l) => l.toUpperCase()).join(', '),
              })
            : t('admin.translate.buttonIdle')}
        </button>
      </div>
      {/* Full width under the controls: the parent row wraps. */}
      <div className="basis-full space-y-2 empty:hidden">
        {replacing.length > 0 && (
          <p id={NOTE_ID} className="flex items-start gap-2 text-sm text-amber-900">
            <TriangleAlert aria-hidden="true" className="mt-0.5 h-4 w-4 shrink-0 text-amber-700" />
            {t('admin.translate.replaces', { languages: names })}
          </p>
        )}
        <TranslationFailures
          from={from}
          translator={translator}
          canRetry={ready}
          onRetry={(language) => run([language])}
        />
      </div>
    </>
  );
}
