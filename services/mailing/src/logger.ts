import type { createLogger } from '@agora/common';

/** The platform's logger (pino), as injected under `LOGGER`. */
export type Logger = ReturnType<typeof createLogger>;
