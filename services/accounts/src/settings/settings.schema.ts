import { z } from 'zod';
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

const httpUrl = z
  .string()
  .max(500)
  .refine((v) => {
    try {
      const u = new URL(v);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  });

/** `POST /settings/scope/general`: any subset of the settings; unknown keys are refused. */
export const generalSettingsSchema = z
  .strictObject({
    map: z.strictObject({
      center: z.strictObject({
        lat: z.number().min(-90).max(90),
        lng: z.number().min(-180).max(180),
      }),
      zoom: z.number().int().min(1).max(19),
    }),
    isOpenAuthEnabled: z.boolean(),
    isGoogleAuthEnabled: z.boolean(),
    isFacebookAuthEnabled: z.boolean(),
    openAuthTitle: z.string().max(100),
    multilingual: z.boolean(),
    registration: z.boolean(),
    geocoderUrl: httpUrl.nullable(),
    /** Sent back as read: accepted only unchanged. */
    locales: z.array(z.string()).optional(),
  })
  .partial();

export type GeneralSettingsInput = z.infer<typeof generalSettingsSchema>;
