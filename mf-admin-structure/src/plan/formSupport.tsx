import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { GEOM_TYPES, type GeomType } from '@agora/contracts';
import { ApiError, Select, TextField, useErrorMessage, useFieldError, useNotify } from '@agora/platform';
import { formFieldOf } from '../variable/serverErrors';
import { iconFormData, type PendingIcon } from '../variable/IconUpload';

/** `max_geom` as typed (a string) on the wire: a whole number ≥ 1, or null. */
export function maxGeomOf(text: string): number | null {
  const n = Number(text);
  return text.trim() !== '' && Number.isInteger(n) && n >= 1 ? n : null;
}

export const isGeomType = (value: unknown): value is GeomType =>
  typeof value === 'string' && (GEOM_TYPES as readonly string[]).includes(value);

/** The fields of `body` that differ from `before` (an update with no change sends nothing). */
export function changedOf<B extends { geometry_crs?: unknown }>(body: B, before: B | null): Partial<B> {
  const out: Partial<B> = {};
  for (const key of Object.keys(body) as Array<keyof B>) {
    if (key === 'geometry_crs') continue;
    if (JSON.stringify(body[key]) !== JSON.stringify(before?.[key])) out[key] = body[key];
  }
  if (
    body.geometry_crs &&
    Object.keys(out).some((k) => k === 'boundary' || k === 'predefined' || k === 'context')
  )
    out.geometry_crs = body.geometry_crs;
  return out;
}

export interface SubmitItem<W extends { token: string }, B extends { geometry_crs?: unknown }, P> {
  /** the item being edited, null when adding */
  item: W | null;
  /** the wire fields from the form, and the same built from the item (to find what changed; null when adding) */
  body: B;
  before: B | null;
  /** the parent field sent on create: `{project}` for a topic, `{node}` for an attribute */
  parent: P;
  /** `POST <scope>`: JSON, or multipart with an uploaded icon */
  create: (body: (B & P) | FormData) => Promise<{ token: string }>;
  /** `PUT <scope>/token/{token}`: JSON, or multipart with an uploaded icon */
  update: (token: string, body: Partial<B> | FormData) => Promise<unknown>;
  /** `GET` of a saved item */
  read: (token: string) => Promise<W>;
  onSaved: (item: W) => void;
  /** an uploaded icon not sent yet: sent as the file `icon` (multipart) while `body.icon` is its preview URL */
  upload?: PendingIcon | null;
}

/** A refused topic or attribute write: the form field it names (null for none) and the translated message. */
export interface ItemRefusal {
  field: string | null;
  text: string;
}

/**
 * Sends a topic or attribute: POST `<scope>` (create, everything) or PUT `<scope>/token/{t}` (update, the changed
 * fields only; nothing when none changed), then reads the item back. Notifications are the spec's: 'data posted',
 * 'successful update'; 'action denied' on a refusal, none for a 409 on create. Answers the refusal in the current
 * language (the refused field and its rule's message, or the message of the code with no field), null otherwise. With an uploaded icon, the write is multipart (`_method` put for an update).
 */
export function useSubmitItem<W extends { token: string }, B extends { geometry_crs?: unknown }, P>() {
  const notify = useNotify();
  const fieldError = useFieldError();
  const errorMessage = useErrorMessage();
  return async ({
    item,
    body,
    before,
    parent,
    create,
    update,
    read,
    onSaved,
    upload,
  }: SubmitItem<W, B, P>): Promise<ItemRefusal | null> => {
    const created = { ...body, ...parent };
    const changes = changedOf(body, before);
    if (item && Object.keys(changes).length === 0) {
      onSaved(item);
      return null;
    }
    const adding = !item;
    let token = item?.token ?? '';
    const send: object = item ? changes : created;
    const icon = (send as { icon?: unknown }).icon;
    const form =
      upload && icon === upload.preview ? iconFormData(send, { icon: upload.file }, !adding) : null;
    try {
      if (!item) token = (await create(form ?? created)).token;
      else await update(token, form ?? changes);
      notify({ type: 'success', body: adding ? 'data posted' : 'successful update' });
    } catch (err) {
      const error = err instanceof ApiError ? err : new ApiError(0, 'action denied');
      if (!(adding && error.status === 409)) notify({ type: 'warning', body: 'action denied' });
      const refused = fieldError(error);
      return refused
        ? { field: formFieldOf(refused.field), text: refused.text }
        : { field: null, text: errorMessage(error) };
    }
    try {
      onSaved(await read(token));
    } catch {
      // the read-back failed: the item as sent (the wire fields are the item's own names)
      onSaved({ ...(item as W), ...(body as unknown as Partial<W>), token });
    }
    return null;
  };
}

/** The fields of a topic or attribute form that show a server refusal under themselves. */
const INLINE_REFUSALS = ['title', 'mname'];

/**
 * The sending state of a topic or attribute form: whether a submit was tried (local errors show from then on),
 * whether it is sending, and the server's refusal of the last send, shown under its field (`refusedAt`) or above
 * the buttons (`general`).
 */
export function useItemSending<W extends { token: string }, B extends { geometry_crs?: unknown }, P>() {
  const submit = useSubmitItem<W, B, P>();
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  const [serverError, setServerError] = useState<ItemRefusal | null>(null);
  return {
    tried,
    busy,
    refusedAt: (name: string) => (serverError?.field === name ? serverError.text : undefined),
    general: serverError && !INLINE_REFUSALS.includes(serverError.field ?? '') ? serverError.text : null,
    /** a submit attempt: local errors show, the last refusal goes */
    attempt: () => {
      setTried(true);
      setServerError(null);
    },
    send: async (item: SubmitItem<W, B, P>) => {
      setBusy(true);
      const refused = await submit(item);
      setBusy(false);
      setServerError(refused);
    },
  };
}

/** A server refusal of a topic or attribute that no field shows, above the buttons. */
export function ItemServerError({ text }: { text: string | null }) {
  if (!text) return null;
  return (
    <p className="ag-field-error" role="alert" data-testid="form-server-error">
      {text}
    </p>
  );
}

/** A colour picker field (#rrggbb). */
export function ColorField(props: {
  label: ReactNode;
  value: string;
  onChange: (v: string) => void;
  testId: string;
}) {
  const id = useId();
  return (
    <div className="ag-field">
      <label htmlFor={id} className="ag-field-label">
        {props.label}
      </label>
      <input
        id={id}
        type="color"
        className="structure-color"
        value={props.value || '#1a56db'}
        onChange={(e) => props.onChange(e.target.value)}
        data-testid={props.testId}
      />
    </div>
  );
}

/** The geometry type select (point, line, polygon). */
export function GeomTypeField(props: {
  value: string;
  onChange: (v: string) => void;
  errorText: string | null;
}) {
  const intl = useIntl();
  return (
    <Select
      name="geom_type"
      label={<FormattedMessage id="structure.plan.field.geomType" />}
      value={props.value}
      onChange={props.onChange}
      options={GEOM_TYPES.map((t) => ({
        value: t,
        label: intl.formatMessage({ id: `structure.plan.geom.${t}` }),
      }))}
      placeholder={intl.formatMessage({ id: 'structure.plan.field.choose' })}
      required
      errorText={props.errorText}
    />
  );
}

/** The number of geometries (max_geom, at least 1). */
export function MaxGeomField(props: {
  value: string;
  onChange: (v: string) => void;
  errorText: string | null;
}) {
  return (
    <TextField
      name="max_geom"
      type="number"
      min={1}
      step={1}
      label={<FormattedMessage id="structure.plan.field.maxGeom" />}
      value={props.value}
      onChange={props.onChange}
      required
      errorText={props.errorText}
    />
  );
}

/** The form's buttons: save (Add / Save) and cancel. */
export function FormButtons(props: { adding: boolean; busy: boolean; onCancel: () => void }) {
  return (
    <div className="ag-modal-actions structure-form-actions">
      <button
        type="submit"
        className="ag-button ag-button-primary"
        disabled={props.busy}
        data-testid="form-save"
      >
        <FormattedMessage id={props.adding ? 'structure.plan.form.add' : 'structure.plan.form.save'} />
      </button>
      <button type="button" className="ag-button" onClick={props.onCancel} data-testid="form-cancel">
        <FormattedMessage id="structure.plan.form.cancel" />
      </button>
    </div>
  );
}
