import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GeoJsonGeometry, LatLng } from '@agora/contracts';
import type { AnswerValueAnswer, ChoiceValuesAnswer, VariableValuesAnswer } from '@agora/contracts/api';
import {
  SubmitForm,
  useErrorMessage,
  errorMessageId,
  fieldErrorOf,
  Loading,
  Modal,
  notify,
  Tabs,
  fileOf,
  getEntry,
  outboxFileOf,
  saveValues,
  useApiGet,
  useModalLeaveGuard,
  type OutboxEntry,
  type OutboxValue,
} from '@agora/platform';
import {
  UploadCanceledError,
  UploadProgressModal,
  uploadTarget,
  uploadWithProgress,
} from '@agora/library-ui';
import { GeometryField } from './GeometryField';
import { isGeometryDraft } from './geometry';
import { KindField } from './KindField';
import { ReadOnlyValues } from './ReadOnlyValues';
import type { QuestionnaireAttribute, QuestionnaireVariable } from './types';
import {
  answerFormData,
  checkValue,
  draftOf,
  formKinds,
  isChanged,
  isEmptyDraft,
  isGeometryKind,
  refusedKind,
  wireOf,
  type AnswerKind,
  type Draft,
  type OutgoingValue,
  type ValueError,
} from './values';
import './answers.css';

export interface AnswerFormProps {
  /** the answer ("choice") token whose values are edited */
  choice: string;
  attribute: QuestionnaireAttribute;
  variables: QuestionnaireVariable[];
  /** the project's largest upload in bytes */
  projectMaxBytes: number;
  /** false: a read-only view of the values */
  editable: boolean;
  /** saved: true once a variable was saved (and after the last tab's save) */
  onClose(saved: boolean): void;
  /** the geometric kinds' maps open here when neither the answer nor its values have a geometry (the project's view) */
  mapView?: { center: LatLng; zoom: number };
  /** an answer kept offline (decision 0093): the values are saved into this outbox entry instead of sent */
  pending?: string;
}

/** What the form holds for one variable. */
interface VariableState {
  /** the stored values, as drafts */
  initial: Partial<Record<AnswerKind, Draft>>;
  drafts: Partial<Record<AnswerKind, Draft>>;
  /** the variable has stored values: later saves are PUTs of the changed ones */
  saved: boolean;
  /** a save was tried: every check shows */
  attempted: boolean;
  /** the kinds changed since loading: their checks show */
  touched: Partial<Record<AnswerKind, boolean>>;
  /** the server's refusals, until the kind changes */
  refused: Partial<Record<AnswerKind, ValueError>>;
}

function stateOf(variable: QuestionnaireVariable, stored: readonly AnswerValueAnswer[]): VariableState {
  const initial: Partial<Record<AnswerKind, Draft>> = {};
  for (const { kind } of formKinds(variable.variable_type)) {
    initial[kind] = draftOf(
      kind,
      stored.find((v) => v.variable_type === kind),
    );
  }
  return {
    initial,
    drafts: initial,
    saved: stored.length > 0,
    attempted: false,
    touched: {},
    refused: {},
  };
}

/** A variable's state from the values kept in an outbox entry (a kept file is chosen again). */
function pendingStateOf(variable: QuestionnaireVariable, kept: readonly OutboxValue[]): VariableState {
  const initial: Partial<Record<AnswerKind, Draft>> = {};
  for (const { kind } of formKinds(variable.variable_type)) {
    const value = kept.find((v) => v.kind === kind);
    initial[kind] = value?.file
      ? { stored: null, storedName: '', file: fileOf(value.file) }
      : draftOf(kind, value && ({ ...value, variable_type: kind } as unknown as AnswerValueAnswer));
  }
  return { initial, drafts: initial, saved: kept.length > 0, attempted: false, touched: {}, refused: {} };
}

/** The values of a save kept in the outbox entry (files as their bytes). */
async function keptValues(outgoing: readonly OutgoingValue[]): Promise<OutboxValue[]> {
  return Promise.all(
    outgoing.map(async ({ file, ...rest }) => ({ ...rest, ...(file && { file: await outboxFileOf(file) }) })),
  );
}

/** The form of an answer kept offline: its values come from, and go to, its outbox entry. */
function PendingAnswerForm(props: AnswerFormProps & { pending: string }) {
  const { pending, attribute, onClose } = props;
  const intl = useIntl();
  const [kept, setKept] = useState<OutboxEntry | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    void getEntry(pending).then((e) => live && setKept(e ?? null));
    return () => {
      live = false;
    };
  }, [pending]);
  const title = intl.formatMessage({ id: 'consultation.answers.title' }, { name: attribute.name });
  if (!kept) {
    return (
      <Modal title={title} onClose={() => onClose(false)} testId="answer-form">
        {kept === null ? (
          <p role="alert">
            <FormattedMessage id="consultation.outbox.gone" />
          </p>
        ) : (
          <Loading />
        )}
      </Modal>
    );
  }
  const around = kept.geometry && 'type' in kept.geometry ? kept.geometry : null;
  return (
    <AnswerTabs {...props} title={title} stored={[]} around={around} onSaved={() => undefined} kept={kept} />
  );
}

/**
 * The attribute answer form (spec part 2 §4 "Answering"): a modal with one tab per variable, each with the
 * inputs of the variable's kinds. Saving a variable POSTs its values the first time and PUTs only the changed
 * ones later, then opens the next tab; after the last it closes. Files go with upload progress and a cancel
 * button. `editable` false shows the values only.
 */
export function AnswerForm(props: AnswerFormProps) {
  return props.pending ? (
    <PendingAnswerForm {...props} pending={props.pending} />
  ) : (
    <SentAnswerForm {...props} />
  );
}

function SentAnswerForm(props: AnswerFormProps) {
  const { choice, attribute, onClose } = props;
  const intl = useIntl();
  const errorText = useErrorMessage();
  const { data, error, mutate } = useApiGet(
    '/api/data/scope/answers/choice/{choice}',
    { params: { path: { choice } } },
    { revalidateOnFocus: false, revalidateOnReconnect: false },
  );
  const title = intl.formatMessage({ id: 'consultation.answers.title' }, { name: attribute.name });
  if (!data) {
    return (
      <Modal title={title} onClose={() => onClose(false)} testId="answer-form">
        {error ? (
          <p role="alert" data-testid="answers-load-error">
            {errorText(error)}
          </p>
        ) : (
          <Loading />
        )}
        <div className="ag-modal-actions">
          <button type="button" className="ag-button" onClick={() => onClose(false)}>
            <FormattedMessage id="consultation.answers.close" />
          </button>
        </div>
      </Modal>
    );
  }
  // the saved values also go into the cached answer, so that the form opened again starts from them
  const onSaved = (saved: VariableValuesAnswer) =>
    void mutate(
      (current) =>
        current && {
          ...current,
          values: [
            ...current.values.filter((v) => v.variable !== saved.variable),
            ...saved.values.map((v) => ({ ...v, variable: saved.variable })),
          ],
        },
      { revalidate: false },
    );
  return (
    <AnswerTabs
      {...props}
      title={title}
      stored={data.values}
      around={data.choice.geometry}
      onSaved={onSaved}
    />
  );
}

function AnswerTabs({
  choice,
  variables,
  projectMaxBytes,
  editable,
  onClose,
  title,
  stored,
  around,
  mapView,
  onSaved,
  kept,
}: AnswerFormProps & {
  /** an answer kept offline: the values are saved into its outbox entry */
  kept?: OutboxEntry;
  title: string;
  /** the answer's own geometry (the geometric kinds' maps open on it) */
  around: GeoJsonGeometry | null;
  stored: ChoiceValuesAnswer['values'];
  onSaved(saved: VariableValuesAnswer): void;
}) {
  const intl = useIntl();
  const [active, setActive] = useState(0);
  const [states, setStates] = useState<Record<string, VariableState>>(() =>
    Object.fromEntries(
      variables.map((v) => [
        v.token,
        kept
          ? pendingStateOf(v, kept.values[v.token] ?? [])
          : stateOf(
              v,
              stored.filter((s) => s.variable === v.token),
            ),
      ]),
    ),
  );
  const [busy, setBusy] = useState(false);
  /** counts the tabs opened by a save: the focus goes to the new tab */
  const [focusRequest, setFocusRequest] = useState(0);
  const [progress, setProgress] = useState<number | null>(null);
  const [status, setStatus] = useState<{ id: string; alert: boolean } | null>(null);
  const abort = useRef<AbortController | null>(null);
  const savedAny = useRef(false);

  const variable = variables[active];
  const state = variable ? states[variable.token] : undefined;
  const dirty =
    editable &&
    variables.some((v) => {
      const s = states[v.token];
      return (
        !!s &&
        formKinds(v.variable_type).some(({ kind }) =>
          kept
            ? s.drafts[kind] !== s.initial[kind]
            : isChanged(kind, s.drafts[kind] ?? '', s.initial[kind] ?? ''),
        )
      );
    });
  // Esc, the backdrop and Close ask first when typed values would be lost
  const close = useModalLeaveGuard(dirty, () => onClose(savedAny.current));

  const update = (token: string, change: (s: VariableState) => VariableState) =>
    setStates((all) => {
      const current = all[token];
      return current ? { ...all, [token]: change(current) } : all;
    });

  const setDraft = (kind: AnswerKind, draft: Draft) => {
    if (!variable) return;
    setStatus(null);
    update(variable.token, (s) => {
      const refused = { ...s.refused };
      delete refused[kind];
      return {
        ...s,
        drafts: { ...s.drafts, [kind]: draft },
        touched: { ...s.touched, [kind]: true },
        refused,
      };
    });
  };

  const next = () => {
    if (active < variables.length - 1) {
      setActive(active + 1);
      setFocusRequest((n) => n + 1);
      return;
    }
    savedAny.current = true;
    onClose(true);
  };

  const save = async () => {
    if (!variable || !state) return;
    const kinds = formKinds(variable.variable_type);
    const invalid = kinds.some(
      ({ kind, options }) => checkValue(kind, options, state.drafts[kind] ?? '', projectMaxBytes) !== null,
    );
    if (invalid) {
      update(variable.token, (s) => ({ ...s, attempted: true }));
      setStatus({ id: 'platform.validation.form', alert: true });
      return;
    }
    if (kept) {
      await keep(variable, state);
      return;
    }
    const first = !state.saved;
    const outgoing: OutgoingValue[] = kinds
      .filter(({ kind }) => {
        const draft = state.drafts[kind] ?? '';
        return first ? !isEmptyDraft(kind, draft) : isChanged(kind, draft, state.initial[kind] ?? '');
      })
      .map(({ kind }) => ({ kind, ...wireOf(kind, state.drafts[kind] ?? '') }));
    if (outgoing.length === 0) {
      next();
      return;
    }
    const withFile = outgoing.some((o) => o.file);
    const controller = new AbortController();
    abort.current = controller;
    setBusy(true);
    setStatus(null);
    if (withFile) setProgress(0);
    try {
      const answer = await uploadWithProgress(
        first
          ? uploadTarget('POST', '/api/data/scope/variable')
          : uploadTarget('PUT', '/api/data/scope/variable/choice/{choice}/variable/{variable}', {
              params: { path: { choice, variable: variable.token } },
            }),
        answerFormData(outgoing, first ? { choice, variable: variable.token } : null),
        {
          signal: controller.signal,
          ...(withFile ? { onProgress: setProgress } : {}),
        },
      );
      savedAny.current = true;
      onSaved(answer);
      update(variable.token, () => stateOf(variable, answer.values));
      setStatus({ id: 'consultation.answers.saved', alert: false });
      next();
    } catch (e) {
      if (e instanceof UploadCanceledError) {
        notify({ type: 'warning', body: 'Operation canceled by the user.' });
        setStatus({ id: 'platform.msg.uploadCanceled', alert: true });
        return;
      }
      const refusal = fieldErrorOf(e);
      const target = refusal ? refusedKind(refusal.field, outgoing) : null;
      if (refusal && target) {
        const part = target.part;
        update(variable.token, (s) => ({
          ...s,
          refused: {
            ...s.refused,
            [target.kind]: {
              id: refusal.id,
              ...(refusal.values && { values: refusal.values }),
              ...(part && { part }),
            },
          },
        }));
        setStatus({ id: 'platform.validation.form', alert: true });
      } else {
        setStatus({ id: errorMessageId(e), alert: true });
      }
    } finally {
      abort.current = null;
      setBusy(false);
      setProgress(null);
    }
  };

  /** An answer kept offline: every value of the variable goes into its outbox entry, files included. */
  const keep = async (v: QuestionnaireVariable, s: VariableState) => {
    if (!kept) return;
    const outgoing: OutgoingValue[] = formKinds(v.variable_type)
      .filter(({ kind }) => !isEmptyDraft(kind, s.drafts[kind] ?? ''))
      .map(({ kind }) => ({ kind, ...wireOf(kind, s.drafts[kind] ?? '') }));
    setBusy(true);
    try {
      await saveValues(kept.id, v.token, await keptValues(outgoing));
      savedAny.current = true;
      update(v.token, (c) => ({ ...c, initial: c.drafts, saved: outgoing.length > 0, attempted: false }));
      setStatus({ id: 'consultation.outbox.kept', alert: false });
      next();
    } catch {
      setStatus({ id: 'consultation.outbox.keepFailed', alert: true });
    } finally {
      setBusy(false);
    }
  };

  const errorOf = (kind: AnswerKind): ValueError | null => {
    if (!variable || !state) return null;
    const refused = state.refused[kind];
    if (refused) return refused;
    if (!state.attempted && !state.touched[kind]) return null;
    const options = variable.variable_type.find((k) => k.kind === kind)?.options ?? {};
    return checkValue(kind, options, state.drafts[kind] ?? '', projectMaxBytes);
  };

  const tabs = variables.map((v, i) => ({
    key: v.token,
    label: (
      <>
        {v.icon && <img className="cons-ans-tab-icon" src={v.icon} alt="" />}
        <span>{`${i + 1}. ${v.mname}`}</span>
        {states[v.token]?.saved && (
          <span className="cons-ans-tab-done">
            {' '}
            <span aria-hidden="true">✓</span>
            <span className="cons-ans-sr">
              <FormattedMessage id="consultation.answers.answered" />
            </span>
          </span>
        )}
      </>
    ),
  }));

  return (
    <div className="cons-ans-wide">
      <Modal title={title} onClose={busy ? undefined : close} testId="answer-form">
        {variables.length === 0 ? (
          <p>
            <FormattedMessage id="consultation.answers.noVariables" />
          </p>
        ) : (
          <Tabs
            tabs={tabs}
            active={active}
            onSelect={(i) => {
              setStatus(null);
              setActive(i);
            }}
            label={intl.formatMessage({ id: 'consultation.answers.variables' })}
            testId="answer-tabs"
            focusRequest={focusRequest}
          >
            {variable && state && (
              <SubmitForm
                data-testid={`variable-${variable.mname}`}
                onSubmit={() => (editable && !busy ? save() : undefined)}
              >
                {variable.description && <p className="cons-ans-question">{variable.description}</p>}
                {variable.tooltip && <p className="ag-field-hint">{variable.tooltip}</p>}
                {editable ? (
                  formKinds(variable.variable_type).map(({ kind, options }) => {
                    const draft = state.drafts[kind] ?? '';
                    return isGeometryKind(kind) ? (
                      <GeometryField
                        key={kind}
                        kind={kind}
                        name={`${variable.mname}-${kind}`}
                        options={options}
                        draft={isGeometryDraft(draft) ? draft : { shapes: [] }}
                        onChange={(d) => setDraft(kind, d)}
                        error={errorOf(kind)}
                        around={around}
                        {...(mapView ? { view: mapView } : {})}
                      />
                    ) : (
                      <KindField
                        key={kind}
                        kind={kind}
                        name={`${variable.mname}-${kind}`}
                        options={options}
                        draft={draft}
                        onChange={(d) => setDraft(kind, d)}
                        error={errorOf(kind)}
                        projectMaxBytes={projectMaxBytes}
                      />
                    );
                  })
                ) : (
                  <ReadOnlyValues
                    variable={variable}
                    values={stored.filter((s) => s.variable === variable.token)}
                    around={around}
                    {...(mapView ? { view: mapView } : {})}
                  />
                )}
                <div className="cons-ans-status" role="status" data-testid="answer-status">
                  {status && !status.alert && <FormattedMessage id={status.id} />}
                </div>
                <div className="cons-ans-status is-error" role="alert" data-testid="answer-alert">
                  {status?.alert && <FormattedMessage id={status.id} />}
                </div>
                <div className="ag-modal-actions">
                  <button type="button" className="ag-button" onClick={close} disabled={busy}>
                    <FormattedMessage id="consultation.answers.close" />
                  </button>
                  {editable && (
                    <button type="submit" className="ag-button ag-button-primary" disabled={busy}>
                      <FormattedMessage
                        id={
                          active < variables.length - 1
                            ? 'consultation.answers.saveNext'
                            : 'consultation.answers.saveClose'
                        }
                      />
                    </button>
                  )}
                </div>
              </SubmitForm>
            )}
          </Tabs>
        )}
      </Modal>
      {progress !== null && (
        <UploadProgressModal progress={progress} onCancel={() => abort.current?.abort()} />
      )}
    </div>
  );
}
