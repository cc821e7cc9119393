import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export interface MenuItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
  /** a radio choice or an on/off switch: rendered as menuitemradio / menuitemcheckbox with aria-checked */
  checked?: boolean;
  role?: 'menuitem' | 'menuitemradio' | 'menuitemcheckbox';
  testId?: string;
}

export interface MenuProps {
  /** the accessible name of the button that opens it */
  label: string;
  /** what the button shows */
  button: ReactNode;
  items: readonly MenuItem[];
  testId: string;
}

/**
 * A menu button (WAI-ARIA menu pattern): Enter, Space or ArrowDown open it with focus on the first item, arrows,
 * Home and End move, Escape and Tab close it, focus goes back to the button; a click outside closes it.
 */
export function Menu({ label, button, items, testId }: MenuProps) {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const id = useId();

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector<HTMLElement>('[role^="menuitem"]')?.focus();
    const onDown = (e: MouseEvent) => {
      const target = e.target as Node;
      if (!listRef.current?.contains(target) && !buttonRef.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('mousedown', onDown);
    return () => document.removeEventListener('mousedown', onDown);
  }, [open]);

  const close = (focusButton: boolean) => {
    setOpen(false);
    if (focusButton) buttonRef.current?.focus();
  };

  const onKey = (e: KeyboardEvent) => {
    const entries = [...(listRef.current?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? [])];
    const at = entries.indexOf(document.activeElement as HTMLElement);
    const go = (i: number) => entries[(i + entries.length) % entries.length]?.focus();
    if (e.key === 'ArrowDown') go(at + 1);
    else if (e.key === 'ArrowUp') go(at - 1);
    else if (e.key === 'Home') go(0);
    else if (e.key === 'End') go(entries.length - 1);
    else if (e.key === 'Escape') close(true);
    else if (e.key === 'Tab') close(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
    e.stopPropagation();
  };

  return (
    <div className="structure-menu" data-testid={testId}>
      <button
        ref={buttonRef}
        type="button"
        className="ag-button structure-menu-button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        aria-label={label}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown') {
            e.preventDefault();
            setOpen(true);
          }
        }}
        data-testid={`${testId}-button`}
      >
        {button}
      </button>
      {open && (
        <ul
          ref={listRef}
          id={id}
          role="menu"
          aria-label={label}
          className="structure-menu-list"
          onKeyDown={onKey}
        >
          {items.map((item) => (
            <li
              key={item.key}
              role={item.role ?? 'menuitem'}
              aria-checked={item.checked === undefined ? undefined : item.checked}
              tabIndex={-1}
              className="structure-menu-item"
              data-testid={item.testId}
              onClick={() => {
                close(true);
                item.onSelect();
              }}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  close(true);
                  item.onSelect();
                }
              }}
            >
              {item.checked !== undefined && (
                <span aria-hidden="true" className="structure-menu-check">
                  {item.checked ? '✓' : ''}
                </span>
              )}
              {item.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
