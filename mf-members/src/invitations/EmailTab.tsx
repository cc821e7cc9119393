import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router-dom';

/** The invitation template's name (`/admin/settings/templates/invitation`). */
export const INVITATION_TEMPLATE = 'invitation';

/** The shortcodes of the invitation template (the mailing service's TEMPLATE_SHORTCODES.invitation). */
export const INVITATION_SHORTCODES = ['firstname', 'lastname', 'email', 'link', 'message'] as const;

/**
 * The email tab: the invitations are written from the `invitation` e-mail template, in the invitation's
 * language; each shortcode is replaced for each invitee.
 */
export function EmailTab({ basePath }: { basePath: string }) {
  return (
    <div className="mb-inv-help" data-testid="invitation-email-tab">
      <p>
        <FormattedMessage id="members.invitations.email.intro" values={{ name: INVITATION_TEMPLATE }} />
      </p>
      <p>
        <FormattedMessage id="members.invitations.email.shortcodes" />
      </p>
      <dl className="mb-inv-shortcodes" data-testid="invitation-shortcodes">
        {INVITATION_SHORTCODES.map((s) => (
          <div key={s}>
            <dt>
              <code>[{s}]</code>
            </dt>
            <dd>
              <FormattedMessage id={`members.invitations.shortcode.${s}`} />
            </dd>
          </div>
        ))}
      </dl>
      <p>
        <Link
          to={`${basePath}/admin/settings/templates/${INVITATION_TEMPLATE}`}
          data-testid="invitation-template-link"
        >
          <FormattedMessage id="members.invitations.email.edit" />
        </Link>
      </p>
    </div>
  );
}
