import { SHARED_SETTING_DEFAULTS, type SiteSettings, type TileSettings } from '@agora/contracts';

export type { SiteSettings };

/** The settings as stored, without the deployment's map tiles (configuration: `MAP_TILE_URL`). */
export type StoredSettings = Omit<SiteSettings, keyof TileSettings | 'configuredLogins'>;

/** The spec's defaults (part 1 §9); a new site opens registration and has no geocoder. */
export const DEFAULT_SETTINGS: StoredSettings = {
  ...SHARED_SETTING_DEFAULTS,
  registration: true,
  geocoderUrl: null,
};

/**
 * Keys stored in `accounts.setting` (locales are fixed by the build, the map tiles by the deployment: neither can
 * be posted).
 */
export const SETTING_KEYS = [
  'map',
  'isOpenAuthEnabled',
  'isGoogleAuthEnabled',
  'isFacebookAuthEnabled',
  'openAuthTitle',
  'multilingual',
  'registration',
  'geocoderUrl',
] as const;
export type SettingKey = (typeof SETTING_KEYS)[number];
