import { useLayoutEffect, useRef, type RefObject } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { BOTTOM_INSET_PROPERTY } from '@agora/platform';
import { COOKIES_ACCEPTED_KEY, useStoredFlag } from './storage';
import './CookieBanner.css';

/**
 * While the banner is shown, its height is the page's bottom inset (`BOTTOM_INSET_PROPERTY` on the root
 * element): the page keeps that much room below its content, so the banner covers no table row or form button,
 * and the notifications stack above it. Measured again whenever the banner's height changes (a narrower window,
 * another language); removed when the banner goes.
 */
function useBottomInset(ref: RefObject<HTMLElement | null>, shown: boolean) {
  useLayoutEffect(() => {
    const root = document.documentElement;
    const el = ref.current;
    if (!shown || !el) return;
    const measure = () => root.style.setProperty(BOTTOM_INSET_PROPERTY, `${el.offsetHeight}px`);
    measure();
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(measure);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      root.style.removeProperty(BOTTOM_INSET_PROPERTY);
    };
  }, [ref, shown]);
}

/**
 * The cookie banner (spec part 1 §1): one short line and OK, fixed at the bottom of the window; on a phone the
 * short text (one or two lines). Dismissing it is remembered in localStorage.
 */
export function CookieBanner() {
  const intl = useIntl();
  const [accepted, setAccepted] = useStoredFlag(COOKIES_ACCEPTED_KEY);
  const ref = useRef<HTMLElement>(null);
  useBottomInset(ref, !accepted);
  if (accepted) return null;
  return (
    <section
      ref={ref}
      className="sh-cookies"
      aria-label={intl.formatMessage({ id: 'shell.cookies.label' })}
      data-testid="cookie-banner"
    >
      <p>
        <span className="sh-cookies-long">
          <FormattedMessage id="shell.cookies.text" />
        </span>
        <span className="sh-cookies-short">
          <FormattedMessage id="shell.cookies.short" />
        </span>{' '}
        <Link to="/policy">
          <FormattedMessage id="shell.cookies.policy" />
        </Link>
      </p>
      <button
        type="button"
        className="sh-button sh-button-primary"
        onClick={() => setAccepted(true)}
        data-testid="cookie-accept"
      >
        <FormattedMessage id="shell.cookies.accept" />
      </button>
    </section>
  );
}
