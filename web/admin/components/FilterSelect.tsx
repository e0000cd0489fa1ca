import { input, label as labelClass } from '../lib/ui';

type Props<V extends string> = {
  id: string;
  label: string;
  value: V;
  onChange: (value: V) => void;
  /** Each choice's value and its text, in the order shown. */
  options: readonly (readonly [V, string])[];
  className?: string;
};

/** A labelled select that narrows or orders a list (the news and enquiry toolbars). */
export function FilterSelect<V extends string>(props: Props<V>) {
  const { id, label, value, onChange, options, className = 'space-y-1' } = props;
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <select
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value as V)}
        className={input}
      >
        {options.map(([option, text]) => (
          <option key={option} value={option}>
            {text}
          </option>
        ))}
      </select>
    </div>
  );
}
