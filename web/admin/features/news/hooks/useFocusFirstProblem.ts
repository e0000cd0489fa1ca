import { useEffect, useRef, type RefObject } from 'react';
import type { Language } from '#shared/languages';
import type { DraftErrors } from '../lib/article-draft';

/**
 * A refused save takes the reader to its first problem: a field of the
 * language shown, else the first language tab with one (then its field).
 * Once per refusal (`refusals` counts them): choosing a tab later moves no
 * focus.
 */
export function useFocusFirstProblem(
  formElement: RefObject<HTMLFormElement | null>,
  form: { refusals: number; errors: DraftErrors },
  language: Language,
  setLanguage: (language: Language) => void,
): void {
  const seeking = useRef(0);
  useEffect(() => {
    if (form.refusals > 0) seeking.current = form.refusals;
  }, [form.refusals]);
  useEffect(() => {
    if (seeking.current === 0) return;
    const invalid = formElement.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (invalid) {
      seeking.current = 0;
      invalid.focus();
      invalid.scrollIntoView?.({ block: 'center' });
      return;
    }
    const other = Object.keys(form.errors)
      .filter((key) => form.errors[key])
      .map((key) => /^translations\.(\w+)\./.exec(key)?.[1])
      .find((l): l is Language => l !== undefined && l !== language);
    if (other) setLanguage(other);
    else seeking.current = 0;
    // Runs after each refusal, and again once the tab it chose shows.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [form.refusals, language]);
}
