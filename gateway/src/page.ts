// The shell's page (index.html) as the gateway sends it: with the remotes registry inlined and, for a route that a
// remote owns, preload links for that remote's start-up files, so the browser fetches them with the shell's own
// chunks instead of after the shell has asked for /remotes.json and the remote's manifest.
import { readFile } from 'node:fs/promises';
import { resolve, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { CSRF_COOKIE } from '@agora/contracts';
import { areaForPath, isAdminPath } from '@agora/contracts/areas';
import type { RemotesRegistry } from './remotes.js';
import { acceptedVariants } from './static-files.js';

/** The id of the `<script type="application/json">` element holding the registry (read by shell/src/early.ts). */
export const INLINE_REGISTRY_ID = 'agora-remotes';

/** What a remote needs before its `./App` renders: the manifest, `remoteEntry.js` and the module's own files. */
export interface RemoteStartFiles {
  manifest: string;
  entry: string | null;
  scripts: string[];
  styles: string[];
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function strings(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string' && v !== '') : [];
}

/** A file name from a manifest: a plain relative path (no scheme, no `..`, no leading slash). */
function isRelativeFile(name: string): boolean {
  return /^[\w.\-/]+$/.test(name) && !name.startsWith('/') && !name.split('/').includes('..');
}

/**
 * The start-up files of a remote from its Module Federation manifest (`mf-manifest.json`, publicPath `auto`: the
 * files sit beside it): `remoteEntry.js` and the synchronous scripts and styles of the exposed `./App`.
 */
export function startFilesOf(manifestUrl: string, manifest: unknown): RemoteStartFiles {
  const dir = manifestUrl.slice(0, manifestUrl.lastIndexOf('/') + 1);
  const at = (name: string) => (isRelativeFile(name) ? [dir + name] : []);
  const files: RemoteStartFiles = { manifest: manifestUrl, entry: null, scripts: [], styles: [] };
  if (!isRecord(manifest)) return files;
  const meta = isRecord(manifest['metaData']) ? manifest['metaData'] : {};
  const entry = isRecord(meta['remoteEntry']) ? meta['remoteEntry'] : {};
  if (typeof entry['name'] === 'string') {
    const path = typeof entry['path'] === 'string' && entry['path'] !== '' ? `${entry['path']}/` : '';
    files.entry = at(path + entry['name'])[0] ?? null;
  }
  const exposes = Array.isArray(manifest['exposes']) ? manifest['exposes'] : [];
  const app = exposes.find((e): e is Record<string, unknown> => isRecord(e) && e['path'] === './App');
  const assets = app && isRecord(app['assets']) ? app['assets'] : {};
  const sync = (kind: string) => (isRecord(assets[kind]) ? strings(assets[kind]['sync']) : []);
  files.scripts = sync('js').flatMap(at);
  files.styles = sync('css').flatMap(at);
  return files;
}

/**
 * Reads the start-up files of the remote whose manifest the registry names, when that manifest is one of the
 * gateway's own published remotes (`/remotes/…` under `remotesDir`); null otherwise or when it cannot be read.
 */
export async function readRemoteStartFiles(
  remotesDir: string,
  manifestUrl: string,
): Promise<RemoteStartFiles | null> {
  if (!manifestUrl.startsWith('/remotes/') || !isRelativeFile(manifestUrl.slice('/remotes/'.length)))
    return null;
  const root = resolve(remotesDir);
  const file = resolve(root, manifestUrl.slice('/remotes/'.length));
  if (!file.startsWith(root + sep)) return null;
  try {
    return startFilesOf(manifestUrl, JSON.parse(await readFile(file, 'utf8')) as unknown);
  } catch {
    return null; // the shell loads the remote itself, and shows its fallback if it cannot
  }
}

/** JSON that is safe inside a `<script>` element: no `<`, `>` or `&` that could end it or start markup. */
function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

function attr(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The elements the gateway adds to the page's head. */
export function headAdditions(registry: RemotesRegistry | null, start: RemoteStartFiles | null): string {
  const parts: string[] = [];
  if (registry) {
    parts.push(
      `<script type="application/json" id="${INLINE_REGISTRY_ID}">${scriptSafeJson(registry)}</script>`,
    );
  }
  if (start) {
    // The runtime fetches the manifest with fetch() (CORS mode, same-origin credentials): crossorigin="anonymous".
    parts.push(`<link rel="preload" href="${attr(start.manifest)}" as="fetch" crossorigin="anonymous">`);
    for (const src of [...(start.entry ? [start.entry] : []), ...start.scripts]) {
      parts.push(`<link rel="preload" href="${attr(src)}" as="script">`);
    }
    for (const href of start.styles) parts.push(`<link rel="preload" href="${attr(href)}" as="style">`);
  }
  return parts.join('');
}

/** The page with `additions` at the end of its head (unchanged when it has no `</head>`). */
export function withHeadAdditions(html: string, additions: string): string {
  const at = html.search(/<\/head>/i);
  return at < 0 || additions === '' ? html : html.slice(0, at) + additions + html.slice(at);
}

/**
 * The remote whose start-up files the page for `pathname` should name: the one owning the route, unless the route
 * is an admin one and the visitor has no session (the shell sends them to the login page instead).
 */
export function remoteToPreload(pathname: string, cookieHeader: string | undefined): string | null {
  const area = areaForPath(pathname);
  if (!area) return null;
  const loggedIn = new RegExp(`(?:^|;\\s*)${CSRF_COOKIE}=`).test(cookieHeader ?? '');
  return loggedIn || !isAdminPath(pathname) ? area.name : null;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** The page body in the best encoding the client accepts (brotli 5 or gzip 6: a page is small and never cached). */
export async function encodePage(
  html: string,
  acceptEncoding: string | undefined,
): Promise<{ body: Buffer; encoding: 'br' | 'gzip' | null }> {
  const raw = Buffer.from(html, 'utf8');
  const best = acceptedVariants(acceptEncoding)[0]?.encoding;
  if (best === 'br') {
    return { body: await brotli(raw, { params: { [zlib.BROTLI_PARAM_QUALITY]: 5 } }), encoding: 'br' };
  }
  if (best === 'gzip') return { body: await gzipAsync(raw, { level: 6 }), encoding: 'gzip' };
  return { body: raw, encoding: null };
}
