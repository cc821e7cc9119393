import type { RefusalOptions } from '@agora/common';

/**
 * How the consultation's forms refuse a field their schema does not accept: 400 `CONSULTATION.INVALID_FIELD`,
 * `Error` "field: message" with `field`, `rule` and `values` (decision 0033). `@ZodBody(Schema, FIELD_REFUSAL)`.
 */
export const FIELD_REFUSAL: RefusalOptions = { code: 'CONSULTATION.INVALID_FIELD', namesField: true };
