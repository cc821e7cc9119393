import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface TabItem {
  key: string;
  label: ReactNode;
  /** `data-testid` of the tab button */
  testId?: string;
}

export interface TabsProps {
  tabs: readonly TabItem[];
  /** index of the active tab */
  active: number;
  onSelect: (index: number) => void;
  /** the tab list's accessible name */
  label: string;
  /** the panel of the active tab */
  children: ReactNode;
  testId?: string;
  /** changing it moves the focus to the active tab (e.g. after a form opened the next tab by itself) */
  focusRequest?: number;
}

/**
 * WAI-ARIA tabs with automatic activation: Left/Right (wrapping), Home and End move between the tabs and select
 * them; only the active tab is in the Tab order; the one panel is labelled by its tab (none when `active` names
 * no tab).
 */
export function Tabs({ tabs, active, onSelect, label, children, testId, focusRequest }: TabsProps) {
  const base = useId();
  const refs = useRef<Array<HTMLButtonElement | null>>([]);
  const activeRef = useRef(active);
  useEffect(() => {
    activeRef.current = active;
  }, [active]);
  useEffect(() => {
    if (focusRequest) refs.current[activeRef.current]?.focus();
  }, [focusRequest]);
  const onKeyDown = (event: KeyboardEvent, index: number) => {
    const last = tabs.length - 1;
    let next: number | null = null;
    if (event.key === 'ArrowRight') next = index === last ? 0 : index + 1;
    else if (event.key === 'ArrowLeft') next = index === 0 ? last : index - 1;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = last;
    if (next === null) return;
    event.preventDefault();
    onSelect(next);
    refs.current[next]?.focus();
  };
  return (
    <div className="ag-tabs" data-testid={testId}>
      <div role="tablist" aria-label={label} className="ag-tablist">
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
            className={`ag-tab${i === active ? ' is-active' : ''}`}
            onClick={() => onSelect(i)}
            onKeyDown={(e) => onKeyDown(e, i)}
            data-testid={tab.testId}
          >
            {tab.label}
          </button>
        ))}
      </div>
      {tabs[active] && (
        <div
          role="tabpanel"
          id={`${base}-panel`}
          aria-labelledby={`${base}-tab-${active}`}
          className="ag-tabpanel"
        >
          {children}
        </div>
      )}
    </div>
  );
}
