import { useState } from 'react';
import type { FieldBinding, FormValues } from '@agora/platform';
import { SHORT_NAME_MAX, toShortName } from './shortName';

/** The part of a `useForm` result that the short-name derivation needs. */
interface ShortNameForm {
  field: <V extends FormValues[string]>(name: string) => FieldBinding<V>;
  setValue: (name: string, value: FormValues[string]) => void;
  rules: Readonly<Record<string, { max_size?: number } | undefined>>;
}

/**
 * Bindings for a title field and its short-name field (spec part 2 §5, "the short name is derived from what the
 * user types"): while `derive` is on (a new entity) and the user has not typed a short name by hand, every change
 * of the title writes `toShortName(title)` into the short name. Emptying the short name by hand resumes it.
 */
export function useDerivedShortName(
  form: ShortNameForm,
  derive: boolean,
  names: { title: string; mname: string } = { title: 'title', mname: 'mname' },
) {
  const [manual, setManual] = useState(!derive);
  const max = form.rules[names.mname]?.max_size ?? SHORT_NAME_MAX;
  const title: FieldBinding<string> = {
    ...form.field<string>(names.title),
    onChange: (value: string) => {
      form.setValue(names.title, value);
      if (!manual) form.setValue(names.mname, toShortName(value, max));
    },
  };
  const mname: FieldBinding<string> = {
    ...form.field<string>(names.mname),
    onChange: (value: string) => {
      setManual(derive ? value !== '' : true);
      form.setValue(names.mname, value);
    },
  };
  return { title, mname, derived: !manual };
}
