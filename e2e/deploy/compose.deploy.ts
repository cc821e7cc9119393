// deploy/compose/compose.host-services.yaml brought up with podman-compose, from the images built on this machine
// (scripts/test.sh builds them, tag `test`; AGORA_IMAGE_TAG picks another), against the host's PostgreSQL (a fresh
// database), its Redis (a queue prefix of the run's own) and a mail catcher on the host. The host's servers listen
// on the loopback only, so the test relays a port of each from the compose network's gateway address (podman's
// host.containers.internal) to them, for connections from that network alone: what an operator does by letting
// them listen there. The migrate service migrates the empty database, every service becomes ready behind the
// gateway, the administrator logs in through the API (CSRF token and all), the shell and a remote's manifest and
// entry are served. Everything is taken down afterwards, also when a step fails.
import { execFile } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';
import { freePort, withIdentityKeys } from '../../scripts/lib/stack.mjs';
import { podmanEnv } from '../../scripts/lib/podman.mjs';
import { typedApiAs } from '../support/api.js';
import { launchBrowser, newContext } from '../support/browser.js';
import { startMail, type MailCatcher } from '../support/mail.js';
import { until } from '../support/wait.js';

const execFileAsync = promisify(execFile);
const ROOT = process.cwd(); // jest runs from the repository root
const COMPOSE_FILE = path.join(ROOT, 'deploy/compose/compose.host-services.yaml');
const TAG = process.env.AGORA_IMAGE_TAG || 'test';
const ADMIN_PASSWORD = 'compose-admin-pw1';
const LONG_RUNNING = ['accounts', 'library', 'consultation', 'mailing', 'gateway'];

/**
 * Runs a program to its end without blocking the event loop (the relays below serve the containers meanwhile);
 * answers its standard output, trimmed.
 */
async function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<string> {
  try {
    const { stdout } = await execFileAsync(cmd, args, {
      env: { ...podmanEnv(), ...env },
      timeout: 300_000,
      maxBuffer: 64 << 20,
    });
    return stdout.trim();
  } catch (e) {
    const { stdout = '', stderr = '' } = e as { stdout?: string; stderr?: string };
    throw new Error(`${cmd} ${args.join(' ')}: ${String(e)}\n${stdout}\n${stderr}`, { cause: e });
  }
}

/** A TCP relay on every address of the host from `port` to 127.0.0.1:`target`, for clients of `subnet` only. */
async function relay(subnet: string, target: number): Promise<{ port: number; close(): Promise<void> }> {
  const [address, prefix] = subnet.split('/');
  const allowed = new net.BlockList();
  allowed.addSubnet(address!, Number(prefix));
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    if (!allowed.check(client.remoteAddress?.replace(/^::ffff:/, '') ?? '')) return client.destroy();
    const upstream = net.connect(target, '127.0.0.1');
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on('close', () => sockets.delete(s)).on('error', () => undefined);
    }
    client.pipe(upstream).pipe(client);
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  const port = await freePort();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(port, '0.0.0.0', resolve));
  return {
    port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

describe('the compose file for host services, run with podman-compose', () => {
  const project = `ct${Date.now().toString(36)}`;
  const network = `${project}_default`;
  const work = mkdtempSync(path.join(os.tmpdir(), `agora-compose-${project}-`));
  let db: TestDatabase;
  let mail: MailCatcher;
  const relays: Array<{ close(): Promise<void> }> = [];
  let env: NodeJS.ProcessEnv;
  let site: string;
  const compose = (...args: string[]) =>
    run('podman-compose', ['-p', project, '-f', COMPOSE_FILE, ...args], env);

  beforeAll(async () => {
    db = await createTestDatabase('agora_deploy_compose');
    mail = await startMail();
    // the project's network, made first to know its subnet (podman-compose uses it as it finds it)
    await run('podman', ['network', 'create', '--label', `io.podman.compose.project=${project}`, network]);
    const [info] = JSON.parse(await run('podman', ['network', 'inspect', network])) as Array<{
      subnets: Array<{ subnet: string }>;
    }>;
    const subnet = info!.subnets[0]!.subnet;
    const smtpPort = Number(new URL(mail.smtpUrl).port);
    const [pg, redis, smtp] = await Promise.all([
      relay(subnet, 5432),
      relay(subnet, 6379),
      relay(subnet, smtpPort),
    ]);
    relays.push(pg, redis, smtp);
    const database = new URL(db.url);
    database.hostname = 'host.containers.internal';
    database.port = String(pg.port);
    mkdirSync(path.join(work, 'remotes'));
    cpSync(path.join(ROOT, 'deploy/registry'), path.join(work, 'registry'), { recursive: true });
    const httpPort = await freePort();
    site = `http://127.0.0.1:${httpPort}`;
    env = {
      ...(withIdentityKeys({}) as Record<string, string>),
      AGORA_VERSION: TAG,
      DATABASE_URL: database.toString(),
      REDIS_URL: `redis://host.containers.internal:${redis.port}`,
      SMTP_URL: `smtp://host.containers.internal:${smtp.port}`,
      QUEUE_PREFIX: project,
      AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      AGORA_HTTP_PORT: String(httpPort),
      AGORA_REMOTES_DIR: path.join(work, 'remotes'),
      AGORA_REGISTRY_DIR: path.join(work, 'registry'),
      LOG_LEVEL: 'warn',
    };
    // the migrations first (podman-compose does not wait for depends_on conditions), then the site
    await compose('up', '-d', '--no-build', 'migrate');
    expect(await run('podman', ['wait', `${project}_migrate_1`])).toBe('0');
    await compose('up', '-d', '--no-build');
    await until(
      () =>
        fetch(`${site}/ready`, { signal: AbortSignal.timeout(3000) }).then(
          async (r) => ({ status: r.status, body: (await r.json()) as unknown }),
          (e: unknown) => ({ status: 0, body: String(e) }),
        ),
      (r) => r.status === 200,
      'the gateway and every service ready',
      180_000,
    );
  }, 300_000);

  afterAll(async () => {
    const quietly = (cmd: string, args: string[]) => run(cmd, args, env).catch(() => '');
    if (env) await quietly('podman-compose', ['-p', project, '-f', COMPOSE_FILE, 'down', '-v']);
    // whatever a failed start left behind
    const left = (
      await quietly('podman', ['ps', '-aq', '--filter', `label=io.podman.compose.project=${project}`])
    )
      .split('\n')
      .filter(Boolean);
    if (left.length) await quietly('podman', ['rm', '-f', ...left]);
    await quietly('podman', ['volume', 'rm', '-f', `${project}_files`]);
    await quietly('podman', ['network', 'rm', '-f', network]);
    // the run's queues on the shared Redis
    const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
    const keys = (await quietly('redis-cli', ['-u', redisUrl, '--scan', '--pattern', `${project}:*`]))
      .split('\n')
      .filter(Boolean);
    for (let i = 0; i < keys.length; i += 500)
      await quietly('redis-cli', ['-u', redisUrl, 'del', ...keys.slice(i, i + 500)]);
    for (const r of relays) await r.close();
    await mail?.stop();
    await db?.drop();
    rmSync(work, { recursive: true, force: true });
  }, 120_000);

  it('ran the one-shot services to their end: the migrations, and the remote builds copied out', async () => {
    for (const s of ['migrate', 'remotes-seed']) {
      const code = await run('podman', ['inspect', '--format', '{{.State.ExitCode}}', `${project}_${s}_1`]);
      expect({ s, code }).toEqual({ s, code: '0' });
    }
    expect(await run('podman', ['logs', `${project}_migrate_1`])).not.toMatch(/error/i);
    const tables = await db.query<{ n: string }>(
      `SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = ANY($1)`,
      [['accounts', 'library', 'consultation', 'mailing']],
    );
    expect(Number(tables[0]?.n)).toBeGreaterThan(10);
  });

  it('runs every service from its own image as uid 1000 on a read-only root file system', async () => {
    for (const s of LONG_RUNNING) {
      const facts = await run('podman', [
        'inspect',
        '--format',
        'running={{.State.Running}} user={{.Config.User}} read-only={{.HostConfig.ReadonlyRootfs}} {{.ImageName}}',
        `${project}_${s}_1`,
      ]);
      expect(facts).toBe(`running=true user=1000:1000 read-only=true localhost/agora/${s}:${TAG}`);
    }
  });

  it('reports every service ready through the gateway', async () => {
    const ready = (await (await fetch(`${site}/ready`)).json()) as { services: Record<string, string> };
    expect(ready.services).toEqual({ accounts: 'ok', library: 'ok', consultation: 'ok', mailing: 'ok' });
  });

  it('logs the administrator in through the API and serves the shell and a remote', async () => {
    const { browser, close } = await launchBrowser();
    try {
      const context = await newContext(browser, site, { locale: 'en' });
      const api = await typedApiAs(context, 'admin', ADMIN_PASSWORD);
      expect((await api.GET('/api/profile')).username).toBe('admin');
      await context.close();
    } finally {
      await close();
    }
    const shell = await fetch(`${site}/`);
    expect(shell.status).toBe(200);
    expect(await shell.text()).toMatch(/<div id="root"|<script/);
    const registry = (await (await fetch(`${site}/remotes.json`)).json()) as Record<string, string>;
    const manifestUrl = new URL(registry.mf_library!, site);
    const manifest = await fetch(manifestUrl);
    expect(manifest.status).toBe(200);
    const { metaData } = (await manifest.json()) as {
      metaData: { remoteEntry: { name: string; path: string } };
    };
    const entry = await fetch(
      new URL(path.posix.join(metaData.remoteEntry.path, metaData.remoteEntry.name), manifestUrl),
    );
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toMatch(/javascript/);
  });
});
