import type { LatLng } from './address.js';
import type { TileSettings } from './tiles.js';

/**
 * `GET /api/settings` (spec part 1 §3 Settings, plus the accounts service's additions): what an administrator set
 * (`POST /api/settings/scope/general`), the build's locales, and the deployment's map tiles (`MAP_TILE_URL`,
 * `MAP_TILE_ATTRIBUTION`: configuration, not settings an administrator can change).
 */
export interface SiteSettings extends TileSettings {
  map: { center: LatLng; zoom: number };
  isOpenAuthEnabled: boolean;
  isGoogleAuthEnabled: boolean;
  isFacebookAuthEnabled: boolean;
  openAuthTitle: string;
  multilingual: boolean;
  locales: string[];
  registration: boolean;
  /** null: not set */
  geocoderUrl: string | null;
  /**
   * Which external logins the server has credentials for (the deployment's configuration): an administrator can
   * enable only those. Absent from an answer that does not tell.
   */
  configuredLogins?: ConfiguredLogins;
}

/** The external login providers that have credentials on the server. */
export interface ConfiguredLogins {
  open: boolean;
  google: boolean;
  facebook: boolean;
}

/**
 * The spec's defaults (part 1 §9: centre near 40.33, 21.61, zoom 7) that the browser and the accounts service
 * share. Each side adds its own `registration` and `geocoderUrl`: the service opens registration on a new site,
 * while the browser shows no sign-up link until the settings have said so.
 */
export const SHARED_SETTING_DEFAULTS: Readonly<
  Omit<SiteSettings, 'registration' | 'geocoderUrl' | 'configuredLogins' | keyof TileSettings>
> = {
  map: { center: { lat: 40.33, lng: 21.61 }, zoom: 7 },
  isOpenAuthEnabled: false,
  isGoogleAuthEnabled: false,
  isFacebookAuthEnabled: false,
  openAuthTitle: '',
  multilingual: true,
  locales: ['el', 'en'],
};
