import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export type Tab = { id: string; label: string; icon: ReactNode; panel: ReactNode };

type Props = {
  tabs: Tab[];
  active: string;
  onChange: (id: string) => void;
  /** Panels kept mounted out of sight, listed or not (useKeptPanels): a form they hold stays open. */
  kept?: Tab[];
};

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active one is in the Tab order. */
export function DashboardTabs({ tabs, active, onChange, kept = [] }: Props) {
  const { t } = useTranslation();
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});
  const index = Math.max(
    0,
    tabs.findIndex((tab) => tab.id === active),
  );
  const shown = tabs[index]?.id;
  const listed = new Set(tabs.map((tab) => tab.id));

  const onKeyDown = (event: KeyboardEvent) => {
    // From the tab that has focus, not the active one: a second arrow press
    // may come before the first one's change has rendered.
    const focused = tabs.findIndex((tab) => refs.current[tab.id] === event.target);
    const from = focused === -1 ? index : focused;
    const moves: Record<string, number> = {
      ArrowRight: from + 1,
      ArrowLeft: from - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const next = tabs[(target + tabs.length) % tabs.length]!;
    onChange(next.id);
    refs.current[next.id]?.focus();
  };

  return (
    <>
      <div
        role="tablist"
        aria-label={t('admin.tabs.label')}
        onKeyDown={onKeyDown}
        className="flex gap-1 border-b border-slate-200"
      >
        {tabs.map((tab) => {
          const selected = tab.id === shown;
          return (
            <button
              key={tab.id}
              ref={(el) => {
                refs.current[tab.id] = el;
              }}
              type="button"
              role="tab"
              id={`tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => onChange(tab.id)}
              className={`-mb-px inline-flex items-center gap-2 border-b-2 px-4 py-3 text-sm font-semibold transition-colors ${
                selected
                  ? 'border-slate-900 text-slate-900'
                  : 'border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900'
              }`}
            >
              {tab.icon}
              {tab.label}
            </button>
          );
        })}
      </div>
      {/* One list, so a panel the tabs no longer list stays the same element, still mounted. */}
      {[...tabs, ...kept.filter((tab) => !listed.has(tab.id))].map((tab) => (
        <div
          key={tab.id}
          role={listed.has(tab.id) ? 'tabpanel' : undefined}
          id={listed.has(tab.id) ? `panel-${tab.id}` : undefined}
          aria-labelledby={listed.has(tab.id) ? `tab-${tab.id}` : undefined}
          hidden={tab.id !== shown}
          className="pt-6"
        >
          {(tab.id === shown || kept.some((k) => k.id === tab.id)) && tab.panel}
        </div>
      ))}
    </>
  );
}
