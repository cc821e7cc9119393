import { z } from 'zod';

/**
 * The answers of the gateway's own routes under `/api`, which it serves itself (no service's OpenAPI document
 * describes them; `GatewayPaths` of the typed client does).
 */

/**
 * `GET /api/login`, the spec's session probe: whether the session is logged in. The call sets the `token`
 * cookie (the CSRF token that unsafe calls echo in `X-Csrf-Token`) when the browser holds none of its own.
 */
export const SessionProbeAnswer = z.object({ loggedin: z.boolean() });
export type SessionProbeAnswer = z.infer<typeof SessionProbeAnswer>;
