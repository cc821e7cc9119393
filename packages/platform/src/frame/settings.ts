import type { SWRConfiguration } from 'swr';
import { DEFAULT_TILES, SHARED_SETTING_DEFAULTS, type SiteSettings } from '@agora/contracts';
import { useApiGet } from '../useApi';

/** What the site uses until the settings have loaded, or when they cannot (spec part 1 §9 defaults). */
export const DEFAULT_SETTINGS: SiteSettings = {
  ...SHARED_SETTING_DEFAULTS,
  // no sign-up link until the server has said that registration is open
  registration: false,
  geocoderUrl: '',
  ...DEFAULT_TILES,
};

export type { SiteSettings };

export type SettingsState = 'pending' | 'fetched' | 'failed';

function merge(answer: Partial<SiteSettings> | undefined): SiteSettings {
  if (!answer || typeof answer !== 'object') return DEFAULT_SETTINGS;
  const center = answer.map?.center;
  const map =
    center && typeof center.lat === 'number' && typeof center.lng === 'number' && answer.map
      ? answer.map
      : DEFAULT_SETTINGS.map;
  const locales =
    Array.isArray(answer.locales) && answer.locales.length > 0 ? answer.locales : DEFAULT_SETTINGS.locales;
  // null from the server means "not set": the default applies
  const given = Object.fromEntries(Object.entries(answer).filter(([, v]) => v !== null && v !== undefined));
  return { ...DEFAULT_SETTINGS, ...given, map, locales };
}

const config: SWRConfiguration = { revalidateOnFocus: false, shouldRetryOnError: false };

/** The site settings (spec states: pending, fetched, failed); defaults while pending or after a failure. */
export function useSettings(): { settings: SiteSettings; state: SettingsState; reload: () => void } {
  const { data, error, mutate } = useApiGet('/api/settings', {}, config);
  const state: SettingsState = error ? 'failed' : data ? 'fetched' : 'pending';
  return { settings: merge(data), state, reload: () => void mutate() };
}
