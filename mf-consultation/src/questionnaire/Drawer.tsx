import { useEffect, useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';

export interface DrawerProps {
  /** below the mobile breakpoint: the aside is a drawer */
  mobile: boolean;
  open: boolean;
  setOpen: (open: boolean) => void;
  children: React.ReactNode;
}

/**
 * The aside: beside the map, or below the mobile breakpoint a drawer opened and closed by its button, the focus
 * going into it when it opens and back to its button when it closes.
 */
export function Drawer({ mobile, open, setOpen, children }: DrawerProps) {
  const intl = useIntl();
  const button = useRef<HTMLButtonElement>(null);
  const drawer = useRef<HTMLElement>(null);
  useEffect(() => {
    if (!mobile) return;
    if (open) drawer.current?.querySelector<HTMLElement>('button, a, input')?.focus();
  }, [open, mobile]);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  return (
    <>
      {mobile && (
        <button
          ref={button}
          type="button"
          className="ag-button cons-drawer-toggle"
          aria-expanded={open}
          aria-controls="cons-aside"
          onClick={() => (open ? close() : setOpen(true))}
          data-testid="drawer-toggle"
        >
          <FormattedMessage
            id={open ? 'consultation.questionnaire.drawer.close' : 'consultation.questionnaire.drawer.open'}
          />
        </button>
      )}
      <aside
        id="cons-aside"
        ref={drawer}
        className={`cons-aside${mobile ? ' is-drawer' : ''}${open ? ' is-open' : ''}`}
        hidden={mobile && !open}
        aria-label={intl.formatMessage({ id: 'consultation.questionnaire.aside' })}
        onKeyDown={(e) => {
          if (mobile && e.key === 'Escape') close();
        }}
        data-testid="aside"
      >
        {children}
      </aside>
    </>
  );
}
