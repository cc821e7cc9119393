import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Router, type Request } from 'express';
import { isPagePath } from '@agora/contracts/areas';
import type { Logger } from 'pino';
import type { GatewayConfig } from './config.js';
import { notFound } from './errors.js';
import {
  encodePage,
  headAdditions,
  readRemoteStartFiles,
  remoteToPreload,
  withHeadAdditions,
} from './page.js';
import { readRemotesRegistry, type RemotesRegistry } from './remotes.js';
import { NO_CACHE, staticFiles } from './static-files.js';

/**
 * A page URL: a GET or HEAD of any path but the API, the remotes and file names (`isPagePath` of
 * `@agora/contracts/areas`, which the service worker follows too). The Accept header does not matter: curl, a link
 * checker or a prefetch get the page a browser gets.
 */
export function wantsPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  return isPagePath(req.path);
}

/**
 * The shell's files, and its index.html for every other page URL (the shell's router takes over). The page carries
 * the remotes registry (read again for every page, like `/remotes.json`) and preload links for the start-up files
 * of the remote that owns the route (page.ts).
 */
export function shellRouter(
  config: Pick<GatewayConfig, 'shellDir' | 'remotesDir' | 'remotesRegistry'>,
  logger: Logger,
): Router {
  const router = Router();
  const indexFile = join(config.shellDir, 'index.html');
  router.use(staticFiles(config.shellDir));
  router.use(async (req, res) => {
    if (!wantsPage(req)) {
      notFound(res);
      return;
    }
    let html: string;
    try {
      html = await readFile(indexFile, 'utf8');
    } catch {
      notFound(res);
      return;
    }
    let registry: RemotesRegistry | null = null;
    try {
      registry = await readRemotesRegistry(config.remotesRegistry);
    } catch (err) {
      // The shell then asks for /remotes.json itself, and shows each area's fallback when that fails too.
      logger.error({ err: (err as Error).message }, 'remotes registry unreadable');
    }
    const remote = remoteToPreload(req.path, req.headers.cookie);
    const manifest = remote && registry ? registry[remote] : undefined;
    const start = manifest ? await readRemoteStartFiles(config.remotesDir, manifest) : null;
    const { body, encoding } = await encodePage(
      withHeadAdditions(html, headAdditions(registry, start)),
      req.headers['accept-encoding'],
    );
    res.set({
      'Cache-Control': NO_CACHE,
      'Content-Type': 'text/html; charset=utf-8',
      Vary: 'Accept-Encoding',
    });
    if (encoding) res.set('Content-Encoding', encoding);
    res.set('Content-Length', String(body.length));
    res.status(200).end(req.method === 'HEAD' ? undefined : body);
  });
  return router;
}
