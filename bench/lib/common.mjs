// Shared by the benchmarks: start a whole Agora stack on a fresh database, log in through the API, statistics,
// markdown tables and the JSON result files. Everything listens on the loopback interface only.
import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { createApiClient, fetchTransport } from '@agora/contracts';
import {
  freePort,
  ROOT,
  startAllInOne,
  startDistributed,
  withIdentityKeys,
} from '../../scripts/lib/stack.mjs';

export { ROOT };
export const RESULTS_DIR = path.join(ROOT, 'bench', 'results');
export const ADMIN_PASSWORD = 'bench-admin-password';

/** `--mode distributed|one-process` (default given by the benchmark). */
export function modeArg(argv, fallback) {
  const i = argv.indexOf('--mode');
  const value = i >= 0 ? argv[i + 1] : argv.find((a) => a.startsWith('--mode='))?.slice('--mode='.length);
  const mode = value ?? fallback;
  if (mode !== 'distributed' && mode !== 'one-process') {
    throw new Error(`--mode must be distributed or one-process, not ${mode}`);
  }
  return mode;
}

/** `--name <integer>` between 1 and `max` (default `fallback`). */
export function numberArg(argv, name, fallback, max) {
  const i = argv.indexOf(name);
  const value = i >= 0 ? Number(argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1 || value > max)
    throw new Error(`${name} must be an integer 1..${max}`);
  return value;
}

/**
 * Builds what is missing: the servers (`npm run build:server`), the test helpers that the benchmarks boot them
 * with (`npm run build:testing`) and the front end (`scripts/build-web.mjs`).
 */
export function ensureBuilt() {
  const servers = ['accounts', 'library', 'consultation', 'mailing'].map((s) =>
    path.join(ROOT, 'services', s, 'dist', 'main.js'),
  );
  servers.push(path.join(ROOT, 'gateway', 'dist', 'main.js'));
  const run = (args) => {
    const r = spawnSync(args[0], args.slice(1), { cwd: ROOT, stdio: 'inherit' });
    if (r.status !== 0) throw new Error(`${args.join(' ')} failed with ${r.status}`);
  };
  if (!servers.every((f) => existsSync(f))) run(['npm', 'run', 'build:server']);
  if (!existsSync(path.join(ROOT, 'services', 'consultation', 'test', 'dist', 'answer-test-helpers.js')))
    run(['npm', 'run', 'build:testing']);
  if (!existsSync(path.join(ROOT, 'dist', 'shell', 'index.html')))
    run([process.execPath, 'scripts/build-web.mjs']);
}

/**
 * Starts Agora on a fresh PostgreSQL database (with the demo data) in the given mode. The distributed mode also
 * needs Redis (REDIS_URL, default redis://127.0.0.1:6379); its queue keys live under a unique prefix and are
 * removed on stop. The database is dropped on stop unless `keepDatabase` (its URL is then printed).
 */
export async function startBenchStack({ mode, log = () => {}, keepDatabase = false, env: extraEnv = {} }) {
  const { createTestDatabase } = await import('@agora/common/testing');
  const db = await createTestDatabase('agora_bench');
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'agora-bench-'));
  const prefix = `bench-${randomBytes(4).toString('hex')}`;
  const redisUrl = process.env.REDIS_URL || 'redis://127.0.0.1:6379';
  const gatewayPort = await freePort();
  // A key pair per signer, so that a benchmark can sign identities as the gateway does.
  const env = withIdentityKeys({
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(gatewayPort),
    DATABASE_URL: db.url,
    REDIS_URL: mode === 'distributed' ? redisUrl : '',
    QUEUE_PREFIX: prefix,
    // Nothing is mailed during the benchmarks; a closed port keeps any attempt local.
    SMTP_URL: 'smtp://127.0.0.1:9',
    // A production start needs a site address that is not this machine (decision 0065); mails' links only use it,
    // and none is sent. The reserved .invalid name can never resolve.
    PUBLIC_URL: 'http://agora.bench.invalid',
    AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    AGORA_DEMO_DATA: 'true',
    AGORA_DATA_DIR: dataDir,
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || 'warn',
    ...extraEnv,
  });
  const cleanup = async () => {
    if (keepDatabase) console.error(`database kept: ${db.url}`);
    else await db.drop().catch((e) => log(`dropping ${db.name}: ${e.message}`));
    await rm(dataDir, { recursive: true, force: true });
    if (mode === 'distributed') await deleteRedisKeys(redisUrl, `${prefix}:*`).catch(() => undefined);
  };
  let stack;
  try {
    stack =
      mode === 'distributed'
        ? await startDistributed({ env, gatewayPort, log })
        : await startAllInOne({ env, log });
  } catch (e) {
    await cleanup();
    throw e;
  }
  const services =
    mode === 'distributed'
      ? Object.fromEntries(Object.entries(stack.procs).map(([name, p]) => [name, p.url]))
      : stack.services;
  return {
    mode,
    url: `http://127.0.0.1:${mode === 'distributed' ? gatewayPort : stack.port}`,
    services,
    gatewayKey: env.AGORA_GATEWAY_PRIVATE_KEY,
    /** The environment the servers were started with (e.g. for a separate mail worker of the same stack). */
    env,
    databaseUrl: db.url,
    pids:
      mode === 'distributed'
        ? Object.fromEntries(Object.entries(stack.procs).map(([name, p]) => [name, p.child.pid]))
        : { 'one-process': process.pid },
    stop: async () => {
      try {
        await stack.stop();
      } finally {
        await cleanup();
      }
    },
  };
}

async function deleteRedisKeys(redisUrl, pattern) {
  const testing = await import('@agora/common/testing');
  if (typeof testing.deleteRedisKeys === 'function') await testing.deleteRedisKeys(redisUrl, pattern);
}

/** Stops `stop` once on SIGINT/SIGTERM, then exits. */
/**
 * The environment of a one-process site as `npm start` runs it in production, its data in `base`: embedded
 * database (unless `databaseUrl`), queues on it, mail to a closed port, the demo data on; `extra` on top.
 */
export async function oneProcessEnv(base, { databaseUrl = '', logLevel = 'warn', extra = {} } = {}) {
  return {
    ...process.env,
    NODE_ENV: 'production',
    HOST: '127.0.0.1',
    PORT: String(await freePort()),
    DATABASE_URL: databaseUrl,
    REDIS_URL: '',
    SMTP_URL: 'smtp://127.0.0.1:9',
    AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
    AGORA_DEMO_DATA: 'true',
    AGORA_DATA_DIR: path.join(base, 'data'),
    LOG_LEVEL: process.env.BENCH_LOG_LEVEL || logLevel,
    ...extra,
  };
}

export function stopOnSignal(stop) {
  const handler = (signal) => {
    console.error(`\n${signal}: stopping the stack`);
    Promise.resolve(stop()).finally(() => process.exit(130));
  };
  process.once('SIGINT', handler);
  process.once('SIGTERM', handler);
}

/** `name=value` pairs of the Set-Cookie headers of a response. */
function setCookies(res) {
  const out = {};
  for (const line of res.headers.getSetCookie()) {
    const [pair] = line.split(';');
    const eq = pair.indexOf('=');
    out[pair.slice(0, eq).trim()] = pair.slice(eq + 1).trim();
  }
  return out;
}

/**
 * A visitor's CSRF token: `GET /api/login` with `headers`, and the `Cookie` header of the cookies it set (the
 * token is bound to the visitor id cookie beside it, so both go back).
 */
export async function visitorCsrf(baseUrl, headers = {}) {
  const res = await fetch(`${baseUrl}/api/login`, { headers });
  if (!res.ok) throw new Error(`GET /api/login: HTTP ${res.status}`);
  const cookies = setCookies(res);
  if (!cookies.token) throw new Error('GET /api/login set no token cookie');
  const cookie = Object.entries(cookies)
    .map(([k, v]) => `${k}=${v}`)
    .join('; ');
  return { token: decodeURIComponent(cookies.token), cookie };
}

/**
 * Logs in through the API (CSRF token first) and returns the cookies `{token, agora_sid}`, the profile and
 * `client`, the typed API client of `@agora/contracts` on that session.
 */
export async function apiLogin(baseUrl, username, password) {
  const { token, cookie } = await visitorCsrf(baseUrl);
  const res = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
    body: JSON.stringify({ username, password }),
  });
  if (!res.ok) throw new Error(`POST /api/login: HTTP ${res.status} ${await res.text()}`);
  const cookies = { token, ...setCookies(res) };
  if (!cookies.agora_sid) throw new Error('POST /api/login set no agora_sid cookie');
  const header = `token=${cookies.token}; agora_sid=${cookies.agora_sid}`;
  const client = createApiClient(fetchTransport(baseUrl, { cookie: header, 'x-csrf-token': cookies.token }));
  return { cookies, header, client, profile: await client.GET('/api/profile') };
}

/**
 * Registers `username` (password `bench-participant-1`), logs in and enrols in `category` (token): the session
 * of an API login made after the enrolment, so that the enrolment is part of its identity.
 */
export async function registerParticipant(baseUrl, username, lastname, category) {
  const password = 'bench-participant-1';
  const { token, cookie } = await visitorCsrf(baseUrl);
  const reg = await fetch(`${baseUrl}/api/registration`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-csrf-token': token, cookie },
    body: JSON.stringify({
      username,
      firstname: 'Bench',
      lastname,
      email: `${username}@example.org`,
      password,
    }),
  });
  if (!reg.ok) throw new Error(`registration of ${username}: HTTP ${reg.status} ${await reg.text()}`);
  const session = await apiLogin(baseUrl, username, password);
  await session.client.POST('/api/enrolment', { body: { category } });
  return session;
}

/** The q-th quantile (0..1) with linear interpolation between closest ranks (numpy's default). */
export function quantile(values, q) {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo);
}

export const median = (values) => quantile(values, 0.5);
export const kib = (bytes) => (bytes / 1024).toFixed(1);

/** A markdown table from a header row and rows of cells. */
export function markdownTable(header, rows) {
  const line = (cells) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/** The machine the numbers come from. */
export function machine() {
  const cpus = os.cpus();
  return {
    node: process.version,
    platform: `${os.type()} ${os.release()} ${os.arch()}`,
    cpus: cpus.length,
    cpuModel: cpus[0]?.model ?? 'unknown',
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    // Other work on the machine skews timings: the 1/5/15-minute load averages when the results were written.
    loadAverage: os.loadavg().map((l) => Math.round(l * 100) / 100),
  };
}

/** Writes `bench/results/<name>.json`. */
export async function writeResults(name, data) {
  await mkdir(RESULTS_DIR, { recursive: true });
  const file = path.join(RESULTS_DIR, `${name}.json`);
  let text = `${JSON.stringify(data, null, 2)}\n`;
  try {
    // In the repository's Prettier style, so that `npm run lint` stays clean after a run.
    const prettier = await import('prettier');
    text = await prettier.format(text, { ...(await prettier.resolveConfig(file)), filepath: file });
  } catch {
    // Prettier missing: plain JSON.
  }
  await writeFile(file, text);
  return file;
}

/**
 * Timings mean little while other work runs on a small machine: waits (at most BENCH_MAX_WAIT_S, default 600 s)
 * until the one-minute load average is below BENCH_MAX_LOAD (default 1), checking every 5 s. Answers how long it
 * waited and the load it started with; it goes on anyway when the time is up.
 */
export async function waitForQuietMachine() {
  const maxLoad = Number(process.env.BENCH_MAX_LOAD ?? 1);
  const maxWaitS = Number(process.env.BENCH_MAX_WAIT_S ?? 600);
  const started = Date.now();
  let said = false;
  while (os.loadavg()[0] >= maxLoad && Date.now() - started < maxWaitS * 1000) {
    if (!said)
      console.error(
        `load average ${os.loadavg()[0].toFixed(2)} >= ${maxLoad}: waiting for a quieter machine…`,
      );
    said = true;
    await new Promise((r) => setTimeout(r, 5000));
  }
  return {
    waitedS: Math.round((Date.now() - started) / 1000),
    loadAtStart: Math.round(os.loadavg()[0] * 100) / 100,
  };
}

const CLOCK_TICKS_PER_S = 100;

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux); null when it is gone. */
export async function cpuMs(pid) {
  try {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces) start at field 3; utime and stime are 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_S;
  } catch {
    return null;
  }
}

/** The PostgreSQL server processes serving connections to the database at `url`. */
export async function postgresPids(url) {
  const { default: pg } = await import('pg');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query(
      'SELECT pid FROM pg_stat_activity WHERE datname = current_database() AND pid <> pg_backend_pid()',
    );
    return rows.map((r) => r.pid);
  } finally {
    await client.end();
  }
}

/** CPU time used so far by each of the stack's processes and its database's PostgreSQL backends (ms). */
export async function cpuSnapshot(stack) {
  const out = {};
  for (const [name, pid] of Object.entries(stack.pids)) out[name] = await cpuMs(pid);
  for (const pid of await postgresPids(stack.databaseUrl)) out[`postgres:${pid}`] = await cpuMs(pid);
  return out;
}

/** CPU per request of each process as a table cell (`gateway 1.22, consultation 1.47`), leaving out what is below 0.01 ms. */
export function cpuCell(cpuMsPerRequest) {
  return Object.entries(cpuMsPerRequest)
    .filter(([, ms]) => ms >= 0.01)
    .map(([name, ms]) => `${name} ${ms.toFixed(2)}`)
    .join(', ');
}

/**
 * CPU per unit of work (ms) of each process between two snapshots, rounded to `digits` decimals; PostgreSQL
 * backends alive in both are summed.
 */
export function cpuPer(before, after, count, digits = 3) {
  const used = {};
  for (const [key, ms] of Object.entries(after)) {
    if (ms === null || before[key] === null || before[key] === undefined) continue;
    const name = key.startsWith('postgres:') ? 'postgres' : key;
    used[name] = (used[name] ?? 0) + (ms - before[key]);
  }
  const scale = 10 ** digits;
  return Object.fromEntries(
    Object.entries(used).map(([name, ms]) => [name, Math.round((ms / Math.max(count, 1)) * scale) / scale]),
  );
}

/** The calendar date `offset` days from today, as YYYY-MM-DD. */
export const day = (offset) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * Runs `script` with Node in a child process of its own, with `arg` as its one argument, and resolves with the JSON
 * it prints on stdout (its stderr goes to ours). It is killed after `timeoutMs`; `what` names it in errors.
 */
export function runNodeJson(script, arg, { timeoutMs, what }) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [script, arg], { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(limit);
      if (code !== 0) return reject(new Error(`${what} exited with ${code}`));
      try {
        resolve(JSON.parse(out));
      } catch (e) {
        reject(new Error(`${what} printed no JSON: ${e.message}\n${out.slice(0, 500)}`));
      }
    });
  });
}
