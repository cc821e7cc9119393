import { z } from 'zod';

export interface SiteSettings {
  map: { center: { lat: number; lng: number }; zoom: number };
  isOpenAuthEnabled: boolean;
  isGoogleAuthEnabled: boolean;
  isFacebookAuthEnabled: boolean;
  openAuthTitle: string;
  multilingual: boolean;
  locales: string[];
  registration: boolean;
  geocoderUrl: string | null;
}

/** The spec's defaults (part 1 §9: centre near 40.33, 21.61, zoom 7). */
export const DEFAULT_SETTINGS: SiteSettings = {
  map: { center: { lat: 40.33, lng: 21.61 }, zoom: 7 },
  isOpenAuthEnabled: false,
  isGoogleAuthEnabled: false,
  isFacebookAuthEnabled: false,
  openAuthTitle: '',
  multilingual: true,
  locales: ['el', 'en'],
  registration: true,
  geocoderUrl: null,
};

/** Keys stored in `accounts.setting` (locales are fixed by the build). */
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
