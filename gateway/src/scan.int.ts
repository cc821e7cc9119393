import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createTestDatabase, deleteRedisKeys, testRedisUrl, type TestDatabase } from '@agora/common/testing';
import { startAllInOne, type AllInOne } from '../../scripts/lib/stack.mjs';

// A scan of the whole site (the four services and the gateway in this process, on a fresh database with the demo
// data): every operation of the merged OpenAPI document gets deeply nested bodies, prototype names as path
// segments and oversized GeoJSON, as the admin and anonymously, with a CSRF token. No answer may be a 5xx.
// Runs from the servers' build (`npx tsc -b tsconfig.build.json`), like every test that starts services.

const ADMIN_PASSWORD = 'scan-admin-password';
const MAX_COORDINATES = 200;
const PROTOTYPE_NAMES = ['constructor', '__proto__'];
const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

interface Operation {
  method: Method;
  path: string;
}

interface Probe {
  method: string;
  url: string;
  body?: string | FormData;
  what: string;
}

/** A caller: cookies and the CSRF token it sends, logged in or not. */
class Caller {
  private readonly cookies = new Map<string, string>();

  constructor(
    private readonly base: string,
    readonly name: 'admin' | 'anonymous',
  ) {}

  private store(res: Response): void {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(pair!.slice(0, eq));
      else this.cookies.set(pair!.slice(0, eq), value);
    }
  }

  async send(method: string, url: string, body?: string | FormData): Promise<Response> {
    const headers: Record<string, string> = {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-csrf-token': decodeURIComponent(this.cookies.get('token') ?? ''),
      accept: 'application/json',
    };
    if (typeof body === 'string') headers['content-type'] = 'application/json';
    const res = await fetch(`${this.base}${url}`, { method: method.toUpperCase(), headers, body });
    this.store(res);
    return res;
  }

  /** Takes a CSRF token, and for the admin a session, again when the last request lost them. */
  async ready(): Promise<void> {
    const probe = await this.send('get', '/api/login');
    const { loggedin } = (await probe.json()) as { loggedin: boolean };
    if (this.name === 'anonymous' || loggedin) return;
    const login = await this.send(
      'post',
      '/api/login',
      JSON.stringify({ username: 'admin', password: ADMIN_PASSWORD }),
    );
    if (login.status !== 200) throw new Error(`admin login failed: ${login.status} ${await login.text()}`);
    await this.send('get', '/api/login');
  }
}

/** `[[[…]]]` of about 80 KB, and a deep value inside an object. */
const deepArray = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;
const deepField = (name: string) => `{"${name}":${deepArray}}`;

/** A ring of `n` positions around Thessaloniki, closed. */
function ring(n: number): number[][] {
  const open = Array.from({ length: n - 1 }, (_, i) => {
    const a = (2 * Math.PI * i) / (n - 1);
    return [22.94 + 0.01 * Math.cos(a), 40.63 + 0.01 * Math.sin(a)];
  });
  return [...open, open[0]!];
}

/**
 * GeoJSON with more positions than the site allows, as a topic's boundary and as an attribute's predefined
 * features and context (each write refuses the other's fields).
 */
function oversizedGeoJson(project: string, topic: string): string[] {
  const polygon = { type: 'Polygon', coordinates: [ring(MAX_COORDINATES + 1)] };
  const points = {
    type: 'FeatureCollection',
    features: Array.from({ length: MAX_COORDINATES + 1 }, (_, i) => ({
      type: 'Feature',
      properties: null,
      geometry: { type: 'Point', coordinates: [22.9 + i / 10_000, 40.6] },
    })),
  };
  const mname = () => `scan-${randomUUID().slice(0, 8)}`;
  return [
    {
      project,
      title: 'Σάρωση',
      mname: mname(),
      has_geometry: true,
      geom_type: 'polygon',
      max_geom: 1,
      boundary: polygon,
    },
    {
      node: topic,
      name: 'Σάρωση',
      mname: mname(),
      has_geometry: true,
      geom_type: 'point',
      has_predefined: true,
      predefined: points,
      has_context: true,
      context: polygon,
    },
  ].map((body) => JSON.stringify(body));
}

/** A multipart form whose JSON-text fields are deeply nested (1,000 levels: small, so every limit lets it in). */
function deepForm(): FormData {
  const form = new FormData();
  const deep = `${'['.repeat(1_000)}${']'.repeat(1_000)}`;
  for (const field of ['boundary', 'predefined', 'context', 'relative_documents', 'center', 'wms_services'])
    form.append(field, deep);
  form.append('title', 'Σάρωση');
  return form;
}

/** A plausible value of a path parameter, by its name. */
function plausible(name: string): string {
  const n = name.toLowerCase();
  if (/token|uuid|project|node|attribute|variable|category|item|parent/.test(n)) return randomUUID();
  if (/page|id|num|size|year|index/.test(n)) return '1';
  if (n.includes('scope')) return 'users';
  if (n.includes('field')) return 'username';
  if (n.includes('sort')) return 'username';
  if (n.includes('method')) return 'asc';
  return 'scan';
}

/** The operation's path with every parameter set to `value(name)`. */
const fill = (path: string, value: (name: string) => string) =>
  path.replace(/\{([^}]+)\}/g, (_m, name: string) => encodeURIComponent(value(name)));

function probesOf(op: Operation, project: string, topic: string): Probe[] {
  const params = [...op.path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]!);
  const urls = [fill(op.path, plausible)];
  // a validation scope decides which service answers: a scope of each, its other parameters prototype names
  if (params.includes('scope'))
    for (const scope of ['category', 'library', 'documentation'])
      for (const proto of PROTOTYPE_NAMES)
        urls.push(fill(op.path, (name) => (name === 'scope' ? scope : proto)));
  for (const proto of PROTOTYPE_NAMES) {
    if (params.length === 0) urls.push(`${op.path.replace(/\/$/, '')}/${proto}`);
    // each parameter in turn, the others plausible
    for (const p of params) urls.push(fill(op.path, (name) => (name === p ? proto : plausible(name))));
  }
  const probes: Probe[] = urls.map((url) => ({ method: op.method, url, what: 'path' }));
  if (op.method !== 'get' && op.method !== 'delete') {
    const url = urls[0]!;
    probes.push(
      { method: op.method, url, body: deepArray, what: 'deep array body' },
      { method: op.method, url, body: deepField('title'), what: 'deep field' },
      ...oversizedGeoJson(project, topic).map((body) => ({
        method: op.method,
        url,
        body,
        what: 'oversized GeoJSON',
      })),
      { method: op.method, url, body: deepForm(), what: 'deep multipart fields' },
    );
  }
  return probes;
}

/**
 * Sends a probe. A server may answer a refused body before reading all of it and close the connection (the
 * HTTP/1.1 way to refuse an upload); the client then sees a reset while still sending, so a reset is tried once
 * more before it counts as a failure of the scan.
 */
async function sendOnce(caller: Caller, probe: Probe): Promise<Response> {
  try {
    return await caller.send(probe.method, probe.url, probe.body);
  } catch {
    try {
      return await caller.send(probe.method, probe.url, probe.body);
    } catch (e) {
      throw new Error(`${caller.name} ${probe.method.toUpperCase()} ${probe.url} (${probe.what})`, {
        cause: e,
      });
    }
  }
}

/** The `code` of an `{"Error", "code"}` answer. */
function errorCode(text: string): string | undefined {
  try {
    return (JSON.parse(text) as { code?: string }).code;
  } catch {
    return undefined;
  }
}

/** Operations that would end the scan's own session or site: the rest of the scan needs them. */
function spared(op: Operation): boolean {
  return op.method === 'delete' && /^\/api\/login\/?$/.test(op.path);
}

describe('a scan of every API operation', () => {
  let db: TestDatabase;
  let dataDir: string;
  let site: AllInOne;
  let project: string;
  let topic: string;
  const queuePrefix = `scan-${Date.now().toString(36)}`;

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'agora-scan-'));
    db = await createTestDatabase('agora_scan');
    site = await startAllInOne({
      env: {
        ...process.env,
        DATABASE_URL: db.url,
        REDIS_URL: testRedisUrl(),
        QUEUE_PREFIX: queuePrefix,
        SMTP_URL: 'smtp://127.0.0.1:9',
        MAIL_WORKER: 'off',
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        AGORA_DATA_DIR: dataDir,
        AGORA_DEMO_DATA: 'true',
        GEOJSON_MAX_COORDINATES: String(MAX_COORDINATES),
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
      },
    });
    const [row] = await db.query<{ project: string; topic: string }>(
      `SELECT p.token AS project, n.token AS topic
       FROM consultation.project p JOIN consultation.node n ON n.project = p.token LIMIT 1`,
    );
    project = row!.project;
    topic = row!.topic;
  });

  afterAll(async () => {
    await site?.stop();
    await db?.drop();
    await deleteRedisKeys(testRedisUrl(), `${queuePrefix}*`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('answers no 5xx to deep bodies, prototype names and oversized GeoJSON, as admin and anonymously', async () => {
    const base = `http://127.0.0.1:${site.port}`;
    const doc = (await (await fetch(`${base}/api/docs/openapi.json`)).json()) as {
      paths: Record<string, Partial<Record<Method, unknown>>>;
    };
    const operations: Operation[] = Object.entries(doc.paths).flatMap(([path, item]) =>
      METHODS.filter((m) => item[m] !== undefined).map((method) => ({ method, path })),
    );
    // the whole API: a document missing a service would make the scan pass too easily (mailing has no public paths)
    expect(operations.length).toBeGreaterThan(100);
    const services = ['/api/users', '/api/library', '/api/node', '/api/category'];
    expect(services.filter((prefix) => !operations.some((op) => op.path.startsWith(prefix)))).toEqual([]);

    const extra: Probe[] = [
      ...PROTOTYPE_NAMES.map((p) => ({ method: 'get', url: `/api/?action=${p}`, what: 'action' })),
      ...PROTOTYPE_NAMES.map((p) => ({ method: 'get', url: `/api/validation/scope/${p}`, what: 'scope' })),
    ];
    const failures: string[] = [];
    const codes = new Set<string | undefined>();
    let sent = 0;
    for (const caller of [new Caller(base, 'admin'), new Caller(base, 'anonymous')]) {
      await caller.ready();
      const probes = [
        ...extra,
        ...operations.filter((op) => !spared(op)).flatMap((op) => probesOf(op, project, topic)),
      ];
      for (const probe of probes) {
        const res = await sendOnce(caller, probe);
        sent++;
        const text = await res.text();
        if (res.status >= 500)
          failures.push(
            `${caller.name} ${probe.method.toUpperCase()} ${probe.url} (${probe.what}): ${res.status} ${text}`,
          );
        else if (res.status >= 400) codes.add(errorCode(text));
        // a write may have ended the session (a password change, the admin's own account): take a new one
        if (probe.method !== 'get' && res.status !== 404) await caller.ready();
      }
    }
    expect(sent).toBeLessThan(10_000);
    expect(failures).toEqual([]);
    // the probes reached the checks they are about, not only routing and permission refusals
    for (const code of ['REQUEST.TOO_DEEP', 'CONSULTATION.TOO_MANY_COORDINATES', 'GATEWAY.NOT_FOUND'])
      expect({ code, seen: codes.has(code) }).toEqual({ code, seen: true });
  }, 600_000);
});
