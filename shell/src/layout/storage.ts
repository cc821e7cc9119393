import { useState } from 'react';

function read(key: string, fallback: boolean): boolean {
  try {
    const value = globalThis.localStorage?.getItem(key);
    return value === null || value === undefined ? fallback : value === '1';
  } catch {
    return fallback;
  }
}

/** A boolean remembered in localStorage (layout choices, the cookie banner). */
export function useStoredFlag(key: string, fallback = false): [boolean, (next: boolean) => void] {
  const [value, setValue] = useState(() => read(key, fallback));
  const set = (next: boolean) => {
    setValue(next);
    try {
      globalThis.localStorage?.setItem(key, next ? '1' : '0');
    } catch {
      // storage unavailable: the choice lasts for this page only
    }
  };
  return [value, set];
}

export const SIDEBAR_MINIMIZED_KEY = 'agora.sidebar.minimized';
export const ASIDE_OPEN_KEY = 'agora.aside.open';
export const COOKIES_ACCEPTED_KEY = 'agora.cookies.accepted';
