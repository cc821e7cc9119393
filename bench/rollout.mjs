#!/usr/bin/env node
// A rolling update, a rollback, a killed service, two replicas and a remote's rollback, all under load: the
// Kubernetes manifests (deploy/k8s/overlays/podman) played with podman as the deployment test plays them
// (scripts/lib/kube-play.mjs), against a fresh database on the machine's PostgreSQL and its Redis.
//
//   node bench/rollout.mjs [--rate 20] [--users 8] [--steady 10] [--replicas-s 30] [--invitations 200]
//                          [--keep-images]
//   node bench/rollout.mjs launcher [--rate 20] [--users 8] [--steady 10]
//
// The load, in a process of its own: `--users` participants post answers with a point geometry
// (POST /api/data/scope/attribute) and read what the public and participant pages read (GET /api/profile,
// /api/category, their map layer /api/data/scope/geojson/project/…, /api/?action=documentation&uri=… of a public page), and the administrator
// reads the mail templates (/api/mailTemplate): one request of each service's paths, `--rate` requests/s in all,
// from the first phase to the last (at most 15 minutes, at most 20,000 requests). The phases, one after the other:
//   a. consultation replaced by a new image version (tag rollout-b) and rolled back (rollout-a), as the
//      Deployment's strategy says (maxSurge 1, maxUnavailable 0: the new pod first, ready, then the old one
//      leaves the endpoints and is stopped with its terminationGracePeriodSeconds);
//   b. the library's process killed (SIGKILL): podman starts it again (the pod's restartPolicy Always); the time
//      to recovery is from the kill to the first answer of a library path through the gateway;
//   c. two pods of consultation and two of the mail worker, for `--replicas-s` seconds, while the administrator
//      sends `--invitations` invitations (their mails go to a counting SMTP sink on 127.0.0.1);
//   d. the remote mf-consultation published as a new version (a copy of this build's folder under another
//      version: the same files), switched to in the registry and rolled back, checked at /remotes.json and by
//      fetching each version's manifest and remote entry.
// `launcher`: phase b on the one-machine distributed launcher instead (each service and the gateway a process of
// its own, `npm run start:distributed`'s startDistributed, fresh database): the library's process killed with
// SIGKILL and started again by the launcher's restart with back-off, under the same load.
// Then the database is compared with the answers acknowledged (each 2xx answer post stored exactly once, nothing
// else stored) and the sink with the mails sent (each once).
//
// kube play has no Services: consultation is reached through an endpoint proxy in this process
// (startServiceProxy of kube-play.mjs), which plays kube-proxy and the endpoints controller: an endpoint joins
// when its readiness probe (/ready) answers 200 and leaves before its pod is stopped. The other services are
// one pod each, reached directly.
//
// Images: `node scripts/images.mjs --tag rollout-a` (every deployable) and `--only consultation --tag rollout-b`
// (a second build of the same checkout under another tag) are built when missing, and removed at the end unless
// `--keep-images`. The run's pods, volumes, database and queue keys are removed at the end. Results: a markdown
// table on stdout and bench/results/rollout.json.
import { fork, spawnSync } from 'node:child_process';
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  apiLogin,
  ensureBuilt,
  machine,
  markdownTable,
  numberArg,
  registerParticipant,
  ROOT,
  startBenchStack,
  stopOnSignal,
  writeResults,
} from './lib/common.mjs';
import { CENTRE, HALF, createMapTopic } from './lib/geo.mjs';
import { tallyAtSink, waitUntil } from './lib/mail-bench.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';
import { playKube, render, startServiceProxy } from '../scripts/lib/kube-play.mjs';
import { hasImage, podman, podmanEnv, podmanOut } from '../scripts/lib/podman.mjs';
import { freePort, withIdentityKeys } from '../scripts/lib/stack.mjs';

const argv = process.argv.slice(2);
const RATE = numberArg(argv, '--rate', 20, 100);
const USERS = numberArg(argv, '--users', 8, 50);
const STEADY_S = numberArg(argv, '--steady', 10, 120);
const REPLICAS_S = numberArg(argv, '--replicas-s', 30, 300);
const INVITATIONS = numberArg(argv, '--invitations', 200, 2000);
const KEEP_IMAGES = argv.includes('--keep-images');
const MAX_LOAD_S = 15 * 60;
const MAX_REQUESTS = 20_000;

const TAG_A = 'rollout-a';
const TAG_B = 'rollout-b';
const DEPLOYABLES = ['gateway', 'accounts', 'library', 'consultation', 'mailing', 'mail-worker', 'migrate'];
const SERVICES = ['accounts', 'library', 'consultation', 'mailing'];
const REMOTE = 'mf-consultation';
const REMOTE_KEY = 'mf_consultation';
const INVITE_CATEGORY = 'urban-mobility';

const log = (m) => console.error(`[${new Date().toISOString().slice(11, 19)}] ${m}`);
const round = (n, d = 1) => Math.round(n * 10 ** d) / 10 ** d;

// ---------------------------------------------------------------------------------------------------------------
// The load (in a child process, so that it never shares the event loop of the endpoint proxy)

const randomPoint = () => ({
  type: 'Point',
  coordinates: [
    CENTRE.lng + (Math.random() * 2 - 1) * HALF * 0.9,
    CENTRE.lat + (Math.random() * 2 - 1) * HALF * 0.9,
  ],
});

/** Each user's turn of requests: [service, method, path, body?]; the administrator's are its own. */
function userRequests(job) {
  return [
    ['consultation', 'POST', '/api/data/scope/attribute', 'answer'],
    ['accounts', 'GET', '/api/profile'],
    ['consultation', 'GET', '/api/category'],
    ['consultation', 'GET', `/api/data/scope/geojson/project/${job.project}?layer=mine`],
    ['library', 'GET', `/api/?action=documentation&uri=${job.page}`],
  ];
}
const ADMIN_REQUESTS = [['mailing', 'GET', '/api/mailTemplate']];

async function loadMain(job) {
  const records = []; // [ms since epoch, service, status (0: no answer)]
  const acknowledged = [];
  const refused = []; // answer posts without a 2xx
  const failed = []; // 5xx or no answer: what and when
  let stopped = false;
  process.on('message', (m) => {
    if (m === 'stop') stopped = true;
  });
  const deadline = Date.now() + MAX_LOAD_S * 1000;
  const actors = [
    ...job.users.map((u) => ({ ...u, turn: userRequests(job) })),
    { ...job.admin, turn: ADMIN_REQUESTS },
  ];
  // every actor paces itself so that the actors together send `rate` requests/s
  const intervalMs = (actors.length * 1000) / job.rate;
  const one = async (actor, [service, method, url, body]) => {
    const payload =
      body === 'answer' ? { attribute: job.attribute, node: job.node, geometry: randomPoint() } : undefined;
    let status;
    let answer = null;
    let error = null;
    try {
      const res = await fetch(`${job.url}${url}`, {
        method,
        headers: {
          cookie: actor.header,
          'x-csrf-token': actor.csrf,
          ...(payload ? { 'content-type': 'application/json' } : {}),
        },
        body: payload ? JSON.stringify(payload) : undefined,
        signal: AbortSignal.timeout(60_000),
      });
      status = res.status;
      const text = await res.text();
      if (payload && status < 300) answer = JSON.parse(text);
      else if (status >= 500) error = text.slice(0, 200);
    } catch (e) {
      status = 0;
      error = String(e);
    }
    records.push([Date.now(), service, status]);
    if (status === 0 || status >= 500) failed.push({ at: Date.now(), service, method, url, status, error });
    if (payload) {
      if (status >= 200 && status < 300) acknowledged.push(answer.token);
      else refused.push(status);
    }
  };
  await Promise.all(
    actors.map(async (actor, a) => {
      let n = a; // actors start at different requests of their turn
      await new Promise((r) => setTimeout(r, (intervalMs * a) / actors.length));
      while (!stopped && Date.now() < deadline && records.length < MAX_REQUESTS) {
        const started = Date.now();
        await one(actor, actor.turn[n++ % actor.turn.length]);
        const left = intervalMs - (Date.now() - started);
        if (left > 0) await new Promise((r) => setTimeout(r, left));
      }
    }),
  );
  return { records, acknowledged, refused, failed };
}

function startLoad(job) {
  const child = fork(fileURLToPath(import.meta.url), ['--load'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const result = new Promise((resolve, reject) => {
    child.once('message', resolve);
    child.once('error', reject);
    child.once('exit', (code) => code !== 0 && reject(new Error(`the load process exited with ${code}`)));
  });
  child.send(job);
  return { stop: () => (child.send('stop'), result), child };
}

// ---------------------------------------------------------------------------------------------------------------
// The site

function ensureImages() {
  const made = [];
  const build = (args) => {
    const r = spawnSync(process.execPath, ['scripts/images.mjs', ...args], {
      cwd: ROOT,
      stdio: 'inherit',
    });
    if (r.status !== 0) throw new Error(`scripts/images.mjs ${args.join(' ')} failed with ${r.status}`);
  };
  const missing = DEPLOYABLES.filter((d) => !hasImage(`localhost/agora/${d}:${TAG_A}`));
  if (missing.length) {
    log(`building the images ${missing.join(', ')} (${TAG_A})`);
    build(['--only', missing.join(','), '--tag', TAG_A]);
    made.push(...missing.map((d) => `localhost/agora/${d}:${TAG_A}`));
  }
  if (!hasImage(`localhost/agora/consultation:${TAG_B}`)) {
    log(`building consultation (${TAG_B})`);
    build(['--only', 'consultation', '--tag', TAG_B]);
    made.push(`localhost/agora/consultation:${TAG_B}`);
  }
  return made;
}

/** The questionnaire, a public page and the participants on `site`, and the load started on them. */
async function prepareLoad(site) {
  const admin = await apiLogin(site, 'admin', ADMIN_PASSWORD);
  const q = await createMapTopic(admin.client, 'rollout', 999_999);
  const attribute = await admin.client.POST('/api/attribute', {
    body: {
      node: q.topic.token,
      name: 'Rollout point',
      mname: 'rollout-point',
      has_geometry: true,
      geom_type: 'point',
      geom_color: '#2b6cb0',
      max_geom: 999_999,
    },
  });
  // a public documentation page, read by the participants (the library's part of the load)
  const page = new FormData();
  for (const [k, v] of Object.entries({
    uri: 'rollout-about',
    title: 'About',
    comment: '',
    type: 'html',
  }))
    page.set(k, v);
  page.set('html', '<p>About the consultation.</p>');
  const created = await fetch(`${site}/api/documentation`, {
    method: 'POST',
    headers: { cookie: admin.header, 'x-csrf-token': admin.cookies.token },
    body: page,
  });
  if (created.status !== 200) throw new Error(`POST /api/documentation: HTTP ${created.status}`);
  const users = [];
  for (let i = 0; i < USERS; i++) {
    const s = await registerParticipant(site, `rollout${i}`, `Rollout ${i}`, q.category.token);
    users.push({ header: s.header, csrf: s.cookies.token });
  }
  const load = startLoad({
    url: site,
    rate: RATE,
    users,
    admin: { header: admin.header, csrf: admin.cookies.token },
    project: q.project.token,
    page: 'rollout-about',
    node: q.topic.token,
    attribute: attribute.token,
  });
  return { admin, q, load };
}

/** The rendered Deployment `name`'s rolling-update settings and readiness probe. */
function deploymentSettings(name) {
  const d = render(path.join(ROOT, 'deploy/k8s/overlays/podman')).find(
    (o) => o.kind === 'Deployment' && o.metadata.name === name,
  );
  const c = d.spec.template.spec.containers[0];
  return {
    strategy: d.spec.strategy,
    graceSeconds: d.spec.template.spec.terminationGracePeriodSeconds ?? 30,
    readiness: c.readinessProbe ? { path: c.readinessProbe.httpGet.path, ...c.readinessProbe } : null,
    preStop: c.lifecycle?.preStop ?? null,
  };
}

/** A fresh database of the run's own on the machine's PostgreSQL (TEST_DATABASE_URL names the server). */
async function createDatabase(run) {
  const server = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = `agora_rollout_${run}`;
  const onServer = async (sql) => {
    const c = new pg.Client({ connectionString: server });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  await onServer(`CREATE DATABASE ${name}`);
  const url = new URL(server);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => onServer(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`),
  };
}

const status = (url) =>
  fetch(url, { signal: AbortSignal.timeout(3000) }).then(
    async (r) => (await r.body?.cancel(), r.status),
    () => 0,
  );

/** Polls a pod's port until its readiness path answers 200 (through the proxy's view when it is an endpoint). */
const endpointReady = (proxy, port, what) =>
  waitUntil(
    () => proxy.endpoints().find((e) => e.port === port)?.ready ?? false,
    Boolean,
    what,
    300_000,
    200,
  );

// ---------------------------------------------------------------------------------------------------------------

async function main() {
  const run = `ro${Date.now().toString(36)}`;
  const results = {
    machine: machine(),
    when: new Date().toISOString(),
    rate: RATE,
    users: USERS,
    phases: {},
  };
  const madeImages = ensureImages();
  const consultation = deploymentSettings('consultation');
  const mailWorker = deploymentSettings('mail-worker');
  results.consultationDeployment = consultation;
  const db = await createDatabase(run);
  const sink = await startSmtpSink();
  const taken = new Set();
  const nextPort = async () => {
    let p = await freePort();
    while (taken.has(p)) p = await freePort();
    taken.add(p);
    return p;
  };
  const ports = {};
  for (const d of ['gateway', 'accounts', 'library', 'consultation', 'mailing']) ports[d] = await nextPort();
  const proxy = await startServiceProxy({
    port: await nextPort(),
    probe: consultation.readiness,
    log: (m) => log(`consultation service: ${m}`),
  });
  const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
  let played;
  const cleanup = async () => {
    if (played) await played.down();
    // stopped while the manifests were being played: the run's pods and volumes by their names
    else
      for (const kind of ['pod', 'volume'])
        for (const name of podmanOut([kind, 'ls', '--format', '{{.Name}}']).split('\n'))
          if (name.startsWith(`${run}-`))
            await podman([kind, 'rm', '--force', name], { quiet: true }).catch(() => undefined);
    await proxy.close();
    await sink.close();
    await db.drop().catch((e) => log(`dropping the database: ${e.message}`));
    const testing = await import('@agora/common/testing');
    if (typeof testing.deleteRedisKeys === 'function')
      await testing.deleteRedisKeys(redisUrl, `${run}:*`).catch(() => undefined);
    if (!KEEP_IMAGES && madeImages.length)
      await podman(['rmi', '--force', ...madeImages], { quiet: true }).catch(() => undefined);
  };
  stopOnSignal(cleanup);
  try {
    log(`playing the manifests (${run}, images ${TAG_A})`);
    played = await playKube({
      run,
      ports,
      imageTag: TAG_A,
      servicePorts: { consultation: proxy.port },
      settings: { QUEUE_PREFIX: run },
      secrets: {
        ...withIdentityKeys({}),
        DATABASE_URL: db.url,
        REDIS_URL: redisUrl,
        SMTP_URL: `smtp://127.0.0.1:${sink.port}`,
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
      },
      log,
    });
    // the first pod of consultation is the Deployment's own
    let consultationPods = [
      {
        pod: `${run}-consultation-pod-0`,
        port: ports.consultation,
        tag: TAG_A,
      },
    ];
    proxy.add(ports.consultation, TAG_A);
    const site = `http://127.0.0.1:${ports.gateway}`;
    await waitUntil(
      () => status(`${site}/ready`),
      (s) => s === 200,
      'the site ready',
      300_000,
      500,
    );
    log('site ready: the questionnaire and the participants');
    const { admin, q, load } = await prepareLoad(site);
    const phase = phaseRunner(results);
    await phase('steady', async () => (await wait(STEADY_S), {}));

    /** One rolling update of consultation's pods to `tag`: maxSurge new pods first, then each old one leaves. */
    const rollTo = async (tag, suffix) => {
      const steps = [];
      const old = consultationPods;
      const next = [];
      for (const [i, o] of old.entries()) {
        const port = await nextPort();
        const t0 = Date.now();
        const pod = await played.addPod('consultation', {
          suffix: `${suffix}${i}`,
          port,
          tag,
        });
        proxy.add(port, tag);
        await endpointReady(proxy, port, `consultation ${tag} ready`);
        const readyS = round((Date.now() - t0) / 1000);
        // Kubernetes takes a terminating pod out of the endpoints, runs its preStop hook, then SIGTERM
        proxy.remove(o.port);
        const t1 = Date.now();
        await played.removePod(o.pod, consultation.graceSeconds);
        steps.push({
          from: o.tag,
          to: tag,
          newReadyS: readyS,
          oldStoppedS: round((Date.now() - t1) / 1000),
        });
        next.push({ pod, port, tag });
      }
      consultationPods = next;
      return steps;
    };
    await phase('a', async () => ({
      update: await rollTo(TAG_B, 'b'),
      rollback: await rollTo(TAG_A, 'a'),
      images: consultationPods.map((p) =>
        podmanOut(['inspect', '--format', '{{.ImageName}}', `${p.pod}-consultation`]),
      ),
    }));

    await phase('b', async () => {
      const container = `${run}-library-pod-0-library`;
      const pid = Number(podmanOut(['inspect', '--format', '{{.State.Pid}}', container]));
      const measured = await killAndRecover({
        site,
        pid,
        readyUrl: `http://127.0.0.1:${ports.library}/ready`,
        restarted: () => {
          const [p, running] = podmanOut([
            'inspect',
            '--format',
            '{{.State.Pid}} {{.State.Running}}',
            container,
          ]).split(' ');
          return Number(p) !== pid && running === 'true';
        },
      });
      return {
        ...measured,
        restartCount: Number(podmanOut(['inspect', '--format', '{{.RestartCount}}', container])),
      };
    });

    let mails;
    await phase('c', async () => {
      const port = await nextPort();
      const pod = await played.addPod('consultation', {
        suffix: 'c',
        port,
        tag: TAG_A,
      });
      proxy.add(port, TAG_A);
      consultationPods.push({ pod, port, tag: TAG_A });
      const worker = await played.addPod('mail-worker', { suffix: 'c' });
      await endpointReady(proxy, port, 'the second consultation pod ready');
      const before = Object.fromEntries(proxy.endpoints().map((e) => [e.port, e]));
      const t0 = Date.now();
      // the invitations, their mails sent by the two workers
      const form = new FormData();
      const lines = ['firstname,lastname,email,category_1,role_1'];
      for (let i = 0; i < INVITATIONS; i++)
        lines.push(`Rollout,Invitee ${i},invitee-${run}-${i}@example.org,${INVITE_CATEGORY},normal`);
      form.set('file', new Blob([`${lines.join('\r\n')}\r\n`], { type: 'text/csv' }), 'invitations.csv');
      form.set('message', 'You are invited to the consultation.');
      form.set('locale', 'en');
      const call = async (url, body) => {
        const res = await fetch(`${site}${url}`, {
          method: 'POST',
          headers: {
            cookie: admin.header,
            'x-csrf-token': admin.cookies.token,
            ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
          },
          body: body instanceof FormData ? body : JSON.stringify(body),
        });
        const answer = await res.json();
        if (res.status !== 200)
          throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 300)}`);
        return answer;
      };
      const validated = await call('/api/invitation/scope/validate', form);
      const rows = validated.values
        .filter((r) => r.valid && r.invite)
        .map(({ firstname, lastname, email, enrolment }) => ({
          firstname,
          lastname,
          email,
          enrolment,
        }));
      const sent = await call('/api/invitation/scope/send', {
        message: 'You are invited.',
        locale: 'en',
        rows,
      });
      mails = { batch: sent.batch, invited: sent.invited };
      // what each pod answered in the window's first half, and in its second (the gateway's connections to the
      // first pod are renewed every 100 answers, and the new ones spread over both)
      const shares = (from) =>
        proxy.endpoints().map((e) => ({
          tag: e.label,
          port: e.port,
          connections: e.connections - (from[e.port]?.connections ?? 0),
          answers: e.answers - (from[e.port]?.answers ?? 0),
        }));
      const half = REPLICAS_S * 500 - (Date.now() - t0);
      if (half > 0) await wait(half / 1000);
      const middle = Object.fromEntries(proxy.endpoints().map((e) => [e.port, e]));
      const firstHalf = shares(before);
      const left = REPLICAS_S * 1000 - (Date.now() - t0);
      if (left > 0) await wait(left / 1000);
      const secondHalf = shares(middle);
      const served = proxy.endpoints().map((e) => ({
        tag: e.label,
        port: e.port,
        connections: e.connections - (before[e.port]?.connections ?? 0),
        answers: e.answers - (before[e.port]?.answers ?? 0),
      }));
      // back to one pod of each, the second ones stopped as a scale-down stops them
      proxy.remove(port);
      await played.removePod(pod, consultation.graceSeconds);
      consultationPods = consultationPods.filter((p) => p.pod !== pod);
      await waitUntil(
        async () => await batchStatuses(db.url, mails.batch),
        (c) => (c.sent ?? 0) + (c.uncertain ?? 0) + (c.bounced ?? 0) + (c.failed ?? 0) === mails.invited,
        'the invitations sent',
        300_000,
        500,
      );
      await played.removePod(worker, mailWorker.graceSeconds);
      return {
        consultationPods: 2,
        mailWorkers: 2,
        served,
        firstHalf,
        secondHalf,
        invited: mails.invited,
      };
    });

    await phase('d', async () => {
      const store = podmanOut([
        'volume',
        'inspect',
        '--format',
        '{{.Mountpoint}}',
        `${run}-agora-remotes-store`,
      ]);
      const registryDir = podmanOut([
        'volume',
        'inspect',
        '--format',
        '{{.Mountpoint}}',
        `${run}-agora-remotes`,
      ]);
      const registryFile = path.join(registryDir, 'remotes.json');
      const registry = JSON.parse(readFileSync(registryFile, 'utf8'));
      const current = /\/remotes\/[^/]+\/([^/]+)\//.exec(registry[REMOTE_KEY])[1];
      const next = `${current}-rollout`;
      // publish: the same build under a new version folder (publicPath 'auto': the files do not name their folder)
      cpSync(path.join(store, REMOTE, current), path.join(store, REMOTE, next), { recursive: true });
      const served = async () => {
        const res = await fetch(`${site}/remotes.json`);
        const entry = (await res.json())[REMOTE_KEY];
        const manifest = await fetch(`${site}${entry}`);
        const m = manifest.status === 200 ? await manifest.json() : null;
        const entryFile = m?.metaData?.remoteEntry?.name;
        const base = entry.replace(/[^/]+$/, '');
        return {
          entry,
          manifest: manifest.status,
          remoteEntry: entryFile ? await status(`${site}${base}${entryFile}`) : null,
        };
      };
      const write = (version) =>
        writeFileSync(
          registryFile,
          `${JSON.stringify({ ...registry, [REMOTE_KEY]: `/remotes/${REMOTE}/${version}/mf-manifest.json` }, null, 2)}\n`,
        );
      const before = await served();
      write(next);
      const switched = await served();
      await wait(5);
      write(current);
      const rolledBack = await served();
      return { from: current, to: next, before, switched, rolledBack };
    });

    log('stopping the load');
    const loaded = await load.stop();
    results.load = summarise(loaded, results.phases);
    results.failed = loaded.failed.map((f) => ({
      ...f,
      phase: phaseAt(results.phases, f.at),
    }));
    // the gateway's own account of each 503: which service, and the error it met
    const gatewayLog = spawnSync('podman', ['logs', `${run}-gateway-pod-0-gateway`], {
      encoding: 'utf8',
      env: podmanEnv(),
      maxBuffer: 64 << 20,
    });
    results.gatewayUnavailable = `${gatewayLog.stdout}${gatewayLog.stderr}`
      .split('\n')
      .filter((l) => l.includes('service unavailable') || l.includes('retrying on a new connection'))
      .map((l) => {
        try {
          const { time, service, err, msg } = JSON.parse(l);
          return {
            time,
            phase: phaseAt(results.phases, time),
            service,
            err,
            msg,
          };
        } catch {
          return { line: l.slice(0, 300) };
        }
      });
    results.answers = await auditAnswers(db.url, q.project.token, loaded);
    const mailRows = await queryMails(db.url, mails.batch);
    results.mails = {
      invited: mails.invited,
      ...tallyAtSink(sink, mailRows),
      receivedAtSink: sink.total(),
    };
    printTable(results);
    log(`results: ${await writeResults(process.env.BENCH_RESULT_NAME || 'rollout', results)}`);
  } finally {
    await cleanup();
  }
}

/**
 * Kills the library's process `pid` (SIGKILL) and measures its way back: until `restarted()` holds (a new
 * process), its `readyUrl` answers 200, and a library path through the gateway is answered by the library again
 * (anything but the gateway's 503 for a service that is down). Five seconds of load before and after.
 */
async function killAndRecover({ site, pid, readyUrl, restarted }) {
  await wait(5);
  const killedAt = Date.now();
  process.kill(pid, 'SIGKILL');
  await waitUntil(restarted, Boolean, 'the library restarted', 300_000, 200);
  const restartedAt = Date.now();
  await waitUntil(
    () => status(readyUrl),
    (s) => s === 200,
    'library ready',
    300_000,
    200,
  );
  const readyAt = Date.now();
  await waitUntil(
    () => status(`${site}/api/?action=documentation&uri=rollout-about`),
    (s) => s > 0 && s < 500,
    'library paths answer',
    300_000,
    200,
  );
  const answeredAt = Date.now();
  await wait(5);
  return {
    killed: 'library',
    killedAt,
    processRestartedS: round((restartedAt - killedAt) / 1000),
    readyS: round((readyAt - killedAt) / 1000),
    recoveredS: round((answeredAt - killedAt) / 1000),
  };
}

/**
 * Phase b on the one-machine distributed launcher (scripts/lib/stack.mjs `startDistributed`, what
 * `npm run start:distributed` runs): the same load, the library's process killed, restarted by the launcher
 * with its back-off.
 */
async function launcherMain() {
  ensureBuilt();
  const results = {
    machine: machine(),
    when: new Date().toISOString(),
    mode: 'distributed launcher',
    rate: RATE,
    users: USERS,
    phases: {},
  };
  let restarts = 0;
  let backoffMs = null;
  const stack = await startBenchStack({
    mode: 'distributed',
    log: (m) => {
      if (/^\[launcher\] library restarted/.test(m)) restarts++;
      const delay = /^\[launcher\] library .* restarting in (\d+) ms/.exec(m);
      if (delay) backoffMs = Number(delay[1]);
      if (m.startsWith('[launcher]')) log(m);
    },
  });
  stopOnSignal(() => stack.stop());
  try {
    const { q, load } = await prepareLoad(stack.url);
    const phase = phaseRunner(results);
    await phase('steady', async () => (await wait(STEADY_S), {}));
    await phase('b', async () => ({
      ...(await killAndRecover({
        site: stack.url,
        pid: stack.pids.library,
        readyUrl: `${stack.services.library}/ready`,
        restarted: () => restarts > 0,
      })),
      restartCount: restarts,
      // the launcher's wait before it started the process again; the rest is the library's start
      backoffMs,
    }));
    const loaded = await load.stop();
    results.load = summarise(loaded, results.phases);
    results.failed = loaded.failed.map((f) => ({
      ...f,
      phase: phaseAt(results.phases, f.at),
    }));
    results.answers = await auditAnswers(stack.databaseUrl, q.project.token, loaded);
    printPhases(results);
    console.log(
      `\nanswers: ${results.answers.posts2xx} 2xx posts, ${results.answers.stored} stored, ` +
        `${results.answers.missing} missing, ${results.answers.doubled} doubled; library killed: ` +
        `restarted after ${results.phases.b.processRestartedS} s, recovered in ${results.phases.b.recoveredS} s`,
    );
    log(`results: ${await writeResults(process.env.BENCH_RESULT_NAME || 'rollout-launcher', results)}`);
  } finally {
    await stack.stop();
  }
}

/** Runs `sql` with `params` on the database `url` (a connection of its own); answers its rows. */
async function query(url, sql, params) {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql, params)).rows;
  } finally {
    await c.end();
  }
}

/** An invitation batch's mails by status. */
async function batchStatuses(url, batch) {
  const rows = await query(
    url,
    `SELECT m.status, count(*)::int AS n FROM mailing.invitation i JOIN mailing.mail m ON m.id = i.mail_id
      WHERE i.batch = $1 GROUP BY m.status`,
    [batch],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

/** An invitation batch's mails: id and status. */
const queryMails = (url, batch) =>
  query(
    url,
    `SELECT m.id, m.status FROM mailing.invitation i JOIN mailing.mail m ON m.id = i.mail_id WHERE i.batch = $1`,
    [batch],
  );

const wait = (s) => new Promise((r) => setTimeout(r, s * 1000));

/** Runs a phase and records its window and what it answers in `results.phases`. */
const phaseRunner = (results) => async (name, body) => {
  const start = Date.now();
  log(`phase ${name}`);
  const details = await body();
  results.phases[name] = { start, end: Date.now(), ...details };
  log(`phase ${name} done in ${round((Date.now() - start) / 1000)} s`);
};

/** The phase that `at` (ms since the epoch) falls in. */
function phaseAt(phases, at) {
  return Object.entries(phases).find(([, p]) => at >= p.start && at <= p.end)?.[0] ?? null;
}

/** Each 2xx answer post stored once, nothing else stored. */
async function auditAnswers(url, project, { acknowledged, refused }) {
  const rows = await query(url, `SELECT token::text FROM consultation.answer WHERE project = $1`, [project]);
  const stored = new Map();
  for (const r of rows) stored.set(r.token, (stored.get(r.token) ?? 0) + 1);
  const acked = new Set(acknowledged);
  return {
    posts2xx: acknowledged.length,
    postsRefused: refused.length,
    stored: rows.length,
    missing: acknowledged.filter((t) => !stored.has(t)).length,
    doubled: [...stored.values()].filter((n) => n > 1).length + (acknowledged.length - acked.size),
    storedWithout2xx: rows.filter((r) => !acked.has(r.token)).length,
  };
}

/** Requests and failures (5xx or no answer) per phase and per service's paths. */
function summarise({ records }, phases) {
  const windows = Object.entries(phases).map(([name, p]) => [name, p.start, p.end]);
  const out = { requests: records.length, perPhase: {} };
  for (const [name, start, end] of windows) {
    const per = {};
    for (const s of SERVICES) per[s] = { requests: 0, failures: 0 };
    for (const [t, service, st] of records) {
      if (t < start || t > end) continue;
      per[service].requests++;
      if (st === 0 || st >= 500) per[service].failures++;
    }
    out.perPhase[name] = { seconds: round((end - start) / 1000), ...per };
  }
  out.failures = records.filter(([, , st]) => st === 0 || st >= 500).length;
  out.statuses = {};
  for (const [, , st] of records) out.statuses[st] = (out.statuses[st] ?? 0) + 1;
  return out;
}

function printPhases(r) {
  const rows = Object.entries(r.load.perPhase).map(([name, p]) => [
    name,
    p.seconds,
    SERVICES.map((s) => p[s].requests).reduce((a, b) => a + b, 0),
    ...SERVICES.map((s) => `${p[s].failures} / ${p[s].requests}`),
  ]);
  console.log(markdownTable(['phase', 's', 'requests', ...SERVICES.map((s) => `${s} failed / sent`)], rows));
}

function printTable(r) {
  printPhases(r);
  console.log();
  console.log(
    `answers: ${r.answers.posts2xx} 2xx posts, ${r.answers.stored} stored, ${r.answers.missing} missing, ` +
      `${r.answers.doubled} doubled, ${r.answers.storedWithout2xx} stored without a 2xx; ` +
      `mails: ${r.mails.invited} sent, ${r.mails.once} received once, ${r.mails.duplicates} twice or more, ` +
      `${r.mails.missing} never; library killed: recovered in ${r.phases.b.recoveredS} s; ` +
      `remote: ${r.phases.d.switched.entry} then ${r.phases.d.rolledBack.entry}`,
  );
}

if (argv.includes('--load')) {
  process.once('message', async (job) => {
    const result = await loadMain(job);
    process.send(result, () => process.exit(0));
  });
} else if (argv[0] === 'launcher') {
  await launcherMain();
} else {
  await main();
}
