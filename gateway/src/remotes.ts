import { readFile } from 'node:fs/promises';
import { Router } from 'express';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { notFound, sendError } from './errors.js';
import { staticFiles } from './static-files.js';

export type RemotesRegistry = Record<string, string>;

export class RegistryUnreadableError extends Error {
  constructor(file: string, reason: string) {
    super(`remotes registry ${file} unreadable: ${reason}`);
    this.name = 'RegistryUnreadableError';
  }
}

/** Parses the registry text: a JSON object mapping container names to manifest URLs. */
export function parseRemotesRegistry(text: string, file = 'remotes.json'): RemotesRegistry {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (err) {
    throw new RegistryUnreadableError(file, (err as Error).message);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new RegistryUnreadableError(file, 'not a JSON object');
  }
  for (const [name, url] of Object.entries(value)) {
    if (typeof url !== 'string' || url.length === 0) {
      throw new RegistryUnreadableError(file, `entry "${name}" is not a manifest URL`);
    }
  }
  return value as RemotesRegistry;
}

/**
 * Reads the registry from disk: every call reads the file again (it is tiny), so editing it switches remote
 * versions at once. A missing file is an empty registry.
 */
export async function readRemotesRegistry(file: string): Promise<RemotesRegistry> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new RegistryUnreadableError(file, (err as Error).message);
  }
  return parseRemotesRegistry(text, file);
}

/** `/remotes.json` and the static remotes under `/remotes/<folder>/<version>/…`. */
export function remotesRouter(config: GatewayConfig, logger: Logger): Router {
  const router = Router();
  router.get('/remotes.json', async (_req, res) => {
    try {
      const registry = await readRemotesRegistry(config.remotesRegistry);
      res.set('Cache-Control', 'no-cache').json(registry);
    } catch (err) {
      logger.error({ err: (err as Error).message }, 'remotes registry unreadable');
      sendError(res, 503, 'remotes registry unreadable', 'GATEWAY.REGISTRY');
    }
  });
  router.use(
    '/remotes',
    staticFiles(config.remotesDir, { etag: true, lastModified: true }),
    // Never the SPA page for a missing remote file: the Module Federation runtime must see a plain 404.
    (_req, res) => notFound(res),
  );
  return router;
}
