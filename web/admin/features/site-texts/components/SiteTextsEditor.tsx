import { Search } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteText, SiteTextGroupId } from '#shared/site-texts';
import { input } from '../../../lib/ui';
import { useTextsEditor } from '../hooks/useTextsEditor';
import { matching, textsByGroup } from '../lib/texts-draft';
import { GroupPanel } from './GroupPanel';
import { SaveBar } from './SaveBar';
import { TextsChangedDialog } from './TextsChangedDialog';

type Props = {
  texts: SiteText[];
  /** A language model is configured: "Translate with AI" is offered. */
  aiAvailable: boolean;
  /** The public site can be opened from here (the web admin, not the desktop app). */
  siteLinks: boolean;
};

/**
 * Site texts by where they appear: a list of groups (home page parts,
 * contact, footer, page titles, privacy) with how many texts each has
 * changed, one group's texts in three languages, its page's preview, and
 * one save for every unsaved change (refused, with the choice of whose
 * text to keep, when a colleague changed some of them meanwhile). A search
 * finds a text in any group.
 */
export function SiteTextsEditor({ texts, aiAvailable, siteLinks }: Props) {
  const { t } = useTranslation();
  const searchId = useId();
  const editor = useTextsEditor(texts);
  const groups = textsByGroup(texts);
  const [active, setActive] = useState<SiteTextGroupId>(groups[0]?.id ?? 'hero');
  const [query, setQuery] = useState('');
  const found = query.trim() ? textsByGroup(matching(texts, query)) : null;
  const shown = found ?? groups.filter((g) => g.id === active);

  return (
    <div className="grid gap-6 pb-24 lg:grid-cols-[14rem_1fr]">
      <nav aria-label={t('admin.siteTexts.groupsLabel')} className="space-y-3">
        <div className="relative">
          <label htmlFor={searchId} className="sr-only">
            {t('admin.siteTexts.search')}
          </label>
          <Search
            aria-hidden="true"
            className="pointer-events-none absolute top-2.5 left-2.5 h-4 w-4 text-slate-500"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('admin.siteTexts.search')}
            className={`${input} pl-8`}
          />
        </div>
        <ul className="flex flex-wrap gap-1 lg:flex-col">
          {groups.map((group) => {
            const changed = group.texts.filter((x) => Object.keys(x.values).length > 0).length;
            const unsaved = group.texts.some((x) => editor.values[x.key]);
            const current = !found && group.id === active;
            return (
              <li key={group.id}>
                <button
                  type="button"
                  aria-current={current ? 'true' : undefined}
                  onClick={() => {
                    setActive(group.id);
                    setQuery('');
                  }}
                  className={`flex w-full items-center justify-between gap-2 rounded-md px-3 py-2 text-left text-sm ${
                    current
                      ? 'bg-navy-900 font-semibold text-white'
                      : 'text-slate-700 hover:bg-slate-100'
                  }`}
                >
                  <span>
                    {t(`admin.siteTexts.groups.${group.id}`)}
                    {unsaved && (
                      <span className="sr-only"> ({t('admin.siteTexts.status.unsaved')})</span>
                    )}
                  </span>
                  <span className="flex items-center gap-1.5 text-xs">
                    {unsaved && (
                      <span aria-hidden="true" className="h-2 w-2 rounded-full bg-sky-500" />
                    )}
                    {changed > 0 && (
                      <span title={t('admin.siteTexts.changedCount', { count: changed })}>
                        <span aria-hidden="true">{changed}</span>
                        <span className="sr-only">
                          {t('admin.siteTexts.changedCount', { count: changed })}
                        </span>
                      </span>
                    )}
                  </span>
                </button>
              </li>
            );
          })}
        </ul>
      </nav>
      <div className="min-w-0 space-y-6">
        {found && found.length === 0 && (
          <p className="text-sm text-slate-600">{t('admin.siteTexts.noMatch')}</p>
        )}
        {shown.map((group) => (
          <GroupPanel
            key={group.id}
            id={group.id}
            texts={group.texts}
            all={texts}
            editor={editor}
            aiAvailable={aiAvailable}
            siteLinks={siteLinks}
            withPreview={!found}
          />
        ))}
      </div>
      <SaveBar editor={editor} />
      {editor.conflict && (
        <TextsChangedDialog
          conflict={editor.conflict}
          texts={texts}
          edits={editor.edits}
          onSaveAnyway={editor.saveAnyway}
          onTakeTheirs={editor.takeTheirs}
          onClose={editor.closeConflict}
        />
      )}
    </div>
  );
}
