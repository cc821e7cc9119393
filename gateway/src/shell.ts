import { join } from 'node:path';
import { Router, type Request } from 'express';
import { notFound } from './errors.js';
import { NO_CACHE, staticFiles } from './static-files.js';

/** A navigation by a browser: GET/HEAD that names text/html in Accept (not just `*\/*`, as scripts and fetch do). */
export function wantsPage(req: Request): boolean {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false;
  if (req.path === '/api' || req.path.startsWith('/api/') || req.path.startsWith('/remotes/')) return false;
  return /\btext\/html\b/i.test(req.headers.accept ?? '');
}

/** The shell's files, and its index.html for every other page URL (the shell's router takes over). */
export function shellRouter(shellDir: string): Router {
  const router = Router();
  const indexFile = join(shellDir, 'index.html');
  router.use(staticFiles(shellDir));
  router.use((req, res) => {
    if (!wantsPage(req)) {
      notFound(res);
      return;
    }
    res.sendFile(indexFile, { headers: { 'Cache-Control': NO_CACHE }, cacheControl: false }, (err) => {
      if (err && !res.headersSent) notFound(res);
    });
  });
  return router;
}
