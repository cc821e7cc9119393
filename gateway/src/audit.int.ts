import { generateKeyPairSync } from 'node:crypto';
import http, { type Server } from 'node:http';
import { AUDIT_CSV_COLUMNS, type AuditLogEntry, type AuditPageAnswer } from '@agora/contracts/api';
import type { Role, ServiceName, SessionUser } from '@agora/contracts';
import { exportKey, verifyIdentity } from '@agora/identity';
import { createGateway, loadGatewayConfig, type Gateway } from './index.js';
import { close, listen } from '../test/servers.js';

// `GET /api/audit` and `/api/audit/csv` (decision 0084) against four services' internal audit routes: admins
// only, by the session's role; the pages merged newest first with a cursor; a service that does not answer named.

const GATEWAY = generateKeyPairSync('ed25519');
const user = (role: Role): SessionUser => ({
  uuid: '6f1c7a52-6a43-4d8f-9f0e-1f2b3c4d5e6f',
  username: role,
  firstname: 'A',
  lastname: 'B',
  email: `${role}@example.org`,
  role,
});
const SESSIONS: Record<string, SessionUser> = {
  'admin-session-0123456789abcdefghijklmnop': user('admin'),
  'editor-session-0123456789abcdefghijklmno': user('editor'),
};

const entry = (service: string, id: number, second: number, action: string): AuditLogEntry => ({
  id: String(id),
  at: new Date(Date.UTC(2026, 11, 7, 1, 0, second)).toISOString(),
  actor: { uuid: null, username: 'admin', role: 'admin' },
  ip: '203.0.113.9',
  request_id: null,
  action,
  // an id a spreadsheet would take for a formula
  object: { type: service, id: `=o${id}` },
  before: { title: 'Χάρτης, "παλιός"' },
  after: { title: '=1+1' },
  detail: null,
  prev_hash: '0'.repeat(64),
  hash: `${id}`.padStart(64, 'a'),
});

const LOGS: Partial<Record<ServiceName, AuditLogEntry[]>> = {
  accounts: [entry('accounts', 1, 1, 'users.update'), entry('accounts', 2, 4, 'users.delete')],
  library: [entry('library', 1, 2, 'library.update'), entry('library', 2, 4, 'library.delete')],
  consultation: [entry('consultation', 7, 3, 'project.publish')],
};

/** The queries each service was asked. */
const asked: Record<string, URLSearchParams[]> = {};

/** A service that answers its audit route (the gateway's service identity only) and, for accounts, sessions. */
function fakeService(service: ServiceName): Server {
  return http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const send = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      const identity = verifyIdentity(req.headers['x-agora-identity'] as string | undefined, {
        audience: service,
        keys: { gateway: GATEWAY.publicKey },
      });
      if (identity?.sys !== 'gateway') return send(403, { Error: 'action denied' });
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/internal/sessions/resolve') {
        const { sid } = JSON.parse(Buffer.concat(chunks).toString()) as { sid: string };
        const found = SESSIONS[sid];
        return found ? send(200, { user: found }) : send(404, { Error: 'no such session' });
      }
      if (url.pathname !== `/internal/${service}/audit`) return send(404, { Error: 'not found' });
      (asked[service] ??= []).push(url.searchParams);
      const q = url.searchParams;
      const beforeAt = q.get('before_at');
      const beforeId = BigInt(q.get('before_id') ?? '0');
      const entries = (LOGS[service] ?? [])
        .filter((e) => !q.get('action') || e.action.startsWith(q.get('action')!))
        .filter((e) => !beforeAt || e.at < beforeAt || (e.at === beforeAt && BigInt(e.id) < beforeId))
        .sort((a, b) => (a.at > b.at ? -1 : a.at < b.at ? 1 : Number(BigInt(b.id) - BigInt(a.id))))
        .slice(0, Number(q.get('limit')));
      send(200, { entries });
    });
  });
}

describe('the merged audit log through the gateway', () => {
  const servers: Server[] = [];
  let gateway: Gateway;
  let server: Server;
  let base: string;
  let mailingUrl: string;

  beforeAll(async () => {
    const urls: Record<string, string> = {};
    for (const service of ['accounts', 'library', 'consultation'] as const) {
      const s = fakeService(service);
      servers.push(s);
      urls[service] = await listen(s);
    }
    const closed = http.createServer();
    mailingUrl = await listen(closed);
    await close(closed); // nothing answers there: the mailing service is down
    gateway = createGateway(
      loadGatewayConfig({
        AGORA_GATEWAY_PRIVATE_KEY: exportKey(GATEWAY.privateKey),
        PORT: '0',
        ACCOUNTS_URL: urls.accounts,
        LIBRARY_URL: urls.library,
        CONSULTATION_URL: urls.consultation,
        MAILING_URL: mailingUrl,
        LOG_LEVEL: 'silent',
      }),
    );
    server = http.createServer(gateway.app);
    base = await listen(server);
  });

  afterAll(async () => {
    await close(server);
    await gateway.close();
    await Promise.all(servers.map(close));
  });

  const as = (sid: string | null) => (sid ? { cookie: `agora_sid=${sid}` } : undefined);
  const ADMIN = 'admin-session-0123456789abcdefghijklmnop';
  const EDITOR = 'editor-session-0123456789abcdefghijklmno';
  const get = (path: string, sid: string | null = ADMIN) => fetch(`${base}${path}`, { headers: as(sid) });

  it('answers admins alone: 401 without a session, 403 for another role', async () => {
    for (const path of ['/api/audit', '/api/audit/csv']) {
      const anonymous = await get(path, null);
      expect(anonymous.status).toBe(401);
      expect(await anonymous.json()).toEqual({ Error: 'not logged in', code: 'AUTH.UNAUTHORIZED' });
      const editor = await get(path, EDITOR);
      expect(editor.status).toBe(403);
      expect(await editor.json()).toEqual({ Error: 'action denied', code: 'AUTH.FORBIDDEN' });
    }
  });

  it('merges the services’ pages newest first, names the one that is down, and pages on with the cursor', async () => {
    const first = await get('/api/audit?limit=2');
    expect(first.status).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page = (await first.json()) as AuditPageAnswer;
    expect(page.missing).toEqual(['mailing']);
    expect(page.entries.map((e) => `${e.service}:${e.id}`)).toEqual(['library:2', 'accounts:2']);
    expect(page.next).toEqual(expect.any(String));
    const second = (await (await get(`/api/audit?limit=2&cursor=${page.next}`)).json()) as AuditPageAnswer;
    expect(second.entries.map((e) => `${e.service}:${e.id}`)).toEqual(['consultation:7', 'library:1']);
    const third = (await (await get(`/api/audit?limit=2&cursor=${second.next}`)).json()) as AuditPageAnswer;
    expect(third.entries.map((e) => `${e.service}:${e.id}`)).toEqual(['accounts:1']);
    expect(third.next).toBeNull();
  });

  it('hands the filters to every service', async () => {
    const res = (await (await get('/api/audit?action=users&user=admin')).json()) as AuditPageAnswer;
    expect(res.entries.map((e) => e.action)).toEqual(['users.delete', 'users.update']);
    for (const service of ['accounts', 'library', 'consultation']) {
      const q = asked[service]!.at(-1)!;
      expect({ service, action: q.get('action'), user: q.get('user') }).toEqual({
        service,
        action: 'users',
        user: 'admin',
      });
    }
  });

  it('refuses a bad filter or cursor with 400 GATEWAY.AUDIT_QUERY', async () => {
    for (const query of [
      'limit=0',
      'limit=201',
      'from=yesterday',
      'cursor=nonsense',
      'action=Users!',
      'x=1',
    ]) {
      const res = await get(`/api/audit?${query}`);
      expect({ query, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({
        query,
        status: 400,
        code: 'GATEWAY.AUDIT_QUERY',
      });
    }
  });

  it('refuses the CSV while a service is down, naming it: never a file with a part missing', async () => {
    const res = await get('/api/audit/csv');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({
      Error: 'the audit log of mailing cannot be read',
      code: 'GATEWAY.AUDIT_UNAVAILABLE',
    });
  });

  it('streams the whole merged log as CSV (RFC 4180, formulas neutralised) when every service answers', async () => {
    const mailing = fakeService('mailing');
    servers.push(mailing);
    const port = Number(new URL(mailingUrl).port);
    await new Promise<void>((resolve) => mailing.listen(port, '127.0.0.1', () => resolve()));
    const res = await get('/api/audit/csv?action=library');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(
      /^attachment; filename="audit-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = Buffer.from(await res.arrayBuffer());
    // UTF-8 with a byte order mark, so that spreadsheets read the Greek
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe(AUDIT_CSV_COLUMNS.join(','));
    expect(lines).toHaveLength(4); // the header, two entries, and the empty end after the last CRLF
    expect(lines[1]).toMatch(
      /^2026-12-07T01:00:04\.000Z,library,2,,admin,admin,203\.0\.113\.9,,library\.delete,library,'=o2,/,
    );
    expect(lines[1]).toContain(`,"{""title"":""Χάρτης, \\""παλιός\\""""}","{""title"":""=1+1""}",,`);
    expect(lines[2]).toMatch(/^2026-12-07T01:00:02\.000Z,library,1,/);
  });
});
