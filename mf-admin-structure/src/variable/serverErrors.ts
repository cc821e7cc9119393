import { useCallback, useState } from 'react';

/** `{"Error": "field: message"}`, the server's answer when a field breaks its rule: the field and the message. */
export function fieldOfServerError(message: string): { field: string; message: string } | null {
  const m = /^([A-Za-z_][A-Za-z0-9_]*)(?:\[\d+\])?(?:\.[A-Za-z0-9_.[\]]+)?: (.+)$/s.exec(message);
  return m ? { field: m[1] as string, message: m[2] as string } : null;
}

/**
 * The server's rule messages, shown under the fields they name until the field is edited again (spec part 2 §8:
 * "Server rule messages appear under the fields").
 */
export function useServerErrors() {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const take = useCallback((message: string) => {
    const parsed = fieldOfServerError(message);
    if (parsed) setErrors((e) => ({ ...e, [parsed.field]: parsed.message }));
  }, []);
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
