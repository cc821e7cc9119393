import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import './share.css';

export interface ShareWidgetProps {
  /** what is shared: the title of the page */
  title: string;
  /** the shared link: a site path (`/participate/category/x`) or an absolute URL; default: the current page */
  url?: string;
}

/** The absolute URL of `url` (a site path or an absolute URL), or of the current page. */
function absoluteUrl(url: string | undefined): string {
  const here = window.location.href.split('#')[0] ?? '';
  return url ? new URL(url, window.location.origin).href : here;
}

/** The share pages of the services, as plain links: opening one sends nothing anywhere until the user acts. */
export function shareLinks(url: string, title: string): { key: string; href: string }[] {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { key: 'email', href: `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}` },
    { key: 'facebook', href: `https://www.facebook.com/sharer/sharer.php?u=${u}` },
    { key: 'x', href: `https://x.com/intent/tweet?url=${u}&text=${t}` },
    { key: 'linkedin', href: `https://www.linkedin.com/sharing/share-offsite/?url=${u}` },
    { key: 'whatsapp', href: `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}` },
  ];
}

type Copy = 'idle' | 'copied' | 'failed';

/**
 * Shares a page's link without any third-party script: the device's share sheet (Web Share API) where there is
 * one, otherwise plain links to the share pages of e-mail, Facebook, X, LinkedIn and WhatsApp; and a copy-link
 * button whose outcome is announced. Faint until hovered or focused (spec: opacity 0.3).
 */
export function ShareWidget({ title, url }: ShareWidgetProps) {
  const intl = useIntl();
  const [copy, setCopy] = useState<Copy>('idle');
  const link = absoluteUrl(url);
  const canShare = typeof navigator !== 'undefined' && typeof navigator.share === 'function';

  const onShare = async () => {
    try {
      await navigator.share({ title, url: link });
    } catch {
      // cancelled by the user, or refused: nothing to say
    }
  };
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <div
      className="cons-share"
      role="group"
      aria-label={intl.formatMessage({ id: 'consultation.share.label' }, { title })}
      data-testid="share-widget"
    >
      <span className="cons-share-title" aria-hidden="true">
        <FormattedMessage id="consultation.share.title" />
      </span>
      <ul className="cons-share-list">
        {canShare ? (
          <li>
            <button
              type="button"
              className="cons-share-item"
              onClick={() => void onShare()}
              data-testid="share-native"
            >
              <FormattedMessage id="consultation.share.native" />
            </button>
          </li>
        ) : (
          shareLinks(link, title).map(({ key, href }) => (
            <li key={key}>
              <a
                className="cons-share-item"
                href={href}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`share-${key}`}
              >
                <FormattedMessage id={`consultation.share.${key}`} />
                <span className="ag-visually-hidden">
                  {' '}
                  <FormattedMessage id="consultation.share.newWindow" />
                </span>
              </a>
            </li>
          ))
        )}
        <li>
          <button
            type="button"
            className="cons-share-item"
            onClick={() => void onCopy()}
            data-testid="share-copy"
          >
            <FormattedMessage id="consultation.share.copy" />
          </button>
        </li>
      </ul>
      <p className="cons-share-status" aria-live="polite" data-testid="share-status">
        {copy === 'copied' && <FormattedMessage id="consultation.share.copied" />}
        {copy === 'failed' && (
          <>
            <FormattedMessage id="consultation.share.copyFailed" />{' '}
            <span className="cons-share-url">{link}</span>
          </>
        )}
      </p>
    </div>
  );
}
