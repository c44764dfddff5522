/** An accessible tab list (WAI-ARIA tabs pattern): arrow keys, Home and End move between tabs. */
import { type KeyboardEvent, type ReactNode, useRef } from 'react';

export type TabDef<K extends string> = { key: K; label: string; icon?: ReactNode };

export function TabList<K extends string>({
  tabs,
  active,
  onSelect,
  label,
  idPrefix,
}: {
  tabs: TabDef<K>[];
  active: K;
  onSelect: (key: K) => void;
  label: string;
  idPrefix: string;
}) {
  const refs = useRef<(HTMLButtonElement | null)[]>([]);

  function onKeyDown(e: KeyboardEvent, index: number) {
    let next = -1;
    if (e.key === 'ArrowRight') next = (index + 1) % tabs.length;
    else if (e.key === 'ArrowLeft') next = (index - 1 + tabs.length) % tabs.length;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = tabs.length - 1;
    if (next < 0) return;
    e.preventDefault();
    onSelect(tabs[next].key);
    refs.current[next]?.focus();
  }

  return (
    <div
      role="tablist"
      aria-label={label}
      className="grid grid-cols-3 border-b border-stone-200 sm:flex sm:gap-1 sm:px-4"
    >
      {tabs.map((tab, i) => {
        const selected = tab.key === active;
        return (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${idPrefix}-tab-${tab.key}`}
            aria-selected={selected}
            aria-controls={`${idPrefix}-panel-${tab.key}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onSelect(tab.key)}
            onKeyDown={(e) => onKeyDown(e, i)}
            // min-w-0 and wrap-anywhere: a long word (a German compound) wraps inside its third of
            // a 390 px screen instead of running under its neighbours.
            className={`-mb-px flex min-w-0 items-center justify-center gap-2 border-b-2 px-2 py-3 text-center text-sm leading-tight font-semibold wrap-anywhere hyphens-auto transition-colors sm:px-4 sm:py-3.5 sm:whitespace-nowrap ${
              selected
                ? 'border-brand text-brand'
                : 'border-transparent text-stone-600 hover:border-stone-300 hover:text-stone-900'
            }`}
          >
            {tab.icon}
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}

export function TabPanel({
  idPrefix,
  tabKey,
  children,
}: {
  idPrefix: string;
  tabKey: string;
  children: ReactNode;
}) {
  return (
    <div
      role="tabpanel"
      id={`${idPrefix}-panel-${tabKey}`}
      aria-labelledby={`${idPrefix}-tab-${tabKey}`}
      className="p-5 sm:p-8"
    >
      {children}
    </div>
  );
}
