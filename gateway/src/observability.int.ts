import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import http, { type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parser } from '@prometheus-io/lezer-promql';
import { parse as parseYaml } from 'yaml';
import {
  closedPort,
  createTestDatabase,
  deleteRedisKeys,
  testRedisUrl,
  type TestDatabase,
} from '@agora/common/testing';
import {
  freePort,
  ROOT,
  spawnDeployable,
  startMailCatcher,
  withIdentityKeys,
  type Deployable,
} from '../../scripts/lib/stack.mjs';

// The gateway, accounts and mailing (with its mail worker) as their own processes, from the servers' build, on a
// fresh database, Redis and a mail catcher, each with its metrics listener and traces sent to a collector made
// here. A journey (login, settings, a password recovery that goes through two queues to a mail) is walked through
// the gateway; then every series that the Grafana dashboard and the alert rules of deploy/observability use must
// be in the deployables' /metrics, and the request's trace must join the gateway's, accounts' and the queue
// jobs' spans and log lines.

const ADMIN_PASSWORD = 'observability-admin-password';
const DEPLOYABLES = ['mailing', 'accounts', 'gateway'] as const;
type Name = (typeof DEPLOYABLES)[number];

interface OtlpSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  service: string;
}

/** An OTLP/HTTP (JSON) trace receiver: what the deployables export. */
async function startCollector(): Promise<{ url: string; spans: OtlpSpan[]; server: Server }> {
  const spans: OtlpSpan[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.url === '/v1/traces' && (req.headers['content-type'] ?? '').includes('json')) {
        const body = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
          resourceSpans: Array<{
            resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
            scopeSpans: Array<{ spans: Array<Omit<OtlpSpan, 'service'>> }>;
          }>;
        };
        for (const rs of body.resourceSpans) {
          const service =
            rs.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '?';
          for (const ss of rs.scopeSpans) for (const s of ss.spans) spans.push({ ...s, service });
        }
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, spans, server };
}

/** Polls `check` until it gives a value, or fails naming `what` after `ms`. */
async function eventually<T>(what: string, check: () => Promise<T | undefined>, ms = 30_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Grafana's variables as Prometheus would get them. */
const GRAFANA_VARIABLES: Record<string, string> = { $__rate_interval: '5m', $service: '.*' };

/** The metric names a PromQL expression selects (parsed with Prometheus' own grammar). */
function metricNames(query: string): string[] {
  const expr = query.replace(/\$[a-z_]+/g, (v) => GRAFANA_VARIABLES[v] ?? v);
  const names: string[] = [];
  const tree = parser.parse(expr);
  let error = false;
  tree.iterate({
    enter: (node) => {
      if (node.type.isError) error = true;
      if (node.name === 'VectorSelector') {
        const metric = node.node.getChild('Identifier');
        if (metric) names.push(expr.slice(metric.from, metric.to));
      }
    },
  });
  if (error) throw new Error(`not valid PromQL: ${expr}`);
  return names;
}

/** Every PromQL expression of the dashboard and the alert rules, with where it is. */
function observabilityQueries(): Array<{ where: string; expr: string }> {
  const dir = join(ROOT, 'deploy', 'observability');
  const dashboard = JSON.parse(readFileSync(join(dir, 'grafana-dashboard.json'), 'utf8')) as {
    panels: Array<{ title: string; targets?: Array<{ expr: string }> }>;
  };
  const rules = parseYaml(readFileSync(join(dir, 'alerts.yaml'), 'utf8')) as {
    groups: Array<{ rules: Array<{ alert: string; expr: string }> }>;
  };
  return [
    ...dashboard.panels.flatMap((p) =>
      (p.targets ?? []).map((t) => ({ where: `panel "${p.title}"`, expr: t.expr })),
    ),
    ...rules.groups.flatMap((g) => g.rules.map((r) => ({ where: `alert ${r.alert}`, expr: r.expr }))),
  ];
}

/** The series names of a Prometheus text exposition (a histogram's `_bucket`, `_sum` and `_count` included). */
function seriesNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    names.add(/^[a-zA-Z_:][a-zA-Z0-9_:]*/.exec(line)![0]);
  }
  return names;
}

/** The value of the first series of `name` whose labels include `labels`. */
function valueOf(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  const line = text
    .split('\n')
    .find(
      (l) => (l.startsWith(`${name}{`) || l.startsWith(`${name} `)) && wanted.every((w) => l.includes(w)),
    );
  return line === undefined ? undefined : Number(line.slice(line.lastIndexOf(' ') + 1));
}

describe('metrics and traces of separate deployables', () => {
  let db: TestDatabase;
  let dataDir: string;
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let mail: Awaited<ReturnType<typeof startMailCatcher>>;
  const procs: Partial<Record<Name, Deployable>> = {};
  const metricsPorts: Partial<Record<Name, number>> = {};
  const logs: Record<Name, string[]> = { mailing: [], accounts: [], gateway: [] };
  const prefix = `obs-${randomUUID().slice(0, 8)}`;
  let gateway = '';

  beforeAll(async () => {
    db = await createTestDatabase('agora_obs');
    dataDir = await mkdtemp(join(tmpdir(), 'agora-obs-'));
    collector = await startCollector();
    mail = await startMailCatcher({ smtpPort: await freePort(), webPort: await freePort() });
    const ports = { mailing: await freePort(), accounts: await freePort(), gateway: await freePort() };
    const env = withIdentityKeys({
      DATABASE_URL: db.url,
      REDIS_URL: testRedisUrl(),
      QUEUE_PREFIX: prefix,
      MIGRATE_ON_START: 'true',
      AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      AGORA_DEMO_DATA: 'false',
      AGORA_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SMTP_URL: mail.smtpUrl,
      PUBLIC_URL: `http://127.0.0.1:${ports.gateway}`,
      ACCOUNTS_URL: `http://127.0.0.1:${ports.accounts}`,
      MAILING_URL: `http://127.0.0.1:${ports.mailing}`,
      LIBRARY_URL: `http://127.0.0.1:${await closedPort()}`,
      CONSULTATION_URL: `http://127.0.0.1:${await closedPort()}`,
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_BSP_SCHEDULE_DELAY: '200', // the span processor's own setting: spans reach the collector quickly
    });
    for (const name of DEPLOYABLES) {
      metricsPorts[name] = await freePort();
      procs[name] = await spawnDeployable(
        name,
        { ...env, METRICS_PORT: String(metricsPorts[name]) },
        ports[name],
        (line: string) => logs[name].push(line.slice(name.length + 3)),
      );
    }
    gateway = procs.gateway!.url;
  }, 180_000);

  afterAll(async () => {
    await Promise.all(Object.values(procs).map((p) => p.stop()));
    await mail?.stop();
    collector?.server.close();
    await db?.drop();
    await deleteRedisKeys(testRedisUrl(), `${prefix}:*`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  const scrape = async (name: Name): Promise<string> => {
    const res = await fetch(`http://127.0.0.1:${metricsPorts[name]}/metrics`);
    expect(res.status).toBe(200);
    return res.text();
  };

  /** The JSON log lines of a deployable. */
  const logLines = (name: Name): Array<Record<string, unknown>> =>
    logs[name].flatMap((l) => {
      try {
        return [JSON.parse(l) as Record<string, unknown>];
      } catch {
        return [];
      }
    });

  let recoveryRequestId = '';

  it('walks a journey through the gateway', async () => {
    const cookies = new Map<string, string>();
    const send = async (method: string, path: string, body?: unknown): Promise<Response> => {
      const res = await fetch(`${gateway}${path}`, {
        method,
        headers: {
          cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'x-csrf-token': decodeURIComponent(cookies.get('token') ?? ''),
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const eq = pair!.indexOf('=');
        cookies.set(pair!.slice(0, eq), pair!.slice(eq + 1));
      }
      return res;
    };
    expect((await send('GET', '/api/login')).status).toBe(200);
    const login = await send('POST', '/api/login', { username: 'admin', password: ADMIN_PASSWORD });
    expect(login.status).toBe(200);
    expect((await send('GET', '/api/settings')).status).toBe(200);
    expect((await send('GET', '/api/no-such-area')).status).toBe(404);
    expect((await send('GET', '/api/category')).status).toBe(503); // consultation is not running
    const recovery = await send('POST', '/api/recovery', { username: 'admin' });
    expect(recovery.status).toBeLessThan(300);
    recoveryRequestId = recovery.headers.get('x-request-id') ?? '';
    expect(recoveryRequestId).not.toBe('');
    // The recovery mail went from accounts to mailing (mail-requests) and through the mail queue to the catcher.
    await eventually('the recovery mail to be sent', async () => {
      const sent = valueOf(await scrape('mailing'), 'agora_mail_sent_total');
      return sent !== undefined && sent >= 1 ? sent : undefined;
    });
  });

  it('counts the requests by route template and status in the gateway and the service', async () => {
    const gatewayText = await scrape('gateway');
    const count = 'agora_http_request_duration_seconds_count';
    expect(valueOf(gatewayText, count, { route: '/api/login', method: 'GET', status: '200' })).toBe(1);
    // The login and the recovery.
    expect(valueOf(gatewayText, count, { route: '/api → accounts', method: 'POST', status: '200' })).toBe(2);
    expect(valueOf(gatewayText, count, { route: '/api → consultation', status: '503' })).toBe(1);
    expect(valueOf(gatewayText, count, { route: 'unmatched', status: '404' })).toBe(1);
    const accountsText = await scrape('accounts');
    expect(valueOf(accountsText, count, { service: 'accounts', route: '/login', method: 'POST' })).toBe(1);
    expect(valueOf(accountsText, count, { service: 'accounts', route: '/settings', method: 'GET' })).toBe(1);
    expect(valueOf(accountsText, 'agora_db_pool_connections', { pool: 'accounts', state: 'max' })).toBe(10);
    expect(valueOf(await scrape('mailing'), 'agora_queue_jobs', { queue: 'mail', state: 'completed' })).toBe(
      1,
    );
  });

  it('serves /metrics on the metrics port only, never on the public one', async () => {
    const publicAnswer = await fetch(`${gateway}/metrics`);
    expect(await publicAnswer.text()).not.toContain('agora_http_request_duration_seconds');
    const other = await fetch(`http://127.0.0.1:${metricsPorts.gateway}/other`);
    expect(other.status).toBe(404);
  });

  it('has every series that the dashboard and the alert rules use', async () => {
    const queries = observabilityQueries();
    expect(queries.length).toBeGreaterThan(20);
    const scraped = new Set<string>();
    for (const name of DEPLOYABLES) for (const s of seriesNames(await scrape(name))) scraped.add(s);
    const missing = queries.flatMap(({ where, expr }) =>
      metricNames(expr)
        .filter((m) => !scraped.has(m))
        .map((m) => `${m} (${where})`),
    );
    expect(missing).toEqual([]);
  });

  it('joins the gateway, the service and the queue jobs of one request in one trace, and in its log lines', async () => {
    const line = (name: Name) =>
      eventually(`a ${name} log line of the recovery request`, async () =>
        logLines(name).find((l) => l.reqId === recoveryRequestId && typeof l.trace_id === 'string'),
      );
    const traceId = (await line('gateway')).trace_id as string;
    expect((await line('accounts')).trace_id).toBe(traceId);
    // Every line logged for the request carries the request id, and with it the same trace.
    const accountsLines = logLines('accounts').filter((l) => l.reqId === recoveryRequestId);
    expect(accountsLines.every((l) => l.trace_id === traceId)).toBe(true);
    // Once per line: the request logger's own binding is not repeated.
    const raw = logs.gateway.filter((l) => l.includes(recoveryRequestId));
    expect(raw.length).toBeGreaterThan(0);
    expect(raw.filter((l) => l.split('"reqId"').length !== 2)).toEqual([]);
    const services = await eventually('the spans of the recovery trace', async () => {
      const seen = new Set(collector.spans.filter((s) => s.traceId === traceId).map((s) => s.service));
      return ['agora-gateway', 'agora-accounts', 'agora-mailing'].every((s) => seen.has(s))
        ? seen
        : undefined;
    });
    expect([...services].sort()).toEqual(['agora-accounts', 'agora-gateway', 'agora-mailing']);
    const names = collector.spans.filter((s) => s.traceId === traceId).map((s) => s.name);
    // The database and Redis calls of the request are spans of the same trace.
    expect(names.some((n) => /^pg\./.test(n) || /^(INSERT|SELECT|UPDATE|BEGIN|COMMIT)/.test(n))).toBe(true);
    expect(names.some((n) => /mail-requests/.test(n))).toBe(true);
  });
});
