// The attributes hidden from the map (unchecked in the aside), by token.
import { useCallback, useState } from 'react';

export function useHiddenAttributes(): [ReadonlySet<string>, (token: string, visible: boolean) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const setVisible = useCallback(
    (token: string, visible: boolean) =>
      setHidden((h) => {
        const next = new Set(h);
        if (visible) next.delete(token);
        else next.add(token);
        return next;
      }),
    [],
  );
  return [hidden, setVisible];
}
