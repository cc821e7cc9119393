import { useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  active: number;
  onSelect(index: number): void;
  /** the tab list's accessible name */
  label: string;
  /** the panel of the active tab */
  children: ReactNode;
  testId?: string;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right (wrapping), Home and End move between tabs and select
 * them; only the active tab is in the Tab order; the panel is labelled by its tab.
 */
export function Tabs({ tabs, active, onSelect, label, children, testId }: TabsProps) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const go = (index: number) => {
    onSelect(index);
    refs.current[index]?.focus();
  };
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    const next =
      event.key === 'ArrowRight'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowLeft'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (next === null) return;
    event.preventDefault();
    go(next);
  };
  const current = tabs[active];
  return (
    <div className="cons-ans-tabs" data-testid={testId}>
      <div role="tablist" aria-label={label} className="cons-ans-tablist">
        {tabs.map((tab, i) => (
          <button
            key={tab.key}
            ref={(el) => {
              refs.current[i] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${i}`}
            aria-selected={i === active}
            aria-controls={`${base}-panel`}
            tabIndex={i === active ? 0 : -1}
            className={`cons-ans-tab${i === active ? ' is-active' : ''}`}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {current && (
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${active}`}
          className="cons-ans-tabpanel"
        >
          {children}
        </div>
      )}
    </div>
  );
}
