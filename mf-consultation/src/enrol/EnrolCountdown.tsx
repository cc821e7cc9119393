import { useEffect, useState } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link, useNavigate } from 'react-router-dom';

/** Seconds before a participant without categories is taken to the categories they can join (spec). */
export const REDIRECT_SECONDS = 20;

/** Seconds left at which the polite live region speaks again (every second would drown a screen reader). */
const ANNOUNCED = new Set([REDIRECT_SECONDS, 10, 5]);

/**
 * A participant enrolled in no category: a visible countdown, then `/enroll`. The remaining seconds are shown in a
 * timer; a polite live region announces the redirect at the start and at 10 and 5 seconds; a link goes there now.
 */
export function EnrolCountdown({ basePath }: { basePath: string }) {
  const navigate = useNavigate();
  const [left, setLeft] = useState(REDIRECT_SECONDS);
  const [announced, setAnnounced] = useState(REDIRECT_SECONDS);
  const target = `${basePath}/enroll`;

  useEffect(() => {
    if (left <= 0) {
      void navigate(target, { replace: true });
      return;
    }
    const timer = setTimeout(() => {
      const next = left - 1;
      setLeft(next);
      if (ANNOUNCED.has(next)) setAnnounced(next);
    }, 1000);
    return () => clearTimeout(timer);
  }, [left, navigate, target]);

  return (
    <div className="cons-countdown" data-testid="enrol-countdown">
      <p>
        <FormattedMessage id="consultation.participate.none" />
      </p>
      <p>
        <FormattedMessage
          id="consultation.participate.redirect"
          values={{
            seconds: left,
            timer: (chunks) => (
              <span role="timer" className="cons-countdown-seconds" data-testid="countdown-seconds">
                {chunks}
              </span>
            ),
          }}
        />
      </p>
      <p className="ag-visually-hidden" aria-live="polite" data-testid="countdown-announcement">
        <FormattedMessage id="consultation.participate.redirectSoon" values={{ seconds: announced }} />
      </p>
      <p>
        <Link className="ag-button ag-button-primary" to={target} replace data-testid="countdown-go">
          <FormattedMessage id="consultation.participate.goNow" />
        </Link>
      </p>
    </div>
  );
}
