import { createHash, generateKeyPairSync } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http, { type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SESSION_REFRESH_HEADER,
  type Identity,
  type ServiceName,
  type SessionEnrolment,
  type SessionUser,
} from '@agora/contracts';
import { exportKey, signUserIdentity, verifyIdentity } from '@agora/identity';
import { csrfKeyOf, csrfTokenFor } from './csrf.js';
import { createGateway, loadGatewayConfig, type Gateway } from './index.js';
import { close, listen } from '../test/servers.js';

/** The gateway's key pair: the fake services know only the public key. */
const GATEWAY = generateKeyPairSync('ed25519');
const GATEWAY_PRIVATE_KEY = exportKey(GATEWAY.privateKey);
/** The token the gateway makes for a session id (as it would have when that session was opened). */
const sessionToken = (sid: string) =>
  csrfTokenFor(csrfKeyOf(GATEWAY.privateKey), { kind: 'session', id: sid });
const ALICE: SessionUser = {
  uuid: '6f1c7a52-6a43-4d8f-9f0e-1f2b3c4d5e6f',
  username: 'alice',
  firstname: 'Alice',
  lastname: 'Papadopoulou',
  email: 'alice@example.org',
  role: 'admin',
};
const ALICE_SID = 'alice-session-0123456789abcdefghijklmnopq';
const DEMO_CATEGORY = '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01';

/** What the fake services answer: what reached them. */
interface Echo {
  service: string;
  method: string;
  url: string;
  identity: Identity;
  agoraHeaders: string[];
  requestId: string | undefined;
  cookie: string | undefined;
  bodyLength: number;
  bodySha256: string;
}

interface Upstream {
  server: Server;
  url: string;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

function json(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers });
  res.end(JSON.stringify(body));
}

/**
 * A fake service: public /ready; everything else needs a valid signed identity and echoes
 * what it received. `special` answers some paths itself.
 */
async function startService(
  service: ServiceName,
  special: (req: IncomingMessage, res: ServerResponse, identity: Identity, body: Buffer) => boolean = () =>
    false,
): Promise<Upstream> {
  const server = http.createServer((req, res) => {
    void (async () => {
      if (req.url === '/ready') return json(res, 200, { status: 'ok' });
      const body = await readBody(req);
      const identity = verifyIdentity(req.headers['x-agora-identity'] as string | undefined, {
        audience: service,
        keys: { gateway: GATEWAY.publicKey },
      });
      if (!identity) return json(res, 401, { Error: 'missing or invalid identity' });
      if (special(req, res, identity, body)) return;
      const echo: Echo = {
        service,
        method: req.method ?? '',
        url: req.url ?? '',
        identity,
        agoraHeaders: Object.keys(req.headers).filter((h) => h.startsWith('x-agora-')),
        requestId: req.headers['x-request-id'] as string | undefined,
        cookie: req.headers.cookie,
        bodyLength: body.length,
        bodySha256: createHash('sha256').update(body).digest('hex'),
      };
      json(res, 200, echo, { 'x-agora-internal-note': 'must not leak' });
    })();
  });
  return { server, url: await listen(server) };
}

/** Minimal cookie jar over Set-Cookie lines. */
class Jar {
  readonly values = new Map<string, string>();
  store(res: Response): string[] {
    const lines = res.headers.getSetCookie();
    for (const line of lines) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq);
      const value = pair!.slice(eq + 1);
      if (value === '' || /expires=Thu, 01 Jan 1970/i.test(line)) this.values.delete(name);
      else this.values.set(name, decodeURIComponent(value));
    }
    return lines;
  }
  header(): string {
    return [...this.values].map(([k, v]) => `${k}=${encodeURIComponent(v)}`).join('; ');
  }
}

/** A GET through node:http, which sends the path exactly as given (fetch would resolve dot segments). */
function rawGet(base: string, path: string, headers: Record<string, string> = {}) {
  const { hostname, port } = new URL(base);
  return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }>(
    (resolve, reject) => {
      const req = http.request({ hostname, port, path, method: 'GET', headers }, (res) => {
        void readBody(res).then((b) =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: b.toString() }),
        );
      });
      req.on('error', reject);
      req.end();
    },
  );
}

describe('gateway against real upstream servers', () => {
  let accounts: Upstream;
  let library: Upstream;
  let consultation: Upstream;
  let mailingUrl: string;
  let gateway: Gateway;
  let server: Server;
  let base: string;
  let dir: string;
  let registry: string;
  const sessions = new Set<string>([ALICE_SID]);
  /** Alice's enrolments as accounts knows them, and how often the gateway asked for her session. */
  const enrolments: SessionEnrolment[] = [];
  let resolutions = 0;

  beforeAll(async () => {
    accounts = await startService('accounts', (req, res, identity, body) => {
      if (req.url === '/internal/sessions/resolve' && req.method === 'POST') {
        if (identity.sys !== 'gateway') return (json(res, 403, { Error: 'system only' }), true);
        const { sid } = JSON.parse(body.toString()) as { sid: string };
        resolutions++;
        const user = enrolments.length > 0 ? { ...ALICE, enrolments: [...enrolments] } : ALICE;
        if (sessions.has(sid)) json(res, 200, { user });
        else json(res, 404, { Error: 'no such session', code: 'ACCOUNTS.NO_SESSION' });
        return true;
      }
      if (req.url === '/enrolment' && (req.method === 'POST' || req.method === 'DELETE')) {
        if (req.method === 'POST') enrolments.push({ category: DEMO_CATEGORY, role: 'normal' });
        else enrolments.length = 0;
        json(res, 200, { enrolments }, { [SESSION_REFRESH_HEADER]: '1' });
        return true;
      }
      if (req.url === '/login' && req.method === 'POST') {
        sessions.add(ALICE_SID);
        json(res, 200, { loggedin: true }, { 'x-agora-session': ALICE_SID, 'x-agora-debug': 'secret' });
        return true;
      }
      if (req.url === '/login' && req.method === 'DELETE') {
        if (identity.sid) sessions.delete(identity.sid);
        json(res, 200, { loggedin: false }, { 'x-agora-session-clear': '1' });
        return true;
      }
      return false;
    });
    library = await startService('library', (req, res) => {
      if (req.url !== '/library/files/logo.svg') return false;
      res.writeHead(200, { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=3600' });
      res.end('<svg xmlns="http://www.w3.org/2000/svg"/>');
      return true;
    });
    consultation = await startService('consultation');
    const closed = http.createServer();
    mailingUrl = await listen(closed);
    await close(closed); // nothing listens on this port any more

    dir = await mkdtemp(join(tmpdir(), 'agora-gateway-int-'));
    const shellDir = join(dir, 'shell');
    const remotesDir = join(dir, 'remotes');
    registry = join(dir, 'registry', 'remotes.json');
    await mkdir(shellDir, { recursive: true });
    await mkdir(join(remotesDir, 'mf-library', '1.0.0'), { recursive: true });
    await mkdir(join(dir, 'registry'), { recursive: true });
    await writeFile(join(dir, 'secret.txt'), 'top secret');
    await writeFile(
      join(shellDir, 'index.html'),
      '<!doctype html><html><head><title>Agora shell</title></head><body></body></html>',
    );
    await writeFile(join(shellDir, 'main.0a1b2c3d.js'), 'console.log("shell");');
    await writeFile(join(shellDir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    await writeFile(join(shellDir, 'manifest.webmanifest'), '{"name": "Agora"}');
    const lib = join(remotesDir, 'mf-library', '1.0.0');
    await writeFile(join(lib, 'mf-manifest.json'), '{"name":"mf_library"}');
    await writeFile(join(lib, 'remoteEntry.js'), `/* entry */ ${'var x = 1;\n'.repeat(500)}`);
    await writeFile(join(lib, '__federation_expose_App.3f2a1b9c.js'), 'export default 1;');

    const config = loadGatewayConfig({
      AGORA_GATEWAY_PRIVATE_KEY: GATEWAY_PRIVATE_KEY,
      PORT: '0',
      ACCOUNTS_URL: accounts.url,
      LIBRARY_URL: library.url,
      CONSULTATION_URL: consultation.url,
      MAILING_URL: mailingUrl,
      SHELL_DIR: shellDir,
      REMOTES_DIR: remotesDir,
      REMOTES_REGISTRY: registry,
      LOG_LEVEL: 'silent',
    });
    gateway = createGateway(config);
    server = http.createServer(gateway.app);
    base = await listen(server);
  });

  afterAll(async () => {
    await close(server);
    await gateway.close();
    await Promise.all([accounts, library, consultation].map((u) => close(u.server)));
    await rm(dir, { recursive: true, force: true });
  });

  const get = (path: string, init: RequestInit = {}) => fetch(`${base}${path}`, init);

  /** Runs `test` against a second gateway whose env differs from the main one by `env`. */
  async function withGateway(
    env: Record<string, string>,
    test: (base: string) => Promise<void>,
  ): Promise<void> {
    const other = createGateway(
      loadGatewayConfig({
        AGORA_GATEWAY_PRIVATE_KEY: GATEWAY_PRIVATE_KEY,
        ACCOUNTS_URL: accounts.url,
        LIBRARY_URL: library.url,
        CONSULTATION_URL: consultation.url,
        MAILING_URL: mailingUrl,
        LOG_LEVEL: 'silent',
        ...env,
      }),
    );
    const otherServer = http.createServer(other.app);
    try {
      await test(await listen(otherServer));
    } finally {
      await close(otherServer);
      await other.close();
    }
  }
  const echo = async (res: Response): Promise<Echo> => {
    expect(res.status).toBe(200);
    return (await res.json()) as Echo;
  };

  async function csrfJar(): Promise<Jar> {
    const jar = new Jar();
    jar.store(await get('/api/login'));
    return jar;
  }

  describe('routing', () => {
    it.each([
      ['/api/users/page/1', 'accounts', '/users/page/1'],
      ['/api/?action=documentation&uri=x', 'library', '/?action=documentation&uri=x'],
      ['/api/?action=fileBrowser', 'library', '/?action=fileBrowser'],
      ['/api/fileBrowser?dir=items', 'library', '/fileBrowser?dir=items'], // its documented path
      ['/api/libraryView/4', 'library', '/libraryView/4'],
      ['/api/validation/scope/users', 'accounts', '/validation/scope/users'],
      [
        '/api/validation/scope/category/fields/name',
        'consultation',
        '/validation/scope/category/fields/name',
      ],
      [
        '/api/checkIfExists/scope/documentation/field/uri/value/a%2Fb',
        'library',
        '/checkIfExists/scope/documentation/field/uri/value/a%2Fb',
      ],
      ['/api/project/createThread/12', 'consultation', '/project/createThread/12'],
      ['/api/category/3', 'consultation', '/category/3'],
    ])('GET %s goes to %s as %s', async (path, service, url) => {
      const body = await echo(await get(path));
      expect(body.service).toBe(service);
      expect(body.identity.aud).toBe(service); // signed for its owner only
      expect(body.url).toBe(url);
      expect(body.method).toBe('GET');
    });

    it('answers 404 {"Error"} for paths nobody owns', async () => {
      for (const path of [
        '/api/nothing',
        '/api/',
        '/api/?action=unknown',
        '/api/docsx',
        // names every object inherits are no entries of the routing tables
        '/api/validation/scope/constructor',
        '/api/validation/scope/__proto__',
        '/api/checkIfExists/scope/constructor/field/a/value/b',
        '/api/?action=constructor',
        '/api/?action=__proto__',
        '/api/constructor',
      ]) {
        const res = await get(path);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({ Error: 'not found', code: 'GATEWAY.NOT_FOUND' });
      }
    });

    it('sends an anonymous signed identity and the request id', async () => {
      const res = await get('/api/library/1', { headers: { 'x-request-id': 'int-test-42' } });
      expect(res.headers.get('x-request-id')).toBe('int-test-42');
      const body = await echo(res);
      expect(body.identity.user).toBeNull();
      expect(body.identity.sid).toBeNull();
      expect(body.identity.sys).toBeUndefined();
      expect(body.identity.aud).toBe('library');
      expect(body.identity.ip).toMatch(/127\.0\.0\.1/);
      expect(body.requestId).toBe('int-test-42');
    });

    it('makes a request id when the client sent none or a bad one', async () => {
      const res = await get('/api/library/1', { headers: { 'x-request-id': 'no spaces allowed' } });
      const id = res.headers.get('x-request-id');
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      expect((await echo(res)).requestId).toBe(id);
    });

    it('never lets x-agora-* answer headers reach the browser', async () => {
      const res = await get('/api/library/1');
      expect([...res.headers.keys()].filter((h) => h.startsWith('x-agora-'))).toEqual([]);
    });
  });

  describe('identity headers from the client', () => {
    it('drops a spoofed x-agora-identity, even a correctly signed one, and other x-agora-* headers', async () => {
      const forged = signUserIdentity(GATEWAY.privateKey, 'library', { user: ALICE, sid: ALICE_SID });
      const res = await get('/api/library/1', {
        headers: { 'x-agora-identity': forged, 'x-agora-session': ALICE_SID, 'X-Agora-Whatever': '1' },
      });
      const body = await echo(res);
      expect(body.identity.user).toBeNull();
      expect(body.agoraHeaders).toEqual(['x-agora-identity']);
    });
  });

  describe('CSRF', () => {
    it('GET /api/login hands out a readable token cookie and an httpOnly visitor id once, and reports the session', async () => {
      const res = await get('/api/login');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ loggedin: false });
      const lines = res.headers.getSetCookie();
      expect(lines).toHaveLength(2);
      expect(lines.find((l) => l.startsWith('token='))).toMatch(
        /^token=[A-Za-z0-9_-]{43}; Path=\/; SameSite=Lax$/,
      );
      expect(lines.find((l) => l.startsWith('agora_visitor='))).toMatch(
        /^agora_visitor=[A-Za-z0-9_-]{43}; Path=\/; HttpOnly; SameSite=Lax$/,
      );
      const jar = new Jar();
      jar.store(res);
      const again = await get('/api/login', { headers: { cookie: jar.header() } });
      expect(again.headers.getSetCookie()).toEqual([]);
      // each browser gets its own
      const other = new Jar();
      other.store(await get('/api/login'));
      expect(other.values.get('token')).not.toBe(jar.values.get('token'));
      expect(other.values.get('agora_visitor')).not.toBe(jar.values.get('agora_visitor'));
    });

    it('GET /api/login replaces a token that is not the one of this browser (planted, or from before)', async () => {
      const jar = await csrfJar();
      const own = jar.values.get('token')!;
      const planted = new Jar();
      planted.values.set('agora_visitor', jar.values.get('agora_visitor')!);
      planted.values.set('token', 'planted-token-chosen-by-someone-else-0000000');
      planted.store(await get('/api/login', { headers: { cookie: planted.header() } }));
      expect(planted.values.get('token')).toBe(own);
    });

    const unsafe = (cookie: string, token: string) =>
      get('/api/library/1', {
        method: 'POST',
        headers: { cookie, 'x-csrf-token': token, 'content-type': 'application/json' },
        body: '{}',
      });
    const refused = async (res: Response) => {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ Error: 'invalid csrf token', code: 'GATEWAY.CSRF' });
    };

    it('refuses a cookie and header pair that the client chose, equal as they are', async () => {
      const forged = 'q0yPq2bHn3W2J9n3VtqH1x0ZC0bz7K3uJxk2gP1JY5Q';
      const visitor = await csrfJar();
      await refused(await unsafe(`token=${forged}`, forged)); // no visitor id, no session
      await refused(
        await unsafe(`agora_visitor=${visitor.values.get('agora_visitor')}; token=${forged}`, forged),
      );
      await refused(await unsafe(`agora_sid=${ALICE_SID}; token=${forged}`, forged));
    });

    it("refuses another browser's or another session's token, and a visitor's token once logged in", async () => {
      const mine = await csrfJar();
      const theirs = await csrfJar();
      const theirToken = theirs.values.get('token')!;
      // another visitor's genuine token, sent as cookie and header by this browser
      await refused(
        await unsafe(`agora_visitor=${mine.values.get('agora_visitor')}; token=${theirToken}`, theirToken),
      );
      // a token that the gateway made for another session
      const otherSession = sessionToken('someone-elses-session-0123456789abcdefghij');
      await refused(await unsafe(`agora_sid=${ALICE_SID}; token=${otherSession}`, otherSession));
      // the visitor's token does not stand for the session opened later
      const visitorToken = mine.values.get('token')!;
      await refused(
        await unsafe(
          `agora_visitor=${mine.values.get('agora_visitor')}; agora_sid=${ALICE_SID}; token=${visitorToken}`,
          visitorToken,
        ),
      );
    });

    it('gives a page that holds a token not its own (planted, or from before) its own with the next read', async () => {
      const jar = await csrfJar();
      const own = jar.values.get('token')!;
      const visitor = `agora_visitor=${jar.values.get('agora_visitor')}`;
      const read = await get('/api/category/1', { headers: { cookie: `${visitor}; token=from-before` } });
      expect((await echo(read)).identity.user).toBeNull();
      const fixed = new Jar();
      fixed.store(read);
      expect(fixed.values.get('token')).toBe(own);
      expect(read.headers.get('cache-control')).toBe('no-store');
      // with a session: the session's token
      const logged = await get('/api/category/1', {
        headers: { cookie: `agora_sid=${ALICE_SID}; token=from-before` },
      });
      const again = new Jar();
      again.store(logged);
      expect(again.values.get('token')).toBe(sessionToken(ALICE_SID));
      // a token that already is the browser's is left alone
      const fine = await get('/api/category/1', { headers: { cookie: `${visitor}; token=${own}` } });
      expect(fine.headers.getSetCookie()).toEqual([]);
    });

    it("passes the genuine flow: the visitor's token, then the session's after login", async () => {
      const jar = await csrfJar();
      expect((await echo(await unsafe(jar.header(), jar.values.get('token')!))).method).toBe('POST');
      jar.store(
        await get('/api/login', {
          method: 'POST',
          headers: {
            cookie: jar.header(),
            'x-csrf-token': jar.values.get('token')!,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ username: 'alice', password: 'pw' }),
        }),
      );
      expect(jar.values.get('token')).toBe(sessionToken(ALICE_SID));
      const body = await echo(await unsafe(jar.header(), jar.values.get('token')!));
      expect(body.identity.user).toEqual(ALICE);
      expect(body.cookie).toBeUndefined(); // neither the visitor id nor the token reaches a service
    });

    it('marks cookies Secure per COOKIE_SECURE (auto: TLS as seen through a trusted proxy)', async () => {
      const tokenLine = async (url: string, headers: Record<string, string> = {}) =>
        (await fetch(`${url}/api/login`, { headers })).headers
          .getSetCookie()
          .find((l) => l.startsWith('token=')) ?? '';
      expect(await tokenLine(base, { 'x-forwarded-proto': 'https' })).not.toMatch(/Secure/); // proxy not trusted
      await withGateway({ TRUST_PROXY: 'loopback' }, async (other) => {
        expect(await tokenLine(other, { 'x-forwarded-proto': 'https' })).toMatch(/; Secure/);
        expect(await tokenLine(other)).not.toMatch(/Secure/);
      });
      await withGateway({ COOKIE_SECURE: 'true' }, async (other) => {
        expect(await tokenLine(other)).toMatch(/; Secure/);
      });
    });

    it.each(['POST', 'PUT', 'PATCH', 'DELETE'])(
      '%s without the header, or with a wrong one, is 403',
      async (method) => {
        const jar = await csrfJar();
        const attempts: Array<Record<string, string>> = [
          { cookie: jar.header() },
          { cookie: jar.header(), 'x-csrf-token': 'wrong' },
          { 'x-csrf-token': jar.values.get('token')! }, // header without the cookie
        ];
        for (const headers of attempts) {
          const res = await get('/api/library/1', { method, headers, body: '{}' });
          expect(res.status).toBe(403);
          expect(await res.json()).toEqual({ Error: 'invalid csrf token', code: 'GATEWAY.CSRF' });
        }
      },
    );

    it('passes an unsafe method with the matching header, body included', async () => {
      const jar = await csrfJar();
      const res = await get('/api/library/1', {
        method: 'DELETE',
        headers: {
          cookie: jar.header(),
          'x-csrf-token': jar.values.get('token')!,
          'content-type': 'application/json',
        },
        body: '{"id":7}',
      });
      const body = await echo(res);
      expect(body.method).toBe('DELETE');
      expect(body.bodyLength).toBe(8);
      // the gateway's cookies stay between the browser and the gateway
      expect(body.cookie).toBeUndefined();
    });
  });

  it('streams a 5 MB chunked upload to the service intact', async () => {
    const jar = await csrfJar();
    const chunk = Buffer.alloc(64 * 1024);
    const hash = createHash('sha256');
    let total = 0;
    const answer = await new Promise<Echo>((resolve, reject) => {
      const req = http.request(
        `${base}/api/library/upload`,
        {
          method: 'POST',
          headers: {
            cookie: jar.header(),
            'x-csrf-token': jar.values.get('token')!,
            'content-type': 'application/octet-stream',
          },
        },
        (res) => {
          void readBody(res).then((b) =>
            res.statusCode === 200
              ? resolve(JSON.parse(b.toString()) as Echo)
              : reject(new Error(b.toString())),
          );
        },
      );
      req.on('error', reject);
      for (let i = 0; i < 80; i++) {
        chunk.fill(i % 251);
        chunk.writeUInt32BE(i, 0);
        hash.update(chunk);
        total += chunk.length;
        req.write(Buffer.from(chunk));
      }
      req.end();
    });
    expect(total).toBe(5 * 1024 * 1024);
    expect(answer.bodyLength).toBe(total);
    expect(answer.bodySha256).toBe(hash.digest('hex'));
  });

  describe('session', () => {
    it('login sets an httpOnly session cookie, rotates the token and hides accounts headers', async () => {
      const jar = await csrfJar();
      const firstToken = jar.values.get('token');
      const res = await get('/api/login', {
        method: 'POST',
        headers: { cookie: jar.header(), 'x-csrf-token': firstToken!, 'content-type': 'application/json' },
        body: JSON.stringify({ username: 'alice', password: 'pw' }),
      });
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ loggedin: true });
      expect([...res.headers.keys()].filter((h) => h.startsWith('x-agora-'))).toEqual([]);
      const lines = jar.store(res);
      const sidLine = lines.find((l) => l.startsWith('agora_sid='));
      expect(sidLine).toBe(`agora_sid=${ALICE_SID}; Path=/; HttpOnly; SameSite=Lax`);
      expect(jar.values.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(jar.values.get('token')).not.toBe(firstToken);

      // the old token no longer passes
      const stale = await get('/api/library/1', {
        method: 'POST',
        headers: { cookie: jar.header(), 'x-csrf-token': firstToken! },
      });
      expect(stale.status).toBe(403);

      // logged in: the probe says so and services get the user, signed
      expect(await (await get('/api/login', { headers: { cookie: jar.header() } })).json()).toEqual({
        loggedin: true,
      });
      const body = await echo(await get('/api/category/1', { headers: { cookie: jar.header() } }));
      expect(body.identity.user).toEqual(ALICE);
      expect(body.identity.sid).toBe(ALICE_SID);

      // logout: accounts clears the session; the gateway clears both cookies and forgets its cached answer
      const out = await get('/api/login', {
        method: 'DELETE',
        headers: { cookie: jar.header(), 'x-csrf-token': jar.values.get('token')! },
      });
      expect(out.status).toBe(200);
      expect([...out.headers.keys()].filter((h) => h.startsWith('x-agora-'))).toEqual([]);
      const cleared = out.headers.getSetCookie();
      expect(cleared.some((l) => /^agora_sid=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      expect(cleared.some((l) => /^token=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      const after = await echo(
        await get('/api/category/1', { headers: { cookie: `agora_sid=${ALICE_SID}` } }),
      );
      expect(after.identity.user).toBeNull();
    });

    it('drops its cached session when accounts says the user changed, and never shows that header', async () => {
      const jar = await csrfJar();
      jar.store(
        await get('/api/login', {
          method: 'POST',
          headers: {
            cookie: jar.header(),
            'x-csrf-token': jar.values.get('token')!,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ username: 'alice', password: 'pw' }),
        }),
      );
      expect(jar.values.get('agora_sid')).toBe(ALICE_SID);
      const before = await echo(await get('/api/category/1', { headers: { cookie: jar.header() } }));
      expect(before.identity.user).toEqual(ALICE);

      const enrolment = (method: 'POST' | 'DELETE') =>
        get('/api/enrolment', {
          method,
          headers: {
            cookie: jar.header(),
            'x-csrf-token': jar.values.get('token')!,
            'content-type': 'application/json',
          },
          body: JSON.stringify({ category: DEMO_CATEGORY }),
        });
      const enrol = await enrolment('POST');
      expect(enrol.status).toBe(200);
      expect(enrol.headers.get(SESSION_REFRESH_HEADER)).toBeNull();
      expect([...enrol.headers.keys()].filter((h) => h.startsWith('x-agora-'))).toEqual([]);
      // the session stays: no cookie is set or cleared
      expect(enrol.headers.getSetCookie()).toEqual([]);

      // the next call asks accounts again and carries the enrolment, signed
      const asked = resolutions;
      const after = await echo(await get('/api/category/1', { headers: { cookie: jar.header() } }));
      expect(resolutions).toBe(asked + 1);
      expect(after.identity.user?.enrolments).toEqual([{ category: DEMO_CATEGORY, role: 'normal' }]);

      // and back, for the other tests: Alice without enrolments
      expect((await enrolment('DELETE')).status).toBe(200);
      expect(
        (await echo(await get('/api/category/1', { headers: { cookie: jar.header() } }))).identity.user,
      ).toEqual(ALICE);
    });

    it('treats an unknown session as anonymous and clears both its cookie and the token cookie', async () => {
      const res = await get('/api/category/1', {
        headers: { cookie: 'agora_sid=expired-session-0000000000000000; token=old-token' },
      });
      const lines = res.headers.getSetCookie();
      expect(lines.some((l) => /^agora_sid=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      expect(lines.some((l) => /^token=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      const body = await echo(res);
      expect(body.identity.user).toBeNull();
      expect(body.identity.sid).toBeNull();
    });

    it('an unknown session on an unsafe call still passes CSRF, reaches the service as anonymous and loses both cookies', async () => {
      // the token the gateway gave that session when it was opened
      const expiredToken = sessionToken('expired-session-0000000000000000');
      const res = await get('/api/library/1', {
        method: 'POST',
        headers: {
          cookie: `agora_sid=expired-session-0000000000000000; token=${expiredToken}`,
          'x-csrf-token': expiredToken,
        },
      });
      const lines = res.headers.getSetCookie();
      expect(lines.some((l) => /^agora_sid=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      expect(lines.some((l) => /^token=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      expect((await echo(res)).identity.user).toBeNull();
    });

    it('the probe answers an unknown session as logged out, drops it and hands out a fresh token', async () => {
      const res = await get('/api/login', {
        headers: { cookie: 'agora_sid=expired-session-0000000000000000; token=old-token' },
      });
      expect(await res.json()).toEqual({ loggedin: false });
      const jar = new Jar();
      jar.values.set('agora_sid', 'expired-session-0000000000000000');
      jar.values.set('token', 'old-token');
      const lines = jar.store(res);
      expect(lines.some((l) => /^agora_sid=;.*Expires=Thu, 01 Jan 1970/.test(l))).toBe(true);
      expect(lines.filter((l) => l.startsWith('token='))).toHaveLength(1);
      expect(jar.values.has('agora_sid')).toBe(false);
      expect(jar.values.get('token')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    });
  });

  describe('a service that is down', () => {
    it('answers 503 for its paths only while the others answer', async () => {
      const down = await get('/api/invitation/page/1');
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual({
        Error: 'mailing service unavailable',
        code: 'GATEWAY.UNAVAILABLE',
      });
      expect((await echo(await get('/api/library/1'))).service).toBe('library');
      expect((await echo(await get('/api/users/1'))).service).toBe('accounts');
    });

    it('reports readiness per service', async () => {
      const res = await get('/ready');
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        status: 'unavailable',
        services: { accounts: 'ok', library: 'ok', consultation: 'ok', mailing: 'unavailable' },
      });
      expect(await (await get('/health')).json()).toEqual({ status: 'ok' });
    });

    it('answers 503 when a service accepts the call but never answers', async () => {
      const hanging = http.createServer(() => undefined);
      const hangingUrl = await listen(hanging);
      try {
        await withGateway({ LIBRARY_URL: hangingUrl, UPSTREAM_TIMEOUT_MS: '200' }, async (other) => {
          const res = await fetch(`${other}/api/library/1`);
          expect(res.status).toBe(503);
          expect(await res.json()).toEqual({
            Error: 'library service unavailable',
            code: 'GATEWAY.UNAVAILABLE',
          });
        });
      } finally {
        await close(hanging);
      }
    });

    it('sends a GET once more when the service closed the kept-alive connection as it was reused', async () => {
      // The second request on every connection finds it closed by the service, the way a service's keep-alive
      // timeout meets a busy gateway: the gateway tries again on a new connection instead of answering 503.
      const perSocket = new WeakMap<object, number>();
      let seen = 0;
      const closing = http.createServer((req, res) => {
        seen += 1;
        const n = (perSocket.get(req.socket) ?? 0) + 1;
        perSocket.set(req.socket, n);
        if (n > 1) {
          req.socket.destroy();
          return;
        }
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ service: 'library', n: seen }));
      });
      const closingUrl = await listen(closing);
      try {
        await withGateway({ LIBRARY_URL: closingUrl }, async (other) => {
          const first = await fetch(`${other}/api/library/1`);
          expect(first.status).toBe(200);
          expect(await first.json()).toEqual({ service: 'library', n: 1 });
          const second = await fetch(`${other}/api/library/2`);
          expect(second.status).toBe(200);
          // the reused connection was refused (request 2), the new one answered (request 3)
          expect(await second.json()).toEqual({ service: 'library', n: 3 });
        });
      } finally {
        await close(closing);
      }
    });

    it.each([
      ['with a length', { 'content-length': '1000' }],
      ['chunked', {}],
    ])(
      'cuts the browser connection when the service cuts its answer short (%s): never a complete-looking body',
      async (_kind, headers) => {
        const cutting = http.createServer((_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json', ...headers });
          res.write('{"items": [1, 2, 3');
          setImmediate(() => res.socket?.destroy());
        });
        const cuttingUrl = await listen(cutting);
        try {
          await withGateway({ LIBRARY_URL: cuttingUrl }, async (other) => {
            // Cut before or after the answer's head reached the browser: either way its body never ends well.
            const outcome = await fetch(`${other}/api/library/1`).then(
              (res) =>
                res.text().then(
                  () => `complete ${res.status}`,
                  () => 'cut',
                ),
              () => 'cut',
            );
            expect(outcome).toBe('cut');
          });
        } finally {
          await close(cutting);
        }
      },
    );

    it('with accounts down, a logged-in call is 503 (never silently anonymous) and anonymous calls go on', async () => {
      await withGateway({ ACCOUNTS_URL: mailingUrl }, async (other) => {
        const withSession = await fetch(`${other}/api/library/1`, {
          headers: { cookie: `agora_sid=${ALICE_SID}` },
        });
        expect(withSession.status).toBe(503);
        expect(await withSession.json()).toEqual({
          Error: 'accounts service unavailable',
          code: 'GATEWAY.UNAVAILABLE',
        });
        expect((await echo(await fetch(`${other}/api/library/1`))).identity.user).toBeNull();
      });
    });
  });

  describe('caching and transport security of answers', () => {
    const session = { cookie: `agora_sid=${ALICE_SID}` };

    it('marks the answer that opens a session no-store', async () => {
      const res = await get('/api/login', {
        method: 'POST',
        headers: {
          // the session logged out by an earlier test (and its token): logging in again also drops the gateway's
          // cached answer
          cookie: `agora_sid=${ALICE_SID}; token=${sessionToken(ALICE_SID)}`,
          'x-csrf-token': sessionToken(ALICE_SID),
          'content-type': 'application/json',
        },
        body: JSON.stringify({ username: 'alice', password: 'secret' }),
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-store');
    });

    it('marks the answers to a request with a session no-store, and leaves anonymous ones alone', async () => {
      const logged = await get('/api/library/1', { headers: session });
      expect((await echo(logged)).identity.user?.username).toBe('alice');
      expect(logged.headers.get('cache-control')).toBe('no-store');
      const anonymous = await get('/api/library/1');
      expect(anonymous.status).toBe(200);
      expect(anonymous.headers.get('cache-control')).toBeNull();
    });

    it("keeps a service's own caching of public files, with a session too", async () => {
      const file = await get('/api/library/files/logo.svg', { headers: session });
      expect(file.status).toBe(200);
      expect(file.headers.get('cache-control')).toBe('public, max-age=3600');
    });

    it('sends Strict-Transport-Security only over HTTPS: TLS, a trusted proxy saying https, or an https PUBLIC_URL', async () => {
      const hsts = 'max-age=31536000';
      const forwarded = { 'x-forwarded-proto': 'https' };
      expect((await get('/api/library/1')).headers.get('strict-transport-security')).toBeNull();
      // an untrusted client cannot claim https
      expect((await get('/', { headers: forwarded })).headers.get('strict-transport-security')).toBeNull();
      await withGateway({ TRUST_PROXY: 'loopback' }, async (other) => {
        for (const path of ['/', '/api/library/1', '/api/nothing']) {
          const res = await fetch(`${other}${path}`, { headers: forwarded });
          expect(res.headers.get('strict-transport-security')).toBe(hsts);
        }
        expect((await fetch(`${other}/`)).headers.get('strict-transport-security')).toBeNull();
      });
      await withGateway({ PUBLIC_URL: 'https://agora.example.gov' }, async (other) => {
        expect((await fetch(`${other}/api/nothing`)).headers.get('strict-transport-security')).toBe(hsts);
      });
      await withGateway({ PUBLIC_URL: 'http://localhost:8080' }, async (other) => {
        expect((await fetch(`${other}/api/nothing`)).headers.get('strict-transport-security')).toBeNull();
      });
    });
  });

  describe('remotes', () => {
    it('serves /remotes.json from the file on each request, so editing it switches versions', async () => {
      await rm(registry, { force: true });
      const missing = await get('/remotes.json');
      expect(missing.status).toBe(200);
      expect(await missing.json()).toEqual({});

      await writeFile(registry, JSON.stringify({ mf_library: '/remotes/mf-library/1.0.0/mf-manifest.json' }));
      const v1 = await get('/remotes.json');
      expect(v1.headers.get('cache-control')).toBe('no-cache');
      expect(await v1.json()).toEqual({ mf_library: '/remotes/mf-library/1.0.0/mf-manifest.json' });

      await writeFile(registry, JSON.stringify({ mf_library: '/remotes/mf-library/2.0.0/mf-manifest.json' }));
      expect(await (await get('/remotes.json')).json()).toEqual({
        mf_library: '/remotes/mf-library/2.0.0/mf-manifest.json',
      });

      await writeFile(registry, '{"mf_library": ');
      const broken = await get('/remotes.json');
      expect(broken.status).toBe(503);
      expect(await broken.json()).toMatchObject({ Error: 'remotes registry unreadable' });
    });

    it('serves remote files with the right caching and compression', async () => {
      const manifest = await get('/remotes/mf-library/1.0.0/mf-manifest.json');
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(await manifest.json()).toEqual({ name: 'mf_library' });

      const entry = await rawGet(base, '/remotes/mf-library/1.0.0/remoteEntry.js', {
        'accept-encoding': 'gzip',
      });
      expect(entry.status).toBe(200);
      expect(entry.headers['cache-control']).toBe('no-cache');
      expect(entry.headers['content-encoding']).toBe('gzip');

      const hashed = await get('/remotes/mf-library/1.0.0/__federation_expose_App.3f2a1b9c.js');
      expect(hashed.status).toBe(200);
      expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await hashed.text()).toBe('export default 1;');
    });

    it('answers 404 (never the shell page) for missing remote files, and cannot leave REMOTES_DIR', async () => {
      const missing = await get('/remotes/mf-library/9.9.9/mf-manifest.json', {
        headers: { accept: 'text/html' },
      });
      expect(missing.status).toBe(404);
      for (const path of [
        '/remotes/../secret.txt',
        '/remotes/..%2fsecret.txt',
        '/remotes/%2e%2e/secret.txt',
        '/remotes/mf-library/..%2f..%2f..%2fsecret.txt',
        '/remotes/..\\secret.txt',
      ]) {
        const res = await rawGet(base, path);
        expect(res.status).not.toBe(200);
        expect(res.body).not.toContain('top secret');
      }
    });
  });

  describe('shell', () => {
    it('answers page URLs with index.html (no-cache) and serves hashed assets as immutable', async () => {
      for (const path of ['/', '/admin/library/gallery', '/participate/3?x=1']) {
        const res = await get(path, { headers: { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' } });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('Agora shell');
      }
      const asset = await get('/main.0a1b2c3d.js');
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await asset.text()).toBe('console.log("shell");');
    });

    it('serves the service worker and the web app manifest at the root, revalidated (decision 0091)', async () => {
      const sw = await get('/sw.js');
      expect(sw.status).toBe(200);
      expect(sw.headers.get('cache-control')).toBe('no-cache');
      expect(sw.headers.get('content-type')).toMatch(/^(text|application)\/javascript/);
      const manifest = await get('/manifest.webmanifest');
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(manifest.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
      expect(await manifest.json()).toEqual({ name: 'Agora' });
    });

    it("puts the registry in the page, and preload links for the start-up files of the route's remote", async () => {
      const v3 = join(dir, 'remotes', 'mf-library', '3.0.0');
      await mkdir(v3, { recursive: true });
      await writeFile(
        join(v3, 'mf-manifest.json'),
        JSON.stringify({
          metaData: { remoteEntry: { name: 'remoteEntry.js', path: '' } },
          exposes: [
            {
              path: './App',
              assets: {
                js: { sync: ['__federation_expose_App.0a0b0c0d.js'], async: ['1.2e2f2a2b.js'] },
                css: { sync: ['__federation_expose_App.9c9d9e9f.css'], async: [] },
              },
            },
          ],
        }),
      );
      const reg = { mf_library: '/remotes/mf-library/3.0.0/mf-manifest.json' };
      await writeFile(registry, JSON.stringify(reg));
      const page = async (path: string, cookie?: string) => {
        const res = await get(path, { headers: { accept: 'text/html', ...(cookie ? { cookie } : {}) } });
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        return res.text();
      };
      const preloads = (html: string) =>
        [...html.matchAll(/<link rel="preload" href="([^"]+)"/g)].map((m) => m[1]);

      const withSession = await page('/admin/library/gallery', 'token=abc');
      expect(withSession).toContain(
        `<script type="application/json" id="agora-remotes">${JSON.stringify(reg)}</script>`,
      );
      expect(preloads(withSession)).toEqual([
        '/remotes/mf-library/3.0.0/mf-manifest.json',
        '/remotes/mf-library/3.0.0/remoteEntry.js',
        '/remotes/mf-library/3.0.0/__federation_expose_App.0a0b0c0d.js',
        '/remotes/mf-library/3.0.0/__federation_expose_App.9c9d9e9f.css',
      ]);
      // an admin route without a session (the login page will show), and a page no remote owns: the registry only
      for (const html of [await page('/admin/library/gallery'), await page('/login', 'token=abc')]) {
        expect(html).toContain('id="agora-remotes"');
        expect(preloads(html)).toEqual([]);
      }
      // the registry is read for every page: switching versions shows at once
      await writeFile(registry, JSON.stringify({ mf_library: '/remotes/mf-library/1.0.0/mf-manifest.json' }));
      expect(preloads(await page('/admin/library/gallery', 'token=abc'))).toEqual([
        '/remotes/mf-library/1.0.0/mf-manifest.json',
      ]);
      // an unreadable registry: the page without it (the shell asks for /remotes.json and shows its fallbacks)
      await writeFile(registry, '{"mf_library": ');
      const broken = await page('/admin/library/gallery', 'token=abc');
      expect(broken).toContain('Agora shell');
      expect(broken).not.toContain('agora-remotes');
    });

    it('answers the page whatever the Accept header says (curl, a bare client, a prefetch)', async () => {
      for (const path of ['/', '/admin/library/gallery', '/participate/3', '/admin/users/list/role/admin']) {
        for (const accept of [undefined, '*/*', 'application/json']) {
          const res = await rawGet(base, path, accept ? { accept } : {});
          expect({ path, accept, status: res.status }).toEqual({ path, accept, status: 200 });
          expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
          expect(res.body).toContain('Agora shell');
        }
      }
    });

    it('does not answer missing files, remotes or API paths with the page', async () => {
      for (const path of [
        '/missing.12345678.js',
        '/favicon.ico',
        '/robots.txt',
        '/styles/missing.css',
        '/remotes/mf-library/9.9.9/remoteEntry.js',
        '/remotes/other',
      ]) {
        for (const accept of ['*/*', 'text/html']) {
          const res = await get(path, { headers: { accept } });
          expect({ path, status: res.status }).toEqual({ path, status: 404 });
          expect(await res.text()).not.toContain('Agora shell');
        }
      }
      for (const path of ['/api/nothing', '/api']) {
        const api = await get(path, { headers: { accept: 'text/html' } });
        expect(api.status).toBe(404);
        expect(api.headers.get('content-type')).toMatch(/json/);
      }
      const post = await get('/admin/library/gallery', { method: 'POST', headers: { accept: 'text/html' } });
      expect(post.status).toBe(404);
    });

    it('sends the security headers', async () => {
      const res = await get('/', { headers: { accept: 'text/html' } });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('x-frame-options')).toBe('DENY');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'none'");
      // the service worker and the manifest are this origin's (decision 0091)
      expect(csp).toContain("worker-src 'self' blob:");
      expect(csp).toContain("manifest-src 'self'");
      // any https image (a project's WMS layers, decision 0022), and the configured tile server's origin
      expect(csp).toContain(
        "img-src 'self' data: blob: https: https://*.tile.openstreetmap.org https://tile.openstreetmap.org;",
      );
      const api = await get('/api/nothing');
      expect(api.headers.get('content-security-policy')).toContain("default-src 'self'");
    });

    it("allows images from the deployment's own tile server (MAP_TILE_URL) instead of OpenStreetMap's", async () => {
      await withGateway(
        {
          MAP_TILE_URL: 'https://{s}.tiles.example.gov/osm/{z}/{x}/{y}.png',
          CSP_IMG_SRC: 'https://images.example.org',
        },
        async (other) => {
          const csp = (await fetch(`${other}/api/nothing`)).headers.get('content-security-policy') ?? '';
          expect(/img-src ([^;]*)/.exec(csp)?.[1]).toBe(
            "'self' data: blob: https: https://*.tiles.example.gov https://images.example.org",
          );
        },
      );
    });

    it('leaves the policy off static scripts and styles, where it does nothing', async () => {
      const res = await get('/missing.12345678.js', { headers: { accept: '*/*' } });
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toBeNull();
    });
  });

  describe('API docs', () => {
    it('merges the services committed documents, whether the services answer or not', async () => {
      const res = await get('/api/docs/openapi.json');
      expect(res.status).toBe(200);
      const doc = (await res.json()) as { paths: Record<string, unknown>; info: { description: string } };
      const paths = Object.keys(doc.paths);
      expect(paths).toEqual(expect.arrayContaining(['/api/users/uuid/{uuid}', '/api/library/page/{page}']));
      expect(paths.filter((p) => !p.startsWith('/api/') || p.startsWith('/api/internal/'))).toEqual([]);
      // mailing does not run in this test and consultation has no document route: all four are described
      expect(doc.info.description).toMatch(
        /Included: accounts 1\.0\.0, library 1\.0\.0, consultation 1\.0\.0, mailing/,
      );
      expect(doc.info.description).not.toContain('left out');
    });

    it('shows Swagger UI', async () => {
      const page = await get('/api/docs');
      expect(page.status).toBe(200);
      expect(await page.text()).toContain('/api/docs/swagger-ui-bundle.js');
      expect((await get('/api/docs/swagger-ui-bundle.js')).status).toBe(200);
      expect((await get('/api/docs/init.js')).status).toBe(200);
    });
  });
});
