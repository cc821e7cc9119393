import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router-dom';
import { isErrorCode } from '@agora/contracts';
import type { OAuthProvider } from '@agora/contracts/api';
import { useSettings } from '@agora/platform';

/** Each provider's start route (the accounts service's external logins); `?invitation=` makes it accept one. */
const START: Readonly<Record<OAuthProvider, string>> = {
  open: '/api/oauth',
  google: '/api/goauth',
  facebook: '/api/fblogin',
};

/**
 * `?error=<code>`: why an external login did not accept the invitation (set by the accounts service when it sends
 * the browser back here); a code no service answers reads as the provider's failure.
 */
function ExternalLoginError() {
  const [params] = useSearchParams();
  const code = params.get('error');
  if (!code) return null;
  const id = `platform.error.${isErrorCode(code) ? code : 'ACCOUNTS.OAUTH_FAILED'}`;
  return (
    <p className="cons-invitation-error" role="alert" data-testid="invitation-login-error">
      <FormattedMessage id={id} />
    </p>
  );
}

/**
 * An invitation sent with OAuth: one button per external login the site offers (named as on the login page), each
 * starting that provider's login for this invitation (decision 0047); and the reason a previous try came back.
 */
export function InvitationLogins({ hash, providers }: { hash: string; providers: readonly OAuthProvider[] }) {
  const { settings } = useSettings();
  const label = (p: OAuthProvider) =>
    p === 'google' ? 'Google' : p === 'facebook' ? 'Facebook' : settings.openAuthTitle || null;
  return (
    <>
      <ExternalLoginError />
      {providers.length > 0 && (
        <section className="cons-invitation-logins" data-testid="invitation-logins">
          <h2>
            <FormattedMessage id="consultation.invitation.external" />
          </h2>
          <ul>
            {providers.map((p) => (
              <li key={p}>
                <a
                  className="ag-button"
                  href={`${START[p]}?invitation=${encodeURIComponent(hash)}`}
                  data-testid={`invitation-login-${p}`}
                >
                  {label(p) ?? <FormattedMessage id="consultation.invitation.openAuth" />}
                </a>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
