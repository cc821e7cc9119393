// The aside as a drawer below the spec's mobile breakpoint: open or closed.
import { useCallback, useEffect, useState } from 'react';

/** The spec's mobile breakpoint: below it the aside is a drawer. */
export const MOBILE_WIDTH = 768;

/** Whether the window is narrower than the spec's mobile breakpoint (follows resizes). */
export function useMobile(): boolean {
  const query = `(max-width: ${MOBILE_WIDTH - 0.02}px)`;
  const [mobile, setMobile] = useState(
    () => typeof window !== 'undefined' && !!window.matchMedia?.(query).matches,
  );
  useEffect(() => {
    const list = window.matchMedia?.(query);
    if (!list) return;
    const change = () => setMobile(list.matches);
    list.addEventListener('change', change);
    return () => list.removeEventListener('change', change);
  }, [query]);
  return mobile;
}

/** The drawer's state: open or not, and whether the aside is a drawer at all. */
export function useDrawer() {
  const mobile = useMobile();
  const [open, setOpen] = useState(false);
  /** on a phone the drawer gives way to the map (after a choice in it) */
  const giveWay = useCallback(() => {
    if (mobile) setOpen(false);
  }, [mobile]);
  return { mobile, open, setOpen, giveWay };
}
