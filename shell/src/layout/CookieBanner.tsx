import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router-dom';
import { COOKIES_ACCEPTED_KEY, useStoredFlag } from './storage';
import './CookieBanner.css';

/**
 * The cookie banner (spec part 1 §1): one short line and OK, compact enough to leave a phone screen usable;
 * dismissing it is remembered in localStorage.
 */
export function CookieBanner() {
  const intl = useIntl();
  const [accepted, setAccepted] = useStoredFlag(COOKIES_ACCEPTED_KEY);
  if (accepted) return null;
  return (
    <section
      className="sh-cookies"
      aria-label={intl.formatMessage({ id: 'shell.cookies.label' })}
      data-testid="cookie-banner"
    >
      <p>
        <FormattedMessage id="shell.cookies.text" />{' '}
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
