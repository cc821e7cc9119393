import { useCallback, useState } from 'react';
import { useSWRConfig } from 'swr';
import { ApiError, useErrorMessage, useFieldError, type FormValues, type NotifyInput } from '@agora/platform';
import { formFieldOf } from '../variable/serverErrors';

/** The part of a `useForm` result that `sendForm` drives. */
interface SendableForm<T extends FormValues> {
  values: T;
  changed: Partial<T>;
  validate(): Promise<boolean>;
  reset(next?: T): void;
}

/** The write of a form: a create sends every value (POST), an update the changed ones (PUT). */
export type FormWrite<T extends FormValues, R> =
  { mode: 'post'; send: (body: T) => Promise<R> } | { mode: 'put'; send: (body: Partial<T>) => Promise<R> };

export type SendOptions<T extends FormValues, R> = FormWrite<T, R> & {
  /** values to send on top of the form's own (e.g. `active: true` for 'Save and make Active') */
  extra?: Partial<T>;
  /** checks of the form that the server rules cannot express (e.g. end date not before start date) */
  localValid?: boolean;
  notify: (input: NotifyInput) => void;
  /** the server refused the write (4xx/5xx other than a 409 on create, which is only recorded) */
  onRefused?: (error: ApiError) => void;
  /** after a successful write, with the server's answer */
  onSaved?: (answer: R, sent: Partial<T>) => void;
};

/**
 * Validates and sends a structure form (spec part 2 §4 "Admin forms"): refuses an invalid form with 'form contains
 * non valid elements', POSTs every value on create, PUTs only the changed ones on update (nothing at all when
 * nothing changed), notifies 'data posted' / 'successful update' or 'action denied', and makes the sent values
 * the form's new starting point. Returns true when the write succeeded (or there was nothing to write).
 */
export async function sendForm<T extends FormValues, R>(
  form: SendableForm<T>,
  o: SendOptions<T, R>,
): Promise<boolean> {
  const serverValid = await form.validate();
  if (!serverValid || o.localValid === false) {
    o.notify({ type: 'warning', body: 'form contains non valid elements' });
    return false;
  }
  const base: Partial<T> = o.mode === 'put' ? { ...form.changed } : { ...form.values };
  const body: Partial<T> = { ...base };
  for (const [key, value] of Object.entries(o.extra ?? {}) as Array<[keyof T, T[keyof T]]>) {
    if (o.mode === 'post' || JSON.stringify(value) !== JSON.stringify(form.values[key]) || key in base) {
      body[key] = value;
    }
  }
  if (o.mode === 'put' && Object.keys(body).length === 0) return true;
  try {
    const answer = o.mode === 'put' ? await o.send(body) : await o.send({ ...form.values, ...body });
    form.reset({ ...form.values, ...body } as T);
    o.notify({ type: 'success', body: o.mode === 'put' ? 'successful update' : 'data posted' });
    o.onSaved?.(answer, body);
    return true;
  } catch (err) {
    // A 409 on a create is stored as a failure without a notification (spec part 2 §8).
    const error = err instanceof ApiError ? err : new ApiError(0, 'unexpected error');
    const conflictOnPost = o.mode === 'post' && error.status === 409;
    if (!conflictOnPost) o.notify({ type: 'warning', body: 'action denied' });
    o.onRefused?.(error);
    return false;
  }
}

/** `busy` while `run(task)` is on its way (buttons are disabled meanwhile, so a double click sends once). */
export function useSending() {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <R>(task: () => Promise<R>): Promise<R> => {
    setBusy(true);
    try {
      return await task();
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}

/**
 * Revalidates every cached category and project read (`/api/category…`, `/api/project…`) after a write, so the lists, the
 * aside's categories tab and the plan screen show it wherever the form was opened (page or modal).
 */
export function useRevalidateStructure(): () => void {
  const { mutate } = useSWRConfig();
  return useCallback(() => {
    void mutate((key) => typeof key === 'string' && /^\/api\/(category|project)(\/|$)/.test(key));
  }, [mutate]);
}

interface Refusal {
  /** the refused form field, '' when the answer names none on this form */
  field: string;
  /** the translated message */
  text: string;
  /** the field's value when it was refused: the message shows until the value changes */
  value: string;
}

/**
 * The server's answer to a refused write, shown where it belongs in the current language: a refused field
 * (`field` and `rule` of the answer) under that field while its value is the refused one, anything else above
 * the buttons (the message of its code). Never the server's English.
 */
export function useServerError(values: FormValues, fieldsWithErrorSpace: readonly string[]) {
  const fieldError = useFieldError();
  const errorMessage = useErrorMessage();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const record = (error: ApiError) => {
    const refused = fieldError(error);
    const field = refused && formFieldOf(refused.field) in values ? formFieldOf(refused.field) : '';
    setRefusal({
      field,
      text: refused?.text ?? errorMessage(error),
      value: field ? JSON.stringify(values[field]) : '',
    });
  };
  const current =
    refusal && (!refusal.field || JSON.stringify(values[refusal.field]) === refusal.value) ? refusal : null;
  const errorFor = (name: string): string | null => (current && current.field === name ? current.text : null);
  const general = current && !fieldsWithErrorSpace.includes(current.field) ? current.text : null;
  return { record, errorFor, general, clear: () => setRefusal(null) };
}
