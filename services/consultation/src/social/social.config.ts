import { parseEnv } from '@agora/common';
import { z } from 'zod';

/** Where the social feature finds the services that own the items people react to. */
export const socialEnvSchema = z.object({
  /** The library service's base URL, for its internal routes (who owns a library item). */
  LIBRARY_URL: z
    .string()
    .trim()
    .default('http://127.0.0.1:3102')
    .pipe(z.url({ protocol: /^https?$/, error: 'an http(s) URL' }))
    .transform((v) => v.replace(/\/+$/, '')),
});

export interface SocialConfig {
  libraryUrl: string;
}

/** Typed, validated settings of the social feature (the library's URL defaults to its distributed-mode port). */
export function loadSocialConfig(env: Record<string, string | undefined>): SocialConfig {
  return { libraryUrl: parseEnv('consultation', socialEnvSchema, env).LIBRARY_URL };
}
