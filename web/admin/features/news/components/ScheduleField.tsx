import { useTranslation } from 'react-i18next';
import { fieldAria } from '../../../components/Field';
import { input, label } from '../../../lib/ui';
import type { ArticleDraft, DraftField } from '../lib/article-draft';
import { timeZoneName } from '../lib/schedule';

type Props = {
  draft: Pick<ArticleDraft, 'published' | 'schedule_at'>;
  /** The article is public now: "publish" keeps it so (with its date). */
  isPublic: boolean;
  error?: string;
  set: <K extends DraftField>(field: K, value: ArticleDraft[K]) => void;
};

type Choice = 'draft' | 'now' | 'at';

/**
 * When the article goes public: kept as a draft, published on saving, or at
 * a date and time in the admin's own time zone (named beside the field; the
 * server stores UTC).
 */
export function ScheduleField({ draft, isPublic, error, set }: Props) {
  const { t } = useTranslation();
  const choice: Choice = !draft.published ? 'draft' : draft.schedule_at === null ? 'now' : 'at';
  const choose = (next: Choice) => {
    set('published', next !== 'draft');
    set('schedule_at', next === 'at' ? (draft.schedule_at ?? '') : null);
  };
  const options: [Choice, string][] = [
    ['draft', t('admin.schedule.draft')],
    ['now', isPublic ? t('admin.schedule.public') : t('admin.form.publishNow')],
    ['at', t('admin.schedule.at')],
  ];
  return (
    <fieldset className="space-y-2">
      <legend className={label}>{t('admin.schedule.legend')}</legend>
      <div className="flex flex-wrap gap-x-5 gap-y-2">
        {options.map(([value, text]) => (
          <label key={value} className="flex items-center gap-2 text-sm text-slate-800">
            <input
              type="radio"
              name="publication"
              value={value}
              checked={choice === value}
              onChange={() => choose(value)}
              className="h-4 w-4 accent-slate-900"
            />
            {text}
          </label>
        ))}
      </div>
      {choice === 'at' && (
        <div className="space-y-1.5">
          <label htmlFor="article-schedule" className={label}>
            {t('admin.schedule.when')}
          </label>
          <input
            {...fieldAria('article-schedule', { hint: true, error })}
            type="datetime-local"
            name="schedule_at"
            value={draft.schedule_at ?? ''}
            onChange={(e) => set('schedule_at', e.target.value)}
            className={input}
          />
          {error && (
            <p id="article-schedule-error" className="text-sm text-red-700">
              {error}
            </p>
          )}
          <p id="article-schedule-hint" className="text-xs text-slate-600">
            {t('admin.schedule.zone', { zone: timeZoneName() })}
          </p>
        </div>
      )}
    </fieldset>
  );
}
