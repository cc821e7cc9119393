import { useCallback, useState } from 'react';
import { useFieldError } from '@agora/platform';

/** The form field a refused field belongs to: `choices[2].content` → `choices`, `variable_type[0]` → `variable_type`. */
export function formFieldOf(field: string): string {
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(field)?.[0] ?? field;
}

/**
 * The server's rule refusals (`field` and `rule` of the answer), shown under the fields they name in the current
 * language until the field is edited again (spec part 2 §8: "Server rule messages appear under the fields").
 */
export function useServerErrors() {
  const fieldError = useFieldError();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const take = useCallback(
    (error: unknown) => {
      const refusal = fieldError(error);
      if (refusal) setErrors((e) => ({ ...e, [formFieldOf(refusal.field)]: refusal.text }));
    },
    [fieldError],
  );
  const clear = useCallback((field: string) => {
    setErrors((e) => {
      if (!(field in e)) return e;
      const next = { ...e };
      delete next[field];
      return next;
    });
  }, []);
  return { errors, take, clear };
}
