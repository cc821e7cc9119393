import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

// A process stopped with a real SIGTERM while a request is in flight, through the same `drainOnSignals` that
// `runService` installs (the built dist/, as `npm run build` leaves it): readiness says 503 at once, the request
// in flight is answered 200, new connections are refused after the grace, the workers close last, exit 0.

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist');
const GRACE_MS = 1500;

/** The child: a plain HTTP server with `/ready` from `Readiness` and `/slow`, answered when stdin says so. */
const childScript = `
import http from 'node:http';
import { drainOnSignals } from ${JSON.stringify(pathToFileURL(path.join(DIST, 'http/shutdown.js')).href)};
import { Readiness } from ${JSON.stringify(pathToFileURL(path.join(DIST, 'health/readiness.js')).href)};
const log = (level) => (obj, msg) => console.log(JSON.stringify({ level, msg: typeof obj === 'string' ? obj : msg }));
const logger = { info: log('info'), warn: log('warn'), error: log('error') };
const readiness = new Readiness();
readiness.register('database', () => Promise.resolve());
let release;
const released = new Promise((resolve) => (release = resolve));
process.stdin.on('data', () => release());
const server = http.createServer(async (req, res) => {
  if (req.url === '/ready') {
    const result = await readiness.run();
    res.writeHead(result.ok ? 200 : 503, { 'content-type': 'application/json' }).end(JSON.stringify(result));
    return;
  }
  console.log(JSON.stringify({ msg: 'slow request started' }));
  await released;
  res.writeHead(200).end('answered');
  console.log(JSON.stringify({ msg: 'slow request answered' }));
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ msg: 'listening', port: server.address().port })));
drainOnSignals(
  { server, readiness, close: async () => console.log(JSON.stringify({ msg: 'workers closed' })) },
  { graceMs: ${GRACE_MS}, timeoutMs: 20000 },
  logger,
);
`;

async function until<T>(what: string, probe: () => Promise<T>, done: (v: T) => boolean): Promise<T> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** One request: its status, body and `Connection` answer, or the connection error's code. */
function get(
  port: number,
  path: string,
): Promise<{ status?: number; body?: string; connection?: string; error?: string }> {
  return new Promise((resolve) => {
    // Each on a connection of its own, asking to keep it open as the gateway's pool does.
    const req = http.get(
      { host: '127.0.0.1', port, path, agent: false, headers: { connection: 'keep-alive' } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (c: string) => (body += c));
        res.on('end', () => resolve({ status: res.statusCode, body, connection: res.headers.connection }));
      },
    );
    req.on('error', (err: NodeJS.ErrnoException) => resolve({ error: err.code ?? err.message }));
  });
}

describe('a service stopped with SIGTERM', () => {
  let dir: string;
  let child: ChildProcess | undefined;
  const messages: string[] = [];

  beforeAll(async () => {
    if (!existsSync(path.join(DIST, 'http/shutdown.js')))
      throw new Error(`${DIST} is missing: run npm run build first`);
    dir = await mkdtemp(path.join(tmpdir(), 'agora-drain-'));
    await writeFile(path.join(dir, 'child.mjs'), childScript);
  });
  afterAll(async () => {
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('stops being ready at once, answers the request in flight, refuses new connections, then exits', async () => {
    const proc = spawn(process.execPath, [path.join(dir, 'child.mjs')], {
      stdio: ['pipe', 'pipe', 'inherit'],
    });
    child = proc;
    const exited = new Promise<number | null>((resolve) => proc.once('exit', (code) => resolve(code)));
    let port = 0;
    let out = '';
    proc.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString('utf8');
      let nl: number;
      while ((nl = out.indexOf('\n')) >= 0) {
        const line = JSON.parse(out.slice(0, nl)) as { msg: string; port?: number };
        out = out.slice(nl + 1);
        messages.push(line.msg);
        if (line.port) port = line.port;
      }
    });
    await until(
      'the child to listen',
      () => Promise.resolve(port),
      (p) => p > 0,
    );
    expect(await get(port, '/ready')).toMatchObject({ status: 200, connection: 'keep-alive' });

    const inFlight = get(port, '/slow');
    await until(
      'the slow request to start',
      () => Promise.resolve(messages),
      (m) => m.includes('slow request started'),
    );
    proc.kill('SIGTERM');

    // Readiness says so at once, while connections are still taken during the grace.
    const notReady = await until(
      'readiness to answer 503',
      () => get(port, '/ready'),
      (r) => r.status === 503,
    );
    expect(JSON.parse(notReady.body ?? '{}')).toEqual({ ok: false, checks: { shutdown: 'draining' } });
    expect(notReady.connection).toBe('close'); // no keep-alive connection outlives the listener
    // After the grace, new connections are refused; the request in flight is still open.
    await until(
      'new connections to be refused',
      () => get(port, '/ready'),
      (r) => r.error === 'ECONNREFUSED',
    );
    expect(messages).not.toContain('slow request answered');
    expect(messages).not.toContain('workers closed');

    proc.stdin?.write('go\n');
    expect(await inFlight).toMatchObject({ status: 200, body: 'answered' });
    expect(await exited).toBe(0);
    const order = ['slow request answered', 'workers closed', 'stopped'].map((m) => messages.indexOf(m));
    expect(order.every((i) => i >= 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});
