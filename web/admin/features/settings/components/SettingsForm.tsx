import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Profile } from '#shared/auth';
import {
  SETTING_GROUPS,
  SETTING_KEYS,
  SETTINGS,
  type SettingKey,
  type Settings,
} from '#shared/settings';
import { ApiError } from '../../../../common/api';
import { toast } from '../../../../common/toast';
import { useLeaveGuard } from '../../../hooks/useLeaveGuard';
import { button, card } from '../../../lib/ui';
import { useSaveSettings } from '../api/settings.queries';
import { SettingField } from './SettingField';

type Props = { saved: Settings; profile: Profile | undefined };

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The form's values (`draft`) and the saved values they were opened from
 * (`base`); `from` is the `saved` they last followed.
 */
type FormState = { from: Settings; base: Settings; draft: Settings };

/**
 * Re-bases the form on `next` for `keys`: a key whose value is still `was`
 * (by default the base: the admin left it alone) takes the new value; one
 * the admin has edited keeps what they wrote.
 */
function rebase(
  form: FormState,
  next: Settings,
  keys: readonly SettingKey[],
  was: Partial<Settings> = form.base,
): FormState {
  const base: Record<string, unknown> = { ...form.base };
  const draft: Record<string, unknown> = { ...form.draft };
  for (const key of keys) {
    if (same(form.draft[key], was[key])) draft[key] = next[key];
    base[key] = next[key];
  }
  return { ...form, base: base as Settings, draft: draft as Settings };
}

/**
 * Every setting of the catalogue, grouped, each with its meaning and
 * default; one Save sends only what the admin changed. The form follows
 * newer saved values (a colleague's save, fetched again) for the settings
 * the admin has not touched. The server's message for a refused value is
 * shown under its field.
 */
export function SettingsForm({ saved, profile }: Props) {
  const { t } = useTranslation();
  const save = useSaveSettings();
  const [form, setForm] = useState<FormState>({ from: saved, base: saved, draft: saved });
  if (form.from !== saved) setForm({ ...rebase(form, saved, SETTING_KEYS), from: saved });
  const { base, draft } = form;
  const [errors, setErrors] = useState<Record<string, string>>({});
  const changes = Object.fromEntries(
    SETTING_KEYS.filter((key) => !same(draft[key], base[key])).map((key) => [key, draft[key]]),
  ) as Partial<Settings>;
  const changed = Object.keys(changes).length > 0;
  // Said as text, for a colleague whose role changes before they can save it (AdminScreen).
  useLeaveGuard(changed, () =>
    Object.entries(changes)
      .map(([key, value]) => {
        const shown = typeof value === 'string' ? value : JSON.stringify(value);
        return `${t(`admin.settings.keys.${key}.label`)} (${key}): ${shown}`;
      })
      .join('\n'),
  );
  // Turning the rule on binds this admin too: say so before they save.
  const bindsMe =
    draft.require_two_factor && !base.require_two_factor && profile?.two_factor_enabled === false;

  async function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!changed) return;
    setErrors({});
    const sent = Object.keys(changes) as SettingKey[];
    try {
      const answer = await save.mutateAsync(changes);
      // The sent keys now stand as the server has them; what was typed since stays a change.
      setForm((f) => rebase(f, answer, sent, changes));
      toast.success(t('admin.settings.saved'));
    } catch (error) {
      if (error instanceof ApiError && error.details) setErrors(error.details);
      toast.failure(t, error, 'admin.settings.saveFailed');
    }
  }

  // Each control gives a value of its own kind; the server checks it again.
  const set = (key: SettingKey, value: unknown) =>
    setForm((f) => ({ ...f, draft: { ...f.draft, [key]: value } as Settings }));

  return (
    <form onSubmit={onSubmit} noValidate className="grid max-w-4xl gap-6">
      {SETTING_GROUPS.map((group) => (
        <fieldset key={group} className={`${card} space-y-6 p-6`}>
          <legend className="sr-only">{t(`admin.settings.groups.${group}`)}</legend>
          <h3 aria-hidden="true" className="text-lg font-semibold text-slate-900">
            {t(`admin.settings.groups.${group}`)}
          </h3>
          {SETTING_KEYS.filter((key) => SETTINGS[key].group === group).map((key) => (
            <SettingField
              key={key}
              name={key}
              definition={SETTINGS[key]}
              value={draft[key]}
              error={errors[key]}
              onChange={(value) => set(key, value)}
            />
          ))}
        </fieldset>
      ))}
      {bindsMe && (
        <p
          role="note"
          className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900"
        >
          {t('admin.settings.selfTwoFactor')}
        </p>
      )}
      <div className="flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className={button.primary}
          disabled={save.isPending || !changed}
          aria-describedby={changed ? undefined : 'settings-unchanged'}
        >
          {save.isPending ? t('admin.settings.saving') : t('admin.settings.save')}
        </button>
        {!changed && (
          <p id="settings-unchanged" className="text-sm text-slate-600">
            {t('admin.settings.nothingChanged')}
          </p>
        )}
      </div>
    </form>
  );
}
