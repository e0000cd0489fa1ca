import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { control, controlState } from './form-styles';

type ControlProps = {
  id: string;
  className: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
};

type Props = {
  id: string;
  label: string;
  required?: boolean;
  /**
   * The error to show, when the field is touched and wrong: a translation key
   * from the form's own check, or the server's message (already translated)
   * for a form posted without JavaScript.
   */
  error?: string;
  /** Renders the input with the id, classes and ARIA attributes the field decides. */
  children: (props: ControlProps) => ReactElement;
};

/** Label tied to its control, the control, and the inline error beneath it. */
export function FormField({ id, label, required, error, children }: Props) {
  const { t, i18n } = useTranslation();
  const errorId = `${id}-error`;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-semibold text-navy-800">
        {label}
        {required ? (
          <>
            <span className="ml-0.5 text-red-700" aria-hidden="true">
              *
            </span>
            <span className="sr-only"> ({t('contact.form.required')})</span>
          </>
        ) : (
          <span className="ml-1.5 font-normal text-steel-600">({t('contact.form.optional')})</span>
        )}
      </label>
      {children({
        id,
        className: `${control} ${error ? controlState.error : controlState.ok}`,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': error ? errorId : undefined,
      })}
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-700">
          {i18n.exists(error) ? t(error) : error}
        </p>
      )}
    </div>
  );
}
