import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  changedFields,
  GEOMETRY_VALUE_TYPES,
  VALIDATION_MESSAGES,
  VALUE_TYPES,
  type GeomType,
} from '@agora/contracts';
import {
  ApiError,
  client,
  Checkbox,
  ErrorFromCall,
  Loading,
  SubmitForm,
  TextArea,
  TextField,
  useApiGet,
  useForm,
  useNotify,
  errorMessageId,
} from '@agora/platform';
import { typedShortName } from '../shared';
import { OptionGroup } from './ChoiceEditors';
import { KindOptions } from './KindOptions';
import {
  choiceStyle,
  draftErrors,
  draftOf,
  moveItem,
  newDraft,
  wireOf,
  type Kind,
  type KindDraft,
} from './kinds';
import { iconFormData, type PendingIcon } from './IconUpload';
import { MarkerPicker } from './MarkerPicker';
import { useServerErrors } from './serverErrors';
import './variable.css';
import type { VariableAnswer } from '@agora/contracts/api';
import type { JsonBodyOf } from '../shared/jsonBody';

export interface VariableFormProps {
  /** the project's token */
  project: string;
  /** the attribute's token (the parent of a new variable) */
  attribute: string;
  /** the variable to edit; without it the form adds one */
  token?: string;
  onSaved(v: VariableAnswer): void;
  onCancel(): void;
}

interface Scalars {
  mname: string;
  icon: string;
  tooltip: string;
  description: string;
}
type ScalarValues = Scalars & Record<string, string>;

/** What is sent: the scalar fields and `variable_type` (plus `attribute` on create). */
type VariableBody = Omit<JsonBodyOf<'post', '/api/variable'>, 'attribute'>;

function scalarsOf(v: VariableAnswer | null): ScalarValues {
  return {
    mname: v?.mname ?? '',
    icon: v?.icon ?? '',
    tooltip: v?.tooltip ?? '',
    description: v?.description ?? '',
  };
}

/**
 * The variable add/edit form (spec part 2 §2 "Variable add/edit form"): short name (derived from what is typed,
 * unique within the attribute), icon, tooltip, description, the value and geometric types as checkboxes and, for
 * each chosen type, its options (`VALUE_TYPE_OPTIONS`); the chosen types can be moved up and down, which is the
 * order of `variable_type`. Add posts everything; Save sends only what changed.
 */
export function VariableForm({ project, attribute, token, onSaved, onCancel }: VariableFormProps) {
  const attributes = useApiGet('/api/attribute/project/{project}', { params: { path: { project } } });
  const variables = useApiGet(
    '/api/variable/attribute/{token}',
    token ? { params: { path: { token: attribute } } } : null,
  );
  const geometry = attributes.data?.find((a) => a.token === attribute)?.geom_type ?? null;
  if (!token)
    return (
      <VariableFormBody
        variable={null}
        attribute={attribute}
        geometry={geometry}
        onSaved={onSaved}
        onCancel={onCancel}
      />
    );
  if (variables.error) return <ErrorFromCall error={variables.error} />;
  if (!variables.data) return <Loading />;
  const variable = variables.data.find((v) => v.token === token);
  if (!variable) return <ErrorFromCall error={new ApiError(404, 'variable not found')} />;
  return (
    <VariableFormBody
      key={variable.token}
      variable={variable}
      attribute={variable.attribute || attribute}
      geometry={geometry}
      onSaved={onSaved}
      onCancel={onCancel}
    />
  );
}

interface BodyProps {
  variable: VariableAnswer | null;
  attribute: string;
  geometry: GeomType | null;
  onSaved(v: VariableAnswer): void;
  onCancel(): void;
}

function VariableFormBody({ variable, attribute, geometry, onSaved, onCancel }: BodyProps) {
  const intl = useIntl();
  const notify = useNotify();
  const [saved, setSaved] = useState<VariableAnswer | null>(variable);
  const form = useForm<ScalarValues>({
    scope: 'variable',
    mode: saved ? 'put' : 'post',
    initial: scalarsOf(variable),
    uniqueParent: attribute,
  });
  const [drafts, setDrafts] = useState<KindDraft[]>(() => (variable?.variable_type ?? []).map(draftOf));
  const [attempted, setAttempted] = useState(false);
  const [sending, setSending] = useState(false);
  /** an uploaded icon not sent yet (`icon` then holds its preview URL) */
  const [upload, setUpload] = useState<PendingIcon | null>(null);
  const server = useServerErrors();

  const wireKinds = (list: KindDraft[]) => list.map((d) => wireOf(d, geometry));
  const savedKinds = useMemo(
    () => (saved?.variable_type ?? []).map((k) => wireOf(draftOf(k), geometry)),
    [saved, geometry],
  );
  const errorsByKind = useMemo(() => drafts.map((d) => draftErrors(d, geometry)), [drafts, geometry]);
  const kindsInvalid = drafts.length === 0 || errorsByKind.some((e) => Object.keys(e).length > 0);

  const toggleKind = (kind: Kind, on: boolean) => {
    server.clear('variable_type');
    setDrafts((list) => (on ? [...list, newDraft(kind)] : list.filter((d) => d.kind !== kind)));
  };
  const updateDraft = (index: number, next: KindDraft) => {
    server.clear('variable_type');
    setDrafts((list) => list.map((d, i) => (i === index ? next : d)));
  };

  const field = (name: keyof Scalars) => {
    const binding = form.field<string>(name);
    return {
      ...binding,
      onChange: (value: string) => {
        server.clear(name);
        binding.onChange(name === 'mname' ? typedShortName(value) : value);
      },
      errorText: server.errors[name] ?? null,
    };
  };

  const submit = async () => {
    setAttempted(true);
    const valid = await form.validate();
    if (!valid || kindsInvalid) {
      notify({ type: 'warning', body: VALIDATION_MESSAGES.form });
      return;
    }
    const { mname, icon, tooltip, description } = form.values;
    const current: VariableBody = { mname, icon, tooltip, description, variable_type: wireKinds(drafts) };
    const created = { attribute, ...current };
    const changes = saved
      ? changedFields({ ...scalarsOf(saved), variable_type: savedKinds }, current)
      : created;
    if (saved && Object.keys(changes).length === 0) {
      onSaved(saved);
      return;
    }
    setSending(true);
    const multipart =
      upload && changes.icon === upload.preview
        ? iconFormData(changes, { icon: upload.file }, !!saved)
        : null;
    try {
      const result = saved
        ? await client.PUT('/api/variable/token/{token}', {
            params: { path: { token: saved.token } },
            body: multipart ?? changes,
          })
        : await client.POST('/api/variable', { body: multipart ?? created });
      setSaved(result);
      setUpload(null);
      form.reset(scalarsOf(result));
      setDrafts(result.variable_type.map(draftOf));
      setAttempted(false);
      notify({ type: 'success', body: saved ? 'successful update' : 'data posted' });
      onSaved(result);
    } catch (e) {
      const error = e instanceof ApiError ? e : new ApiError(0, 'action denied');
      server.take(error);
      if (!(error.status === 409 && !saved)) notify({ type: 'warning', body: errorMessageId(error) });
    } finally {
      setSending(false);
    }
  };

  const kindName = (k: Kind) => intl.formatMessage({ id: `structure.variable.kind.${k}` });
  const kindCheckboxes = (kinds: readonly Kind[]) =>
    kinds.map((k) => (
      <Checkbox
        key={k}
        name={`type-${k}`}
        id={`variable-type-${k}`}
        label={kindName(k)}
        value={drafts.some((d) => d.kind === k)}
        onChange={(on) => toggleKind(k, on)}
      />
    ));
  const typesError =
    attempted && drafts.length === 0 ? intl.formatMessage({ id: 'structure.variable.noTypes' }) : null;

  return (
    <SubmitForm className="st-variable-form" data-testid="variable-form" onSubmit={submit}>
      <div className="st-variable-columns">
        <div>
          <TextField
            {...field('mname')}
            label={<FormattedMessage id="structure.variable.mname" />}
            hint={<FormattedMessage id="structure.variable.mnameHint" />}
            autoComplete="off"
          />
          <div className="ag-field">
            <span className="ag-field-label" id="variable-icon-label">
              <FormattedMessage id="structure.variable.icon" />
            </span>
            {!form.values.icon && (
              <span className="st-muted">
                <FormattedMessage id="structure.variable.iconNone" />
              </span>
            )}
            <MarkerPicker
              value={form.values.icon}
              onChange={(url) => {
                server.clear('icon');
                setUpload(null);
                form.setValue('icon', url);
              }}
              onUpload={(icon) => {
                server.clear('icon');
                setUpload(icon);
                form.setValue('icon', icon.preview);
              }}
              chooseLabel={intl.formatMessage({
                id: form.values.icon ? 'structure.variable.iconChange' : 'structure.variable.iconChoose',
              })}
              removeLabel={intl.formatMessage({ id: 'structure.variable.iconRemove' })}
              alt={intl.formatMessage({ id: 'structure.variable.iconAlt' })}
              testId="variable-icon"
              describedBy={`variable-icon-label${server.errors.icon ? ' variable-icon-error' : ''}`}
            />
            {server.errors.icon && (
              <div id="variable-icon-error" className="ag-field-error" data-testid="variable-icon-error">
                {server.errors.icon}
              </div>
            )}
          </div>
          <TextField {...field('tooltip')} label={<FormattedMessage id="structure.variable.tooltip" />} />
        </div>
        <TextArea
          {...field('description')}
          rows={5}
          label={<FormattedMessage id="structure.variable.description" />}
        />
      </div>

      <OptionGroup
        legend={<FormattedMessage id="structure.variable.types" />}
        error={typesError ?? server.errors.variable_type}
        errorId="variable-types-error"
        testId="variable-types"
      >
        <fieldset className="st-group st-type-grid">
          <legend className="ag-field-label">
            <FormattedMessage id="structure.variable.valueTypes" />
          </legend>
          {kindCheckboxes(VALUE_TYPES)}
        </fieldset>
        <fieldset className="st-group st-type-grid">
          <legend className="ag-field-label">
            <FormattedMessage id="structure.variable.geometricTypes" />
          </legend>
          {kindCheckboxes(GEOMETRY_VALUE_TYPES)}
        </fieldset>
      </OptionGroup>

      {drafts.length > 0 && (
        <section aria-labelledby="variable-chosen-types" className="st-chosen">
          <h2 id="variable-chosen-types" className="st-subtitle">
            <FormattedMessage id="structure.variable.chosenTypes" />
          </h2>
          <div className="st-chosen-list">
            {drafts.map((d, i) => (
              <KindOptions
                key={d.kind}
                draft={d}
                index={i}
                count={drafts.length}
                onChange={(next) => updateDraft(i, next)}
                onMove={(from, to) => setDrafts((list) => moveItem(list, from, to))}
                errors={attempted ? (errorsByKind[i] ?? {}) : {}}
                style={choiceStyle(d.kind, geometry)}
              />
            ))}
          </div>
        </section>
      )}

      <div className="st-actions">
        <button
          type="submit"
          className="ag-button ag-button-primary"
          disabled={sending}
          data-testid="variable-submit"
        >
          <FormattedMessage id={saved ? 'structure.variable.save' : 'structure.variable.add'} />
        </button>
        <button type="button" className="ag-button" onClick={onCancel} data-testid="variable-cancel">
          <FormattedMessage id="structure.variable.cancel" />
        </button>
      </div>
    </SubmitForm>
  );
}
