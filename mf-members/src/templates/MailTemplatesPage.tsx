import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Navigate, useNavigate, useParams } from 'react-router-dom';
import type {
  MailTemplateAnswer,
  MailTemplateContent,
  MailTemplateListAnswer,
  MailTemplateLocale,
} from '@agora/contracts/api';
import {
  client,
  ErrorFromCall,
  errorMessageId,
  HtmlFrame,
  LeaveGuard,
  Loading,
  LocaleTabs,
  LOCALES,
  PageHeader,
  Select,
  TextArea,
  TextField,
  useApiGet,
  useLocaleTexts,
  useNotify,
} from '@agora/platform';
import './templates.css';

type Contents = Record<MailTemplateLocale, MailTemplateContent>;

/** A template's name as people read it (a template added later without a translation shows its name). */
function useTemplateLabel(): (name: string) => string {
  const intl = useIntl();
  return (name) => {
    const id = `members.templates.name.${name}`;
    return intl.messages[id] ? intl.formatMessage({ id }) : name;
  };
}

/** The rendered preview: subject, the HTML in a sandboxed frame (nothing in it runs), the plain-text part. */
function Preview({ preview }: { preview: MailTemplateContent }) {
  const intl = useIntl();
  return (
    <section className="mb-tpl-preview" aria-labelledby="mb-tpl-preview-title" data-testid="template-preview">
      <h2 id="mb-tpl-preview-title">
        <FormattedMessage id="members.templates.preview.title" />
      </h2>
      <p>
        <strong>
          <FormattedMessage id="members.templates.subject" />:
        </strong>{' '}
        <span data-testid="preview-subject">{preview.subject}</span>
      </p>
      {preview.html ? (
        <HtmlFrame
          className="mb-tpl-frame"
          html={preview.html}
          title={intl.formatMessage({ id: 'members.templates.preview.html' })}
          testId="preview-html"
        />
      ) : (
        <p>
          <FormattedMessage id="members.templates.preview.noHtml" />
        </p>
      )}
      <h3>
        <FormattedMessage id="members.templates.preview.text" />
      </h3>
      <pre className="mb-tpl-text" data-testid="preview-text">
        {preview.text}
      </pre>
    </section>
  );
}

function TemplateForm({ template }: { template: MailTemplateAnswer }) {
  const intl = useIntl();
  const notify = useNotify();
  const stored: Contents = { el: template.el, en: template.en };
  const texts = useLocaleTexts(stored, () => (intl.locale === 'en' ? 'en' : 'el'));
  const { initial, setInitial, values, setValues, locale, setLocale, current } = texts;
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState<MailTemplateContent | null>(null);
  const changed = LOCALES.filter((l) => JSON.stringify(initial[l]) !== JSON.stringify(values[l]));
  const set = (field: keyof MailTemplateContent) => (value: string) => {
    texts.set(field)(value);
    setPreview(null);
  };

  async function onPreview() {
    try {
      setPreview(
        await client.POST('/api/mailTemplate/preview', {
          body: { name: template.name, locale, ...current },
        }),
      );
    } catch (error) {
      notify({ type: 'warning', body: errorMessageId(error) });
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      for (const l of changed) {
        const saved = await client.PUT('/api/mailTemplate/name/{name}/locale/{locale}', {
          params: { path: { name: template.name, locale: l } },
          body: values[l],
        });
        // the stored (sanitised) parts are what will be sent
        setInitial((i) => ({ ...i, [l]: saved }));
        setValues((v) => ({ ...v, [l]: saved }));
      }
      notify({ type: 'success', body: 'successful update' });
    } catch (error) {
      notify({ type: 'warning', body: errorMessageId(error) });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="mb-tpl-form" onSubmit={onSubmit} noValidate data-testid="template-form">
      <LeaveGuard when={changed.length > 0} />
      <LocaleTabs
        locale={locale}
        onSelect={(l) => {
          setLocale(l);
          setPreview(null);
        }}
        label={intl.formatMessage({ id: 'members.templates.locales' })}
        edited={changed}
      >
        <div className="mb-tpl-panel">
          <div className="mb-tpl-fields">
            <TextField
              key={`subject-${locale}`}
              label={<FormattedMessage id="members.templates.subject" />}
              name={`subject-${locale}`}
              value={current.subject}
              onChange={set('subject')}
              maxLength={200}
              required
            />
            <TextArea
              key={`html-${locale}`}
              label={<FormattedMessage id="members.templates.html" />}
              hint={<FormattedMessage id="members.templates.htmlHint" />}
              name={`html-${locale}`}
              value={current.html}
              onChange={set('html')}
              rows={14}
            />
            <TextArea
              key={`text-${locale}`}
              label={<FormattedMessage id="members.templates.text" />}
              hint={<FormattedMessage id="members.templates.textHint" />}
              name={`text-${locale}`}
              value={current.text}
              onChange={set('text')}
              rows={10}
            />
          </div>
          <aside className="mb-tpl-shortcodes" aria-labelledby="mb-tpl-shortcodes-title">
            <h2 id="mb-tpl-shortcodes-title">
              <FormattedMessage id="members.templates.shortcodes" />
            </h2>
            <p>
              <FormattedMessage id="members.templates.shortcodesHint" />
            </p>
            <dl data-testid="template-shortcodes">
              {template.shortcodes.map((code) => (
                <div key={code}>
                  <dt>
                    <code>[{code}]</code>
                  </dt>
                  <dd>
                    <FormattedMessage id={`members.templates.shortcode.${code}`} />
                  </dd>
                </div>
              ))}
            </dl>
          </aside>
        </div>
      </LocaleTabs>
      <div className="mb-tpl-actions">
        <button
          type="button"
          className="ag-button"
          onClick={() => void onPreview()}
          data-testid="template-preview-button"
        >
          <FormattedMessage id="members.templates.preview" />
        </button>
        <button
          type="submit"
          className="ag-button ag-button-primary"
          disabled={busy || changed.length === 0}
          data-testid="template-save"
        >
          <FormattedMessage id="members.templates.save" />
        </button>
      </div>
      {preview && <Preview preview={preview} />}
    </form>
  );
}

function TemplateEditor({ name }: { name: string }) {
  const { data, error } = useApiGet('/api/mailTemplate/name/{name}', { params: { path: { name } } });
  if (error) return <ErrorFromCall error={error} />;
  if (!data) return <Loading />;
  return <TemplateForm key={name} template={data as MailTemplateAnswer} />;
}

/**
 * /admin/settings/templates[/:template] (admin): every mail the platform sends, chosen in a selector, edited per
 * locale (subject, HTML part, plain-text part) with its shortcodes explained, previewed with sample values.
 */
export default function MailTemplatesPage({ basePath }: { basePath: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const label = useTemplateLabel();
  const { template } = useParams<{ template?: string }>();
  const { data, error } = useApiGet('/api/mailTemplate', {});
  const list = data as MailTemplateListAnswer | undefined;
  const first = list?.[0]?.name;
  if (!template && first) {
    return <Navigate to={`${basePath}/admin/settings/templates/${first}`} replace />;
  }
  return (
    <section data-testid="mf-members-page" data-remote-version={__APP_VERSION__}>
      <PageHeader title={<FormattedMessage id="members.templates.title" />} />
      <p className="mb-tpl-intro">
        <FormattedMessage id="members.templates.intro" />
      </p>
      {error ? (
        <ErrorFromCall error={error} />
      ) : !list ? (
        <Loading />
      ) : list.length === 0 ? (
        <p>
          <FormattedMessage id="members.templates.none" />
        </p>
      ) : (
        <>
          <Select
            name="template"
            label={<FormattedMessage id="members.templates.choose" />}
            value={template ?? ''}
            options={list.map((t) => ({ value: t.name, label: label(t.name) }))}
            placeholder={
              list.some((t) => t.name === template)
                ? undefined
                : intl.formatMessage({ id: 'members.templates.choose' })
            }
            onChange={(name) => navigate(`${basePath}/admin/settings/templates/${name}`)}
          />
          {template && <TemplateEditor key={template} name={template} />}
        </>
      )}
    </section>
  );
}
