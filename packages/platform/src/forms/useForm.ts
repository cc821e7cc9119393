import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import {
  apiPath,
  changedFields,
  checkField,
  checkForm,
  needsUniqueCheck,
  VALIDATION_MESSAGES,
  type FieldError,
  type FieldValue,
  type FormMode,
  type ApiInit,
  type ApiOperation,
  type ApiPaths,
  type ApiPathsWith,
  type ScopeRules,
} from '@agora/contracts';
import { ApiError, client, transport } from '../api';
import { retryMinutesOf } from '../ui/rateLimited';
import { useApiGet } from '../useApi';

export type FormValues = Record<string, FieldValue>;

/** The paths a form can be sent to: POST in post mode, PUT in put mode. */
export type FormPath = ApiPathsWith<ApiPaths, 'post'> | ApiPathsWith<ApiPaths, 'put'>;
type FormOperation<P extends FormPath> = ApiOperation<ApiPaths, P, 'post'> | ApiOperation<ApiPaths, P, 'put'>;
type ActionInit<P extends FormPath> = Omit<ApiInit<FormOperation<P>>, 'body'>;

/** Where a form is sent: a documented path and its parameters, checked by `formAction`; the body is the form's. */
export interface FormAction {
  readonly path: FormPath;
  readonly params?: Parameters<typeof apiPath>[1];
}

/**
 * A form's action, its path and parameters checked against the documents as `client` checks them:
 * `formAction('/api/libraryView/uuid/{uuid}', { params: { path: { uuid } } })`.
 */
export function formAction<P extends FormPath>(
  path: P,
  ...init: Record<never, never> extends ActionInit<P> ? [init?: ActionInit<P>] : [init: ActionInit<P>]
): FormAction {
  const params = (init[0] as { params?: FormAction['params'] } | undefined)?.params;
  return params ? { path, params } : { path };
}

/** Delay between the last change of a unique field and its `checkIfExists` call. */
export const UNIQUE_CHECK_DELAY_MS = 500;

export interface UseFormOptions<T extends FormValues> {
  /** validation scope on the server: `users`, `documentation`, `library`, `libraryView`, … */
  scope: string;
  /** values loaded from the server (put) or the empty form (post) */
  initial: T;
  /** post creates, put edits (sends only the changed fields) */
  mode: FormMode;
  /** load only the rules of these fields (`validation/scope/{scope}/fields/a;b`) */
  fields?: readonly string[];
  /** where `submit()` sends the form (POST in post mode, PUT in put mode) */
  action?: FormAction;
  /** token of the parent within which unique fields are unique (`checkIfExists…?parent=<token>`) */
  uniqueParent?: string;
}

export type SubmitResult<R = unknown> =
  | { ok: true; sent: boolean; data?: R }
  | {
      ok: false;
      /** `invalid`: a field is invalid (message 'form contains non valid elements'); `api`: the server refused */
      reason: 'invalid' | 'api';
      /** the English message: 'form contains non valid elements' or the server's `Error` */
      message: string;
      error?: ApiError;
      /** false for a 409 on POST: the spec stores it as a failure without a notification */
      notify: boolean;
    };

export type FormStatus = 'idle' | 'sending' | 'submitted' | 'failed';

/** What a field component needs: spread `form.field('name')` on a TextField, Select, … */
export interface FieldBinding<V = FieldValue> {
  name: string;
  value: V;
  onChange: (value: V) => void;
  onBlur: () => void;
  /** the error to show, or null; null too while the field is empty and no submit was tried */
  error: FieldError | null;
  /** true when the value is non-empty and passed every check (the valid state) */
  valid: boolean;
  required: boolean;
  /** a unique check is on its way */
  checking: boolean;
}

interface UniqueState {
  value: string;
  /** true: exists, false: free, null: being checked */
  exists: boolean | null;
}

function isEmptyValue(value: FieldValue): boolean {
  if (value === null || value === undefined) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  return false;
}

const UNIQUE_ERROR: FieldError = { rule: 'unique', message: VALIDATION_MESSAGES.unique };

/**
 * A form bound to the server's validation rules (spec part 1 §4-§5): rules loaded per scope with SWR, fields
 * checked on change and blur, unique fields checked on the server (debounced, cancelled by a new value), and a
 * `submit()` that refuses invalid forms, POSTs everything in post mode or PUTs only the changed fields in put
 * mode, and on success makes the sent values the new initial values.
 */
export function useForm<T extends FormValues>(options: UseFormOptions<T>) {
  const { scope, mode, fields, action, uniqueParent } = options;
  const fieldsKey = fields?.join(';');
  // the rules of the scope's fields (`validation/scope/{scope}[/fields/a;b]`)
  const allRules = useApiGet(
    '/api/validation/scope/{scope}',
    fieldsKey ? null : { params: { path: { scope } } },
  );
  const someRules = useApiGet(
    '/api/validation/scope/{scope}/fields/{fields}',
    fieldsKey ? { params: { path: { scope, fields: fieldsKey } } } : null,
  );
  const { data: loadedRules, error: rulesError, isLoading: rulesLoading } = fieldsKey ? someRules : allRules;
  const rules: ScopeRules = useMemo(() => loadedRules ?? {}, [loadedRules]);

  const [initial, setInitial] = useState<T>(options.initial);
  const [values, setValues] = useState<T>(options.initial);
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [attempted, setAttempted] = useState(false);
  const [unique, setUnique] = useState<Record<string, UniqueState>>({});
  /** Minutes to wait when the server throttled the unique-value checks (429); null otherwise. */
  const [uniqueRetryMinutes, setUniqueRetryMinutes] = useState<number | null>(null);
  const [status, setStatus] = useState<FormStatus>('idle');

  const timers = useRef(new Map<string, ReturnType<typeof setTimeout>>());
  const aborts = useRef(new Map<string, AbortController>());
  const valuesRef = useRef(values);
  useLayoutEffect(() => {
    valuesRef.current = values;
  }, [values]);

  const cancelUnique = useCallback((name: string) => {
    const timer = timers.current.get(name);
    if (timer) clearTimeout(timer);
    timers.current.delete(name);
    aborts.current.get(name)?.abort();
    aborts.current.delete(name);
  }, []);

  useEffect(() => {
    const pendingTimers = timers.current;
    const pendingAborts = aborts.current;
    return () => {
      for (const t of pendingTimers.values()) clearTimeout(t);
      for (const a of pendingAborts.values()) a.abort();
    };
  }, []);

  /** Asks the server whether the value exists; the answer counts only if the value is still the same. */
  const runUniqueCheck = useCallback(
    async (name: string, value: string): Promise<boolean | null> => {
      aborts.current.get(name)?.abort();
      const controller = new AbortController();
      aborts.current.set(name, controller);
      setUnique((u) => ({ ...u, [name]: { value, exists: null } }));
      try {
        const exists = await client.GET('/api/checkIfExists/scope/{scope}/field/{field}/value/{value}', {
          params: {
            path: { scope, field: name, value },
            query: uniqueParent ? { parent: uniqueParent } : {},
          },
        });
        if (controller.signal.aborted) return null;
        setUnique((u) => ({ ...u, [name]: { value, exists: exists === true } }));
        setUniqueRetryMinutes(null);
        return exists === true;
      } catch (error) {
        // An unreachable check does not block the form: the server refuses duplicates on submit anyway.
        if (controller.signal.aborted) return null;
        setUniqueRetryMinutes(retryMinutesOf(error));
        setUnique((u) => ({ ...u, [name]: { value, exists: false } }));
        return false;
      } finally {
        if (aborts.current.get(name) === controller) aborts.current.delete(name);
      }
    },
    [scope, uniqueParent],
  );

  const scheduleUnique = useCallback(
    (name: string, value: FieldValue) => {
      cancelUnique(name);
      const rule = rules[name];
      if (!needsUniqueCheck(rule, mode, value, initial[name]) || checkField(rule, value)) {
        setUnique((u) => {
          if (!(name in u)) return u;
          const next = { ...u };
          delete next[name];
          return next;
        });
        return;
      }
      const text = String(value);
      setUnique((u) => ({ ...u, [name]: { value: text, exists: null } }));
      timers.current.set(
        name,
        setTimeout(() => {
          timers.current.delete(name);
          void runUniqueCheck(name, text);
        }, UNIQUE_CHECK_DELAY_MS),
      );
    },
    [cancelUnique, initial, mode, rules, runUniqueCheck],
  );

  // A value typed before the rules arrived had no unique check scheduled (nothing was known to be unique):
  // schedule it once the rules are there.
  const rulesSeen = useRef<ScopeRules | undefined>(undefined);
  useEffect(() => {
    if (!loadedRules || rulesSeen.current === loadedRules) return;
    rulesSeen.current = loadedRules;
    for (const [name, rule] of Object.entries(loadedRules)) {
      if (rule?.unique) scheduleUnique(name, valuesRef.current[name]);
    }
  }, [loadedRules, scheduleUnique]);

  const setValue = useCallback(
    (name: string, value: FieldValue) => {
      setValues((v) => ({ ...v, [name]: value }));
      setTouched((t) => (t[name] ? t : { ...t, [name]: true }));
      scheduleUnique(name, value);
    },
    [scheduleUnique],
  );

  const errorOf = useCallback(
    (name: string): FieldError | null => {
      const value = values[name];
      const error = checkField(rules[name], value);
      if (error) return error;
      const u = unique[name];
      if (u && u.exists === true && u.value === String(value)) return UNIQUE_ERROR;
      return null;
    },
    [rules, unique, values],
  );

  /** The error to show: none while the field is empty, unless a submit was tried. */
  const visibleError = useCallback(
    (name: string): FieldError | null => {
      const empty = isEmptyValue(values[name]);
      if (empty && !attempted) return null;
      if (!touched[name] && !attempted) return null;
      return errorOf(name);
    },
    [attempted, errorOf, touched, values],
  );

  const errors = useMemo(() => {
    const out: Record<string, FieldError> = {};
    for (const name of new Set([...Object.keys(rules), ...Object.keys(values)])) {
      const e = visibleError(name);
      if (e) out[name] = e;
    }
    return out;
  }, [rules, values, visibleError]);

  const changed = useMemo(() => changedFields(initial, values), [initial, values]);
  const dirty = Object.keys(changed).length > 0;

  const field = useCallback(
    <V extends FieldValue = FieldValue>(name: string): FieldBinding<V> => {
      const error = visibleError(name);
      const u = unique[name];
      const checking = !!u && u.exists === null && u.value === String(values[name]);
      return {
        name,
        value: values[name] as V,
        onChange: (value: V) => setValue(name, value),
        onBlur: () => setTouched((t) => (t[name] ? t : { ...t, [name]: true })),
        error,
        valid: !error && !checking && !isEmptyValue(values[name]) && !!touched[name] && !errorOf(name),
        required: rules[name]?.required === true,
        checking,
      };
    },
    [errorOf, rules, setValue, touched, unique, values, visibleError],
  );

  /** Checks every field to be sent, including the unique checks; true when the form may be sent. */
  const validate = useCallback(async (): Promise<boolean> => {
    setAttempted(true);
    const current = valuesRef.current;
    const toSend: FormValues = mode === 'put' ? changedFields(initial, current) : current;
    const invalid = checkForm(rules, toSend, mode);
    if (Object.keys(invalid).length > 0) return false;
    for (const name of Object.keys(toSend)) {
      const value = toSend[name];
      if (!needsUniqueCheck(rules[name], mode, value, initial[name])) continue;
      const known = unique[name];
      let exists = known && known.value === String(value) ? known.exists : null;
      if (exists === null) {
        cancelUnique(name);
        exists = await runUniqueCheck(name, String(value));
      }
      if (exists) return false;
    }
    return true;
  }, [cancelUnique, initial, mode, rules, runUniqueCheck, unique]);

  /**
   * Sends the form to `target` (default: the `action` option). Invalid → `{ok: false, reason: 'invalid', message:
   * 'form contains non valid elements'}` and nothing is sent; put mode with no change → `{ok: true, sent: false}`.
   */
  const submit = useCallback(
    async <R = unknown>(target: FormAction | undefined = action): Promise<SubmitResult<R>> => {
      if (!target) throw new Error('useForm: submit() needs a path (the `action` option)');
      if (!(await validate())) {
        return { ok: false, reason: 'invalid', message: VALIDATION_MESSAGES.form, notify: true };
      }
      const current = valuesRef.current;
      const body = mode === 'put' ? changedFields(initial, current) : current;
      if (mode === 'put' && Object.keys(body).length === 0) return { ok: true, sent: false };
      setStatus('sending');
      try {
        const url = apiPath(target.path, target.params);
        // the caller states what the path answers (R), as the action's document describes it
        const data = (await transport(mode === 'put' ? 'PUT' : 'POST', url, body)) as R;
        setInitial({ ...initial, ...body } as T);
        setStatus('submitted');
        return { ok: true, sent: true, data };
      } catch (err) {
        setStatus('failed');
        const error = err instanceof ApiError ? err : new ApiError(0, 'unexpected error');
        const conflictOnPost = mode === 'post' && error.status === 409;
        return { ok: false, reason: 'api', message: error.message, error, notify: !conflictOnPost };
      }
    },
    [action, initial, mode, validate],
  );

  /** Starts over from new initial values (for example after loading the entity to edit). */
  const reset = useCallback(
    (next?: T) => {
      for (const name of new Set([...timers.current.keys(), ...aborts.current.keys()])) cancelUnique(name);
      const base = next ?? initial;
      setInitial(base);
      setValues(base);
      setTouched({});
      setAttempted(false);
      setUnique({});
      setUniqueRetryMinutes(null);
      setStatus('idle');
    },
    [cancelUnique, initial],
  );

  return {
    values,
    initial,
    rules,
    rulesLoading,
    rulesError,
    errors,
    dirty,
    changed,
    status,
    uniqueRetryMinutes,
    field,
    setValue,
    validate,
    submit,
    reset,
  };
}

export type FormApi<T extends FormValues = FormValues> = ReturnType<typeof useForm<T>>;
