// Starting Agora: the one-process mode, the distributed mode (one process per deployable) and the mail catcher.
// Used by `npm start`, `npm run start:distributed`, `npm run migrate` and the browser tests.
import { spawn } from 'node:child_process';
import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const SERVICES = ['accounts', 'library', 'consultation', 'mailing'];
const URL_VARS = {
  accounts: 'ACCOUNTS_URL',
  library: 'LIBRARY_URL',
  consultation: 'CONSULTATION_URL',
  mailing: 'MAILING_URL',
};

/** True when the server packages and the front end have been built. */
export function isBuilt() {
  return (
    SERVICES.every((s) => existsSync(path.join(ROOT, 'services', s, 'dist', 'index.js'))) &&
    existsSync(path.join(ROOT, 'gateway', 'dist', 'index.js')) &&
    existsSync(path.join(ROOT, 'dist', 'shell', 'index.html'))
  );
}

/**
 * A TCP port that is free now, picked below Linux's ephemeral range (32768-60999). Ports in that range are what
 * the kernel hands to `listen(0)` and to outgoing connections, so a port picked there and released could be taken
 * by a service listening on port 0 before its chooser binds it again.
 */
export async function freePort() {
  for (let attempt = 0; attempt < 200; attempt++) {
    const port = 20_000 + Math.floor(Math.random() * 12_000);
    if (await canListen(port)) return port;
  }
  throw new Error('no free TCP port found between 20000 and 32000');
}

/** A free port for each of `names` (name → port), all different; `given(name)` is one chosen already, if any. */
async function freePorts(names, given = () => undefined) {
  const ports = {};
  for (const name of names) {
    let port = given(name);
    while (!port || Object.values(ports).includes(port)) port = await freePort();
    ports[name] = port;
  }
  return ports;
}

function canListen(port) {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once('error', () => resolve(false));
    // No host: the dual-stack wildcard, so the port is free on every interface the gateway might use.
    srv.listen(port, () => srv.close(() => resolve(true)));
  });
}

/** Listens on `port` (0 for any) and resolves once bound; rejects with the bind error (EADDRINUSE, ...). */
export function listenOn(server, port, host) {
  return new Promise((resolve, reject) => {
    const onError = (err) => reject(err);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve(server.address().port);
    });
  });
}

/** Polls `url` until it answers 200 or `timeoutMs` passes. */
export async function waitForHttp(url, timeoutMs = 60_000, child = undefined) {
  const deadline = Date.now() + timeoutMs;
  let last = 'no answer';
  while (Date.now() < deadline) {
    if (child && child.exitCode !== null)
      throw new Error(`${url}: process exited with code ${child.exitCode}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
      last = `HTTP ${res.status}`;
    } catch (e) {
      last = e instanceof Error ? e.message : String(e);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not become ready in ${timeoutMs} ms (${last})`);
}

/** A service definition: services export either a definition or a factory taking the environment. */
export async function loadDefinition(name, env) {
  const mod = await import(`@agora/${name}`);
  const factory = mod[`create${name[0].toUpperCase()}${name.slice(1)}Service`] ?? mod[`${name}Service`];
  if (typeof factory !== 'function') throw new Error(`@agora/${name} exports no service factory`);
  return factory(env);
}

/** Who signs identities, each with its own Ed25519 key pair: the gateway and every service. */
const SIGNERS = ['gateway', ...SERVICES];
const keyVar = (signer, kind) => `AGORA_${signer.toUpperCase()}_${kind.toUpperCase()}_KEY`;
const der = (key) =>
  key.export({ format: 'der', type: key.type === 'private' ? 'pkcs8' : 'spki' }).toString('base64');
/** A configured key (PEM, also with `\n` escapes, or base64 DER) as a KeyObject. */
function readKey(text, kind) {
  const t = text.trim();
  if (t.startsWith('-----BEGIN')) {
    const pem = t.replace(/\\n/g, '\n');
    return kind === 'private' ? createPrivateKey(pem) : createPublicKey(pem);
  }
  const input = { key: Buffer.from(t, 'base64'), format: 'der', type: kind === 'private' ? 'pkcs8' : 'spki' };
  return kind === 'private' ? createPrivateKey(input) : createPublicKey(input);
}

/**
 * `env` with a key pair for every signer (the gateway and each service): the configured ones, a public key derived
 * from a configured private key, and a fresh pair (base64 DER) for a signer with none, valid for this process
 * tree only. A public key configured without its private key, or not matching it, stops the start.
 */
export function withIdentityKeys(env) {
  const out = { ...env };
  for (const signer of SIGNERS) {
    const [privateVar, publicVar] = [keyVar(signer, 'private'), keyVar(signer, 'public')];
    if (!out[privateVar]) {
      if (out[publicVar]) throw new Error(`${publicVar} is set, but not ${privateVar}: set both, or neither`);
      const pair = generateKeyPairSync('ed25519');
      out[privateVar] = der(pair.privateKey);
      out[publicVar] = der(pair.publicKey);
      continue;
    }
    const derived = der(createPublicKey(readKey(out[privateVar], 'private')));
    if (out[publicVar] && der(readKey(out[publicVar], 'public')) !== derived)
      throw new Error(`${publicVar} is not the public key of ${privateVar}`);
    out[publicVar] ||= derived;
  }
  return out;
}

/** `env` for one deployable: every public key, but of the private keys only its own. */
function ownKeysOnly(env, name) {
  const out = { ...env };
  for (const signer of SIGNERS) if (signer !== name) delete out[keyVar(signer, 'private')];
  return out;
}

/** Starts maildev (SMTP + web inbox) as a child process. */
export async function startMailCatcher({ smtpPort, webPort, log = () => {} }) {
  const bin = path.join(ROOT, 'node_modules', 'maildev', 'bin', 'maildev');
  const child = spawn(
    process.execPath,
    [bin, '--smtp', String(smtpPort), '--web', String(webPort), '--ip', '127.0.0.1', '--silent'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  child.stderr.on('data', (d) => log(`mail catcher: ${String(d).trim()}`));
  const webUrl = `http://127.0.0.1:${webPort}`;
  await waitForHttp(`${webUrl}/email`, 30_000, child);
  return {
    smtpUrl: `smtp://127.0.0.1:${smtpPort}`,
    webUrl,
    stop: () => stopChild(child),
  };
}

function stopChild(child, signal = 'SIGTERM') {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}

/** `env` plus the URL variables (`LIBRARY_URL`, ...) of the services in `urls` (name → URL). */
function withServiceUrls(env, urls) {
  const out = { ...env };
  for (const name of SERVICES) if (urls[name]) out[URL_VARS[name]] = urls[name];
  return out;
}

/**
 * The services in an order where each starts after the ones it calls (the service graph of @agora/contracts:
 * consultation asks the library, accounts asks consultation, mailing's invitations ask accounts), so that they
 * answer its first calls.
 */
export async function serviceStartOrder() {
  const { startOrder } = await import('@agora/contracts');
  return startOrder(SERVICES);
}

/**
 * The infrastructure of an operator's command (`npm run migrate`, `npm run audit:check`): DATABASE_URL, or the
 * embedded database in AGORA_DATA_DIR (./data); a failure to open it (the folder in use by a running `npm start`)
 * ends the process with its message and `exitCode`.
 */
export async function openCommandInfra(env, { exitCode = 1, log } = {}) {
  const common = await import('@agora/common');
  return common
    .createInfra({
      databaseUrl: env.DATABASE_URL || undefined,
      redisUrl: env.REDIS_URL || undefined,
      dataDir: env.AGORA_DATA_DIR || path.join(ROOT, 'data'),
      queuePrefix: 'agora',
      timeouts: common.loadDatabaseTimeouts(env),
      log,
    })
    .catch((e) => {
      console.error(e instanceof Error ? e.message : e);
      process.exit(exitCode);
    });
}

/** Runs every service's migrations on the given infrastructure. */
export async function migrateAll(env, infra, log = () => {}) {
  const common = await import('@agora/common');
  for (const name of SERVICES) {
    const def = await loadDefinition(name, env);
    const done = await common.migrateService(infra, def.storage);
    log(done.length ? `${name}: applied ${done.join(', ')}` : `${name}: up to date`);
  }
}

/**
 * Runs `query(ds)` on the accounts schema, or answers `none` on a database the accounts migrations have not run on
 * yet (no users there).
 */
async function queryAccounts(env, infra, none, query) {
  const common = await import('@agora/common');
  const { DataSource } = await import('typeorm');
  const def = await loadDefinition('accounts', env);
  const ds = await new DataSource(common.dataSourceOptions(infra, def.storage)).initialize();
  try {
    const [{ present }] = await ds.query(`SELECT to_regclass('accounts."user"') IS NOT NULL AS present`);
    return present ? await query(ds) : none;
  } finally {
    await ds.destroy();
  }
}

/** The user names of the admin accounts, active ones first, oldest first (none before the first migration). */
export async function adminUsernames(env, infra) {
  return queryAccounts(env, infra, [], async (ds) => {
    const rows = await ds.query(
      `SELECT username FROM accounts."user" WHERE role = 'admin' ORDER BY active DESC, created, username`,
    );
    return rows.map((r) => r.username);
  });
}

/**
 * What the accounts service will do about the first admin on this start, known before it starts: with no admin
 * in the database it creates `admin` with AGORA_ADMIN_PASSWORD, or in development mode (AGORA_DEV_MODE=true) with
 * the development password, and refuses to start otherwise.
 */
export async function firstAdminPlan(env, infra) {
  const existing = await adminUsernames(env, infra);
  if (existing.length > 0) return { created: false, username: existing[0] };
  if (env.AGORA_ADMIN_PASSWORD) return { created: true, username: 'admin', password: 'configured' };
  if (env.AGORA_DEV_MODE === 'true') return { created: true, username: 'admin', password: 'development' };
  throw new Error(
    'AGORA_ADMIN_PASSWORD is not set and the database has no admin yet: set AGORA_ADMIN_PASSWORD to the ' +
      'password of the first admin (user name admin, at least 8 characters) and start again.',
  );
}

export const DEV_ADMIN_PASSWORD = 'agora-admin';
export const DEMO_PARTICIPANT_PASSWORD = 'agora-demo';

/**
 * Whether the accounts service creates the demo participants on this start, known before it starts: demo data on
 * (AGORA_DEMO_DATA=true) and none of them in the database yet (accounts creates them once).
 */
export async function demoParticipantsPlan(env, infra) {
  if (env.AGORA_DEMO_DATA !== 'true') return { created: false };
  const { DEMO_PARTICIPANTS } = await import('@agora/contracts');
  const found = await queryAccounts(env, infra, false, async (ds) => {
    const [row] = await ds.query(
      `SELECT EXISTS (SELECT 1 FROM accounts."user" WHERE uuid = ANY($1::uuid[])) AS found`,
      [DEMO_PARTICIPANTS.map((p) => p.uuid)],
    );
    return row.found;
  });
  return { created: !found };
}

/** The banner's demo participants line, only in development mode and only on the start that creates them. */
export function demoLoginText(demo, env) {
  if (!demo.created || env.AGORA_DEV_MODE !== 'true') return null;
  return `citizen01…citizen24 / ${DEMO_PARTICIPANT_PASSWORD}`;
}

/** The banner's admin line: the password only when this start created the admin and the password is known. */
export function adminLoginText(admin) {
  if (!admin.created)
    return `${admin.username}   (existing account; AGORA_ADMIN_PASSWORD is used only when the first admin is created)`;
  if (admin.password === 'development')
    return `${admin.username} / ${DEV_ADMIN_PASSWORD}   (development password: set AGORA_ADMIN_PASSWORD before the first start in production)`;
  return `${admin.username} / (the password in AGORA_ADMIN_PASSWORD)`;
}

/**
 * In production (NODE_ENV=production) the site's address is not defaulted to this machine: PUBLIC_URL must name
 * where people reach the site, or the links of the mails are dead (decision 0065). Throws the fatal reason.
 */
function checkSitePublicUrl(common, env) {
  const issue = common.publicUrlIssue(env);
  if (issue) throw new Error(`fatal: Agora cannot start: ${issue}`);
}

/**
 * The one-process mode: the four services on random loopback ports and the gateway, sharing one infrastructure
 * (the embedded database when DATABASE_URL is not set).
 */
export async function startAllInOne({ env }) {
  const common = await import('@agora/common');
  checkSitePublicUrl(common, env);
  const { createGateway, loadGatewayConfig } = await import('@agora/gateway');
  const { createServer: createHttpServer } = await import('node:http');
  // The site's port is bound first: the services' ports are then chosen among the free ones, which it is not. Requests that arrive before the gateway is ready get 503.
  let handler = (_req, res) => {
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' });
    res.end(JSON.stringify({ Error: 'Agora is starting' }));
  };
  const server = createHttpServer((req, res) => handler(req, res));
  // No HOST: every interface in both address families, so `localhost` reaches the site as ::1 and 127.0.0.1.
  const host = env.HOST || undefined;
  const port = await listenOn(server, Number(env.PORT || 8080), host);
  const closeServer = () => new Promise((r) => server.close(() => r()));
  const baseEnv = {
    ...withIdentityKeys(env),
    HOST: '127.0.0.1',
    PORT: '0',
    // Links in mails and external-login redirects point at the gateway.
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${port}`,
  };
  const logger = common.createLogger('agora', baseEnv.LOG_LEVEL || 'info');
  let infra;
  const apps = [];
  let gateway;
  let metrics;
  const stop = async () => {
    await closeServer();
    await metrics?.close();
    await gateway?.close?.();
    for (const app of apps.reverse()) await app.close();
    await infra?.close();
  };
  try {
    infra = await common.createInfra({
      databaseUrl: baseEnv.DATABASE_URL || undefined,
      redisUrl: baseEnv.REDIS_URL || undefined,
      dataDir: baseEnv.AGORA_DATA_DIR || path.join(ROOT, 'data'),
      queuePrefix: baseEnv.QUEUE_PREFIX || 'agora',
      timeouts: common.loadDatabaseTimeouts(baseEnv),
      log: (m) => logger.info(m),
    });
    const admin = await firstAdminPlan(baseEnv, infra);
    const demo = await demoParticipantsPlan(baseEnv, infra);
    await migrateAll(baseEnv, infra, (m) => logger.info(m));
    // Every service's port is chosen first, so that each is given the URLs of all the others (the start order
    // follows the service graph; a service ignores the URLs it does not call).
    const ports = await freePorts(SERVICES);
    const urls = Object.fromEntries(SERVICES.map((name) => [name, `http://127.0.0.1:${ports[name]}`]));
    for (const name of await serviceStartOrder()) {
      const def = await loadDefinition(name, withServiceUrls(baseEnv, urls));
      const config = common.loadServiceConfig(name, baseEnv);
      const app = await common.createServiceApp(def, {
        config,
        infra,
        logger: common.createLogger(name, config.log.level),
      });
      apps.push(app);
      await app.listen(ports[name], '127.0.0.1');
    }
    const gatewayEnv = { ...baseEnv, HOST: host ?? '', PORT: String(port) };
    for (const name of SERVICES) gatewayEnv[URL_VARS[name]] = urls[name];
    const gatewayConfig = loadGatewayConfig(gatewayEnv);
    gateway = createGateway(gatewayConfig);
    handler = gateway.app;
    // One process, one registry: METRICS_PORT serves the gateway's and the four services' series together.
    const metricsAt = gatewayConfig.telemetry.metrics;
    if (metricsAt) metrics = await common.startMetricsServer(metricsAt.port, metricsAt.host);
    return { url: `http://localhost:${port}`, port, services: urls, infra, admin, demo, stop };
  } catch (e) {
    await stop().catch(() => {});
    throw e;
  }
}

/** Spawns one deployable as its own process and waits for its `/health`. */
export async function spawnDeployable(name, env, port, log = () => {}) {
  const entry =
    name === 'gateway'
      ? path.join(ROOT, 'gateway', 'dist', 'main.js')
      : path.join(ROOT, 'services', name, 'dist', 'main.js');
  return spawnProcess(name, [entry], { ...ownKeysOnly(env, name), PORT: String(port) }, port, log);
}

/**
 * Spawns `node args` as `name`, its output logged line by line, and waits for its `/health` on `port`. With
 * AGORA_CPU_PROF_DIR set, each process writes a V8 CPU profile `<name>.cpuprofile` there when it stops (for the
 * benchmarks: Chromium's DevTools or speedscope read it).
 */
export async function spawnProcess(name, args, env, port, log = () => {}) {
  const nodeArgs = env.AGORA_CPU_PROF_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${env.AGORA_CPU_PROF_DIR}`, `--cpu-prof-name=${name}.cpuprofile`]
    : [];
  const child = spawn(process.execPath, [...nodeArgs, ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const prefix = (d) =>
    String(d)
      .trimEnd()
      .split('\n')
      .forEach((l) => log(`[${name}] ${l}`));
  child.stdout.on('data', prefix);
  child.stderr.on('data', prefix);
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHttp(`${url}/health`, 60_000, child);
  } catch (e) {
    await stopChild(child);
    throw e;
  }
  return { name, url, port, child, stop: () => stopChild(child) };
}

/** Restarts of a crashed deployable: the first after `initialMs`, each later one twice as late, at most `maxMs`. */
export const RESTART_BACKOFF = { initialMs: 500, maxMs: 30_000, stableMs: 60_000 };

/**
 * Runs `start()` (which spawns a process and resolves once it answers, as `spawnDeployable` does) and starts it
 * again whenever its process exits without being asked to: after `initialMs`, doubled for each restart in a row
 * (at most `maxMs`), the count reset once a process has run `stableMs`. Each exit and restart is logged. `stop()`
 * stops the process and every restart still to come; `start()` after it supervises anew. The first start's
 * failure is thrown, not retried.
 */
export async function supervise(name, start, { log = () => {}, backoff = RESTART_BACKOFF } = {}) {
  let current;
  let wanted = false;
  let timer;
  let inRow = 0;
  /** A restart under way: `stop()` waits for it, so that no process is left behind. */
  let restarting = Promise.resolve();
  const supervised = {
    name,
    restarts: 0,
    get child() {
      return current.child;
    },
    get url() {
      return current.url;
    },
    get port() {
      return current.port;
    },
    async start() {
      wanted = true;
      await run(await start());
    },
    async stop() {
      wanted = false;
      clearTimeout(timer);
      await restarting;
      await current?.stop();
    },
  };
  async function run(proc) {
    current = proc;
    const startedAt = Date.now();
    proc.child.once('exit', (code, signal) => {
      if (!wanted || current !== proc) return;
      if (Date.now() - startedAt >= backoff.stableMs) inRow = 0;
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** inRow);
      inRow++;
      log(
        `[launcher] ${name} (pid ${proc.child.pid}) exited with ${signal ?? `code ${code}`}; restarting in ${delay} ms`,
      );
      timer = setTimeout(() => (restarting = restart()), delay);
    });
  }
  async function restart() {
    if (!wanted) return;
    let proc;
    try {
      proc = await start();
    } catch (e) {
      if (!wanted) return;
      const delay = Math.min(backoff.maxMs, backoff.initialMs * 2 ** inRow);
      inRow++;
      log(`[launcher] ${name} did not start (${e instanceof Error ? e.message : e}); again in ${delay} ms`);
      timer = setTimeout(() => (restarting = restart()), delay);
      return;
    }
    if (!wanted) {
      await proc.stop();
      return;
    }
    supervised.restarts++;
    log(`[launcher] ${name} restarted (pid ${proc.child.pid}), answering on ${proc.url}`);
    await run(proc);
  }
  await supervised.start();
  return supervised;
}

/**
 * The distributed mode: migrations first, then each service and the gateway as its own process, against a real
 * Postgres (DATABASE_URL) and Redis (REDIS_URL).
 */
export async function startDistributed({ env, gatewayPort, log = console.log, backoff = RESTART_BACKOFF }) {
  if (!env.DATABASE_URL)
    throw new Error('the distributed mode needs DATABASE_URL (a Postgres server with PostGIS)');
  if (!env.REDIS_URL) throw new Error('the distributed mode needs REDIS_URL');
  const common = await import('@agora/common');
  checkSitePublicUrl(common, env);
  const childEnv = {
    ...withIdentityKeys(env),
    HOST: '127.0.0.1',
    MIGRATE_ON_START: 'false',
    PUBLIC_URL: env.PUBLIC_URL || `http://localhost:${gatewayPort}`,
    // Every process would need a port of its own: the distributed launcher serves no metrics.
    METRICS_PORT: '',
  };
  const infra = await common.createInfra({
    databaseUrl: env.DATABASE_URL,
    redisUrl: env.REDIS_URL,
    dataDir: env.AGORA_DATA_DIR || path.join(ROOT, 'data'),
    queuePrefix: env.QUEUE_PREFIX || 'agora',
  });
  let admin;
  let demo;
  try {
    // Before anything changes: without an admin and a password to create one, the accounts service would stop.
    admin = await firstAdminPlan(childEnv, infra);
    demo = await demoParticipantsPlan(childEnv, infra);
    await migrateAll(childEnv, infra, log);
  } finally {
    await infra.close();
  }
  const procs = {};
  const ports = {};
  const stopAll = async () => {
    await Promise.all(Object.values(procs).map((p) => p.stop()));
  };
  try {
    // Every port first, so that each service is given the URLs of all the others (see `startAllInOne`).
    Object.assign(
      ports,
      await freePorts(SERVICES, (name) => Number(env[`${name.toUpperCase()}_PORT`]) || undefined),
    );
    const urls = Object.fromEntries(SERVICES.map((name) => [name, `http://127.0.0.1:${ports[name]}`]));
    const serviceEnv = withServiceUrls(childEnv, urls);
    const gatewayEnv = { ...serviceEnv, HOST: env.HOST || '' };
    // each process is started again when it crashes (`supervise`), with the same environment and port
    const launch = (name, processEnv, port) =>
      supervise(name, () => spawnDeployable(name, processEnv, port, log), { log, backoff });
    for (const name of await serviceStartOrder()) procs[name] = await launch(name, serviceEnv, ports[name]);
    procs.gateway = await launch('gateway', gatewayEnv, gatewayPort);
  } catch (e) {
    await stopAll();
    throw e;
  }
  return {
    url: `http://localhost:${gatewayPort}`,
    procs,
    admin,
    demo,
    /** Stops one deployable, without restarts (e.g. to see the others keep working). */
    stopOne: (name) => procs[name].stop(),
    /** Starts a stopped deployable again on the same port, supervised again. */
    restartOne: (name) => procs[name].start(),
    /** Stops every deployable; none is restarted. */
    stop: stopAll,
  };
}
