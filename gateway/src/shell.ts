import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Router, type Request } from 'express';
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

/** A static file's name: what follows the last `/` has an extension (`main.3f2a1b9c.js`, `favicon.ico`). */
const FILE_NAME = /\.[A-Za-z0-9]{1,12}$/;

/**
 * A page URL: a GET or HEAD of any path but the API (`/api/…`), the remotes (`/remotes/…`, `/remotes.json`) and
 * file names (a missing script or image is a 404, never the page). The Accept header does not matter: curl, a
 * link checker or a prefetch get the page a browser gets. The site's routes hold no file names (their tokens,
 * uuids and uris are letters, digits, `-` and `_`).
 */
export function wantsPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  const path = req.path;
  if (path === '/api' || path.startsWith('/api/') || path === '/remotes' || path.startsWith('/remotes/'))
    return false;
  return !FILE_NAME.test(path.slice(path.lastIndexOf('/') + 1));
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
