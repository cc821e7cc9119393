import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SiteTextScope, SiteTextsAnswer } from '@agora/contracts/api';
import {
  ApiError,
  client,
  ErrorFromCall,
  errorMessageId,
  HtmlFrame,
  LeaveGuard,
  Loading,
  LocaleTabs,
  PageHeader,
  TextArea,
  TextField,
  useApiGet,
  useLocaleTexts,
  useNotify,
} from '@agora/platform';
import './siteTexts.css';

function same(a: SiteTextsAnswer, b: SiteTextsAnswer): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

function SiteTextsForm({ scope, stored }: { scope: SiteTextScope; stored: SiteTextsAnswer }) {
  const intl = useIntl();
  const notify = useNotify();
  const { initial, setInitial, values, setValues, locale, setLocale, current, set } = useLocaleTexts(
    stored,
    () => 'el',
  );
  const [busy, setBusy] = useState(false);
  const dirty = !same(initial, values);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      // the server's sanitised text is what the site shows
      const saved =
        scope === 'frontpage'
          ? await client.POST('/api/settings/scope/frontpage', { body: values })
          : await client.POST('/api/settings/scope/policy', { body: values });
      setInitial(saved);
      setValues(saved);
      notify({ type: 'success', body: 'settings updated' });
    } catch (error) {
      const coded = error instanceof ApiError && error.code !== undefined;
      notify({ type: 'warning', body: coded ? errorMessageId(error) : 'missing parameters' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-form" onSubmit={onSubmit} noValidate data-testid="site-texts-form">
      <LeaveGuard when={dirty} />
      <LocaleTabs
        locale={locale}
        onSelect={setLocale}
        label={intl.formatMessage({ id: 'shell.siteTexts.locales' })}
      >
        <TextField
          key={`title-${locale}`}
          label={<FormattedMessage id="shell.siteTexts.titleField" />}
          name={`title-${locale}`}
          value={current.title}
          onChange={set('title')}
          maxLength={200}
        />
        <TextArea
          key={`body-${locale}`}
          label={<FormattedMessage id="shell.siteTexts.body" />}
          hint={<FormattedMessage id="shell.siteTexts.bodyHint" />}
          name={`body-${locale}`}
          value={current.body}
          onChange={set('body')}
          rows={14}
        />
        <h2 className="sh-subtitle">
          <FormattedMessage id="shell.siteTexts.preview" />
        </h2>
        <HtmlFrame
          className="sh-html-preview"
          html={current.body}
          title={intl.formatMessage({ id: 'shell.siteTexts.preview' })}
          testId="html-preview"
        />
      </LocaleTabs>
      <div>
        <button
          type="submit"
          className="sh-button sh-button-primary"
          disabled={busy}
          data-testid="site-texts-submit"
        >
          <FormattedMessage id="shell.settings.save" />
        </button>
      </div>
    </form>
  );
}

/**
 * /admin/settings/frontpage and /admin/settings/policy (admin): the title and HTML body of the front page or of the
 * privacy policy, in Greek and English (tabs). The server sanitises the HTML when it is saved.
 */
export function SiteTextsPage({ scope }: { scope: SiteTextScope }) {
  const { data, error } = useApiGet(`/api/settings/scope/${scope}`, {});
  return (
    <section className="sh-account" data-testid={`site-texts-${scope}`}>
      <PageHeader title={<FormattedMessage id={`shell.siteTexts.${scope}.title`} />} />
      <p className="sh-settings-hint">
        <FormattedMessage id={`shell.siteTexts.${scope}.hint`} />
      </p>
      {error ? (
        <ErrorFromCall error={error} />
      ) : !data ? (
        <Loading />
      ) : (
        <SiteTextsForm scope={scope} stored={data as SiteTextsAnswer} />
      )}
    </section>
  );
}
