import { ChevronDown, PenLine, Plus, Sparkles } from 'lucide-react';
import { useCallback, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { useDismiss } from '../../../../common/useDismiss';
import { button } from '../../../lib/ui';
import type { LlmAvailability } from '../api/llm.queries';
import { useDocumentKind } from '../lib/document-kind';

type Props = {
  llm: LlmAvailability;
  onManual: () => void;
  onAi: () => void;
  triggerRef: RefObject<HTMLButtonElement | null>;
};

/** 'Add News' menu button: Manually / Using AI. Closes on outside click, Escape and Tab. */
export function AddNewsMenu({ llm, onManual, onAi, triggerRef }: Props) {
  const { t } = useTranslation();
  // The same menu adds a page on the Pages tab.
  const keys = useDocumentKind() === 'page' ? 'admin.pages' : 'admin.news';
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const aiReady = typeof llm === 'object' && llm.configured;
  const aiNote =
    llm === 'checking'
      ? 'admin.news.aiChecking'
      : llm === 'unknown'
        ? 'admin.news.aiStatusFailed'
        : 'admin.news.aiUnavailable';

  const close = useCallback(
    (refocus: boolean) => {
      setOpen(false);
      if (refocus) triggerRef.current?.focus();
    },
    [triggerRef],
  );
  useDismiss(box, open, close);

  const items = () =>
    Array.from(box.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const openAndFocus = (which: 'first' | 'last') => {
    setOpen(true);
    requestAnimationFrame(() => (which === 'first' ? items()[0] : items().at(-1))?.focus());
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const list = items();
    const at = list.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = {
      ArrowDown: at + 1,
      ArrowUp: at - 1,
      Home: 0,
      End: list.length - 1,
    };
    if (event.key === 'Tab') return close(false);
    const to = moves[event.key];
    if (to === undefined) return;
    event.preventDefault();
    list[(to + list.length) % list.length]?.focus();
  };
  const choose = (action: () => void) => {
    setOpen(false);
    action();
  };

  const item =
    'flex w-full items-center gap-2 px-3 py-2 text-left text-sm text-slate-800 hover:bg-slate-100 focus:bg-slate-100 focus:outline-none aria-disabled:cursor-not-allowed aria-disabled:text-slate-400 aria-disabled:hover:bg-transparent';
  return (
    <div ref={box} className="relative">
      <button
        ref={triggerRef}
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls="add-news-menu"
        className={button.primary}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
            e.preventDefault();
            openAndFocus(e.key === 'ArrowDown' ? 'first' : 'last');
          }
        }}
      >
        <Plus aria-hidden="true" className="h-4 w-4" />
        {t(`${keys}.add`)}
        <ChevronDown
          aria-hidden="true"
          className={`h-4 w-4 transition-transform ${open ? 'rotate-180' : ''}`}
        />
      </button>
      {open && (
        <div
          id="add-news-menu"
          role="menu"
          aria-label={t(`${keys}.add`)}
          onKeyDown={onMenuKey}
          className="absolute right-0 z-20 mt-2 w-72 overflow-hidden rounded-lg border border-slate-200 bg-white py-1 shadow-lg"
        >
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            className={item}
            onClick={() => choose(onManual)}
          >
            <PenLine aria-hidden="true" className="h-4 w-4" />
            {t(`${keys}.addManually`)}
          </button>
          <button
            type="button"
            role="menuitem"
            tabIndex={-1}
            aria-disabled={!aiReady}
            aria-describedby={aiReady ? undefined : 'add-news-ai-note'}
            className={item}
            onClick={() => aiReady && choose(onAi)}
          >
            <Sparkles aria-hidden="true" className="h-4 w-4" />
            {t(`${keys}.addWithAi`)}
          </button>
          {!aiReady && (
            <p
              id="add-news-ai-note"
              className="border-t border-slate-100 px-3 py-2 text-xs text-slate-600"
            >
              {t(aiNote)}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
