import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { label as labelClass } from '../lib/ui';

type Props = {
  id: string;
  label: string;
  required?: boolean;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
  className?: string;
};

/** The ids a control inside <Field> points to with aria-describedby. */
export function fieldAria(id: string, opts: { hint?: unknown; error?: string }) {
  const describedBy = [opts.error ? `${id}-error` : null, opts.hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return {
    id,
    'aria-invalid': opts.error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

/** Label, control, hint and error of one form field. */
export function Field({ id, label, required, hint, error, children, className = '' }: Props) {
  const { t } = useTranslation();
  return (
    <div className={`space-y-1.5 ${className}`}>
      <label htmlFor={id} className={labelClass}>
        {label}
        {required && (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        )}
        {required && <span className="sr-only"> ({t('admin.form.required')})</span>}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-slate-600">
          {hint}
        </p>
      )}
    </div>
  );
}
