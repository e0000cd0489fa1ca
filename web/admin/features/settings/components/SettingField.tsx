import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SettingDefinition, SettingKey } from '#shared/settings';
import { fieldAria } from '../../../components/Field';
import { input, label as labelClass } from '../../../lib/ui';

type Props = {
  name: SettingKey;
  definition: SettingDefinition;
  value: unknown;
  error?: string;
  onChange: (value: unknown) => void;
};

/** A value as the page shows it: on/off, a number, a choice's label, lines of a list. */
export function useShownValue() {
  const { t } = useTranslation();
  return (name: SettingKey, definition: SettingDefinition, value: unknown): string => {
    switch (definition.kind) {
      case 'boolean':
        return value ? t('admin.settings.on') : t('admin.settings.off');
      case 'choice':
        return t(`admin.settings.keys.${name}.options.${String(value)}`);
      case 'list':
        return (value as string[]).length
          ? (value as string[]).join(', ')
          : t('admin.settings.empty');
      default:
        return String(value) || t('admin.settings.empty');
    }
  };
}

/**
 * One setting: its label, its meaning and its default, and the control its
 * kind calls for (shared/settings.ts).
 */
export function SettingField({ name, definition, value, error, onChange }: Props) {
  const { t } = useTranslation();
  const shown = useShownValue();
  const id = `setting-${name}`;
  const description = t(`admin.settings.keys.${name}.description`);
  const fallback = t('admin.settings.default', {
    value: shown(name, definition, definition.default),
  });
  const aria = fieldAria(id, { hint: true, error });
  const hint = (
    <div id={`${id}-hint`} className="space-y-1 text-sm text-slate-600">
      <p>{description}</p>
      <p className="text-xs text-slate-500">{fallback}</p>
    </div>
  );
  const errorLine = error && (
    <p id={`${id}-error`} className="text-sm text-red-700">
      {error}
    </p>
  );
  const title = t(`admin.settings.keys.${name}.label`);

  if (definition.kind === 'boolean') {
    return (
      <div className="flex gap-3" data-testid={id}>
        <input
          type="checkbox"
          {...aria}
          checked={value === true}
          onChange={(e) => onChange(e.target.checked)}
          className="mt-1 h-4 w-4 shrink-0 rounded border-slate-300 text-navy-900 focus:ring-sky-600"
        />
        <div className="space-y-1">
          <label htmlFor={id} className={labelClass}>
            {title}
          </label>
          {hint}
          {errorLine}
        </div>
      </div>
    );
  }

  return (
    <div className="space-y-1.5" data-testid={id}>
      <label htmlFor={id} className={labelClass}>
        {title}
      </label>
      {definition.kind === 'integer' && (
        <input
          type="number"
          {...aria}
          min={definition.min}
          max={definition.max}
          step={1}
          value={String(value)}
          onChange={(e) => onChange(e.target.value === '' ? '' : Number(e.target.value))}
          className={`${input} max-w-40`}
        />
      )}
      {definition.kind === 'choice' && (
        <select
          {...aria}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          className={`${input} max-w-md`}
        >
          {definition.options.map((option) => (
            <option key={option} value={option}>
              {t(`admin.settings.keys.${name}.options.${option}`)}
            </option>
          ))}
        </select>
      )}
      {definition.kind === 'text' && (
        <input
          type="text"
          {...aria}
          maxLength={definition.max}
          value={String(value)}
          onChange={(e) => onChange(e.target.value)}
          className={input}
        />
      )}
      {definition.kind === 'list' && (
        <ListInput aria={aria} value={value as string[]} onChange={onChange} />
      )}
      {hint}
      {errorLine}
    </div>
  );
}

/** The items of a list as typed: one a line, trimmed, blank lines left out. */
const toList = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const sameList = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

/**
 * A list edited one item a line. The text stays as typed (a new line, a
 * blank line, spaces) and the form gets its items; the text is rewritten
 * only when the value changes from outside to items the text does not hold.
 */
function ListInput({
  aria,
  value,
  onChange,
}: {
  aria: ReturnType<typeof fieldAria>;
  value: string[];
  onChange: (value: string[]) => void;
}) {
  const [text, setText] = useState(() => value.join('\n'));
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    if (!sameList(toList(text), value)) setText(value.join('\n'));
  }
  return (
    <textarea
      {...aria}
      rows={4}
      value={text}
      onChange={(e) => {
        setText(e.target.value);
        onChange(toList(e.target.value));
      }}
      className={input}
    />
  );
}
