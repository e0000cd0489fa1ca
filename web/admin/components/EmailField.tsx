import type { InputHTMLAttributes } from 'react';
import { input } from '../lib/ui';
import { Field, fieldAria } from './Field';

type Props = Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'id' | 'type' | 'value' | 'onChange' | 'className'
> & {
  id: string;
  label: string;
  value: string;
  /** The message under the field; the input is marked invalid and described by it. */
  error?: string;
  /** Told each change of the address (the form clears the field's error then). */
  onChange: (value: string) => void;
};

/**
 * An e-mail address field: its label, the input (`autoComplete="email"`
 * unless told otherwise) and the error the form found in it.
 */
export function EmailField({
  id,
  label,
  value,
  error,
  onChange,
  autoComplete = 'email',
  ...attributes
}: Props) {
  return (
    <Field id={id} label={label} error={error}>
      <input
        {...attributes}
        {...fieldAria(id, { error })}
        type="email"
        autoComplete={autoComplete}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={input}
      />
    </Field>
  );
}
