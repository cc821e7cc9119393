import { FormattedMessage } from 'react-intl';
import { PageHeader } from '@agora/platform';

/** The sections of the default policy text; each has `shell.policy.<id>.title` and `.text` messages. */
const SECTIONS = ['controller', 'account', 'answers', 'cookies', 'storage', 'rights'] as const;

/**
 * /policy (public): the privacy policy the cookie banner links to — a default text about what Agora stores.
 * A text edited in the settings is a later addition.
 */
export function PolicyPage() {
  return (
    <section className="sh-account sh-policy" data-testid="policy-page">
      <PageHeader title={<FormattedMessage id="shell.policy.title" />} />
      <p>
        <FormattedMessage id="shell.policy.intro" />
      </p>
      {SECTIONS.map((id) => (
        <section key={id} aria-labelledby={`policy-${id}`} data-testid={`policy-${id}`}>
          <h2 id={`policy-${id}`} className="sh-subtitle">
            <FormattedMessage id={`shell.policy.${id}.title`} />
          </h2>
          <p>
            <FormattedMessage id={`shell.policy.${id}.text`} />
          </p>
        </section>
      ))}
    </section>
  );
}
