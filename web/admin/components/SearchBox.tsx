import { Search } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { SEARCH_MAX_LENGTH } from '#shared/list-query';
import { input, label as labelClass } from '../lib/ui';

/** How long typing pauses before the search is asked for. */
export const SEARCH_DELAY_MS = 300;

type Props = {
  id: string;
  label: string;
  placeholder: string;
  /** The search in force (from the address). */
  value: string;
  /** Called once typing pauses, with the text typed. */
  onSearch: (value: string) => void;
  className?: string;
};

/**
 * A list's search box: what is typed shows at once, and the search is asked
 * for once typing pauses (not per key). A search changed elsewhere (Back,
 * a link) shows in the box.
 */
export function SearchBox({ id, label, placeholder, value, onSearch, className }: Props) {
  const [text, setText] = useState(value);
  const latest = useRef(onSearch);
  latest.current = onSearch;
  const typed = useRef(false);

  useEffect(() => {
    if (!typed.current) setText(value);
  }, [value]);

  useEffect(() => {
    if (!typed.current) return;
    const timer = setTimeout(() => {
      typed.current = false;
      if (text.trim() !== value.trim()) latest.current(text.trim());
    }, SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);

  return (
    <div className={className ?? 'space-y-1'}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-3 h-4 w-4 -translate-y-1/2 text-slate-500"
        />
        <input
          id={id}
          type="search"
          value={text}
          maxLength={SEARCH_MAX_LENGTH}
          placeholder={placeholder}
          onChange={(e) => {
            typed.current = true;
            setText(e.target.value);
          }}
          className={`${input} pl-9`}
        />
      </div>
    </div>
  );
}
