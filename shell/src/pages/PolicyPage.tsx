import { FormattedMessage, useIntl } from 'react-intl';
import type { SiteTextsAnswer } from '@agora/contracts/api';
import { DateText, Loading, PageHeader, useApiGet } from '@agora/platform';

/** The sections of the default policy text; each has `shell.policy.<id>.title` and `.text` messages. */
const SECTIONS = ['controller', 'account', 'answers', 'resultsMail', 'cookies', 'storage', 'rights'] as const;

type SiteText = SiteTextsAnswer['el'];

/** The text in `locale`, else in the other locale, else null (nothing written: the default text is shown). */
export function siteTextFor(texts: SiteTextsAnswer | undefined, locale: string): SiteText | null {
  if (!texts) return null;
  const filled = (t: SiteText) => t.title.trim() !== '' || t.body.trim() !== '';
  const order = locale === 'en' ? [texts.en, texts.el] : [texts.el, texts.en];
  return order.find(filled) ?? null;
}

/**
 * How long the answers stay linked to their people (decision 0089): a sentence, and the projects that are open or
 * whose results are public with each one's retention, from the consultation's public list. The list is left out
 * while it loads or when it cannot be read; the sentence stays.
 */
export function RetentionSection() {
  const { data } = useApiGet('/api/project/retention', {}, { revalidateOnFocus: false });
  const projects = data?.projects ?? [];
  return (
    <section aria-labelledby="policy-retention" data-testid="policy-retention">
      <h2 id="policy-retention" className="sh-subtitle">
        <FormattedMessage id="shell.policy.retention.title" />
      </h2>
      <p>
        <FormattedMessage id="shell.policy.retention.text" />
      </p>
      {projects.length > 0 && (
        <ul data-testid="policy-retention-list">
          {projects.map((p) => (
            <li key={p.token}>
              <strong>{p.title}</strong>
              {': '}
              {p.retention_days === null ? (
                <FormattedMessage id="shell.policy.retention.kept" />
              ) : (
                <FormattedMessage
                  id="shell.policy.retention.detached"
                  values={{ days: p.retention_days, end: <DateText value={p.end_date} /> }}
                />
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DefaultPolicy() {
  return (
    <>
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
    </>
  );
}

/**
 * /policy (public): the privacy policy the cookie banner links to. The text an administrator wrote in the
 * settings, in the visitor's language (else in the other one); without one, a default text about what Agora
 * stores. The body is HTML sanitised by the server when it was saved and when it is read. Below either, the
 * retention of the answers of the open and published projects.
 */
export function PolicyPage() {
  const { locale } = useIntl();
  const { data, error, isLoading } = useApiGet('/api/settings/scope/policy', {});
  const text = error ? null : siteTextFor(data as SiteTextsAnswer | undefined, locale);
  return (
    <section className="sh-account sh-policy" data-testid="policy-page">
      {isLoading ? (
        <Loading />
      ) : text ? (
        <>
          <PageHeader title={text.title.trim() ? text.title : <FormattedMessage id="shell.policy.title" />} />
          <div
            className="sh-site-text"
            data-testid="policy-text"
            dangerouslySetInnerHTML={{ __html: text.body }}
          />
          <RetentionSection />
        </>
      ) : (
        <>
          <DefaultPolicy />
          <RetentionSection />
        </>
      )}
    </section>
  );
}
