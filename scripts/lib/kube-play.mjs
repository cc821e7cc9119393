// Plays the Kubernetes manifests on one machine with `podman kube play`: the deployment test and the load runs.
//
// The overlay (deploy/k8s/overlays/podman by default) is rendered with the project's pinned kubectl; then what a
// single host cannot give as a cluster does is filled in, in the rendered objects only:
//   - no cluster network: every pod uses the host's (hostNetwork), each deployable on its own free port, and the
//     Service addresses (http://accounts:3101) become the loopback with that port;
//   - no Secret store: the agora-secrets references become the values given here;
//   - no Job controller: the migration Job's pod template is played as a Pod that runs once, before the rest;
//   - Services, PodDisruptionBudgets, the Ingress and the Namespace have no podman counterpart and are left out.
// Pods and volumes are named after the run, so that runs and other sites on the machine do not meet.
//
// For the load runs (bench/rollout.mjs) a Service with several endpoints is emulated: `servicePorts` gives the
// address the others call a service at (an endpoint proxy's, `startServiceProxy`), apart from the port its pod
// listens on, and `addPod` plays one more pod of a Deployment (a second replica, or the new version of a rolling
// update) on a port of its own, with another image tag if asked.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseAllDocuments, stringify } from 'yaml';
import { kubectl } from '../kubectl.mjs';
import { podman, podmanEnv, podmanOut } from './podman.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const SERVICE_URL = /^http:\/\/(gateway|accounts|library|consultation|mailing):\d+$/;
const PLAYED = new Set(['Deployment', 'ConfigMap', 'PersistentVolumeClaim']);

/** The rendered objects of a kustomization folder. */
export function render(dir) {
  const r = spawnSync(kubectl(), ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.status !== 0) throw new Error(`kubectl kustomize ${dir}: ${r.stderr || r.error}`);
  return parseAllDocuments(r.stdout)
    .map((d) => d.toJS())
    .filter(Boolean);
}

/**
 * The objects to play: `run` prefixes the names, `ports` gives each Deployment's port (`metricsPorts` its metrics
 * listener's: on the host's network they cannot all have 9464; a Deployment without one serves no metrics), `secrets` the values of
 * agora-secrets, `settings` values merged into agora-settings (a queue prefix of the run's own on a shared Redis),
 * `servicePorts` the port that the others reach a service at when it is not its pod's (an endpoint proxy's),
 * `imageTag` the tag of every image instead of the overlay's. Answers { migrate: [objects], site: [objects] }.
 */
export function forPodman(
  objects,
  { run, ports, metricsPorts = {}, secrets, settings = {}, servicePorts = {}, imageTag },
) {
  const pvcs = new Map();
  const pods = [];
  const out = { migrate: [], site: [] };
  const configMaps = new Map();
  for (const o of objects) {
    if (o.kind === 'ConfigMap' && o.metadata.name.startsWith('agora-settings'))
      o.data = { ...o.data, ...settings };
    const names = { PersistentVolumeClaim: pvcs, ConfigMap: configMaps }[o.kind];
    if (names) {
      names.set(o.metadata.name, `${run}-${o.metadata.name}`);
      o.metadata.name = `${run}-${o.metadata.name}`;
    }
  }
  const podOf = (o, template) => {
    const spec = template.spec;
    spec.hostNetwork = true;

    // (podman keeps a ConfigMap mounted as a folder in a volume of the ConfigMap's name)
    for (const v of spec.volumes ?? []) {
      if (v.persistentVolumeClaim)
        v.persistentVolumeClaim.claimName = pvcs.get(v.persistentVolumeClaim.claimName);
      if (v.configMap) v.configMap.name = configMaps.get(v.configMap.name);
    }
    const port = ports[o.metadata.name];
    for (const c of [...(spec.initContainers ?? []), ...spec.containers]) {
      const env = [];
      for (const e of c.env ?? []) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref) {
          if (secrets[ref.key] === undefined) throw new Error(`no value for the secret key ${ref.key}`);
          env.push({ name: e.name, value: secrets[ref.key] });
        } else if (e.name === 'PORT' && port) env.push({ name: e.name, value: String(port) });
        else if (e.name === 'METRICS_PORT') {
          const metrics = metricsPorts[o.metadata.name];
          if (metrics) env.push({ name: e.name, value: String(metrics) });
        } else if (typeof e.value === 'string' && SERVICE_URL.test(e.value)) {
          const svc = SERVICE_URL.exec(e.value)[1];
          env.push({ name: e.name, value: `http://127.0.0.1:${servicePorts[svc] ?? ports[svc]}` });
        } else env.push(e);
      }
      if (c.env) c.env = env;
      if (imageTag) c.image = withTag(c.image, imageTag);
      for (const f of c.envFrom ?? [])
        if (f.configMapRef) f.configMapRef.name = configMaps.get(f.configMapRef.name);
      // On the host's network a process's port is its own: podman refuses port mappings there, and the probes
      // name the port by number.
      delete c.ports;
      probesOn(c, port);
    }
    return spec;
  };
  for (const o of objects) {
    if (o.kind === 'Job') {
      const spec = podOf(o, o.spec.template);
      out.migrate.push({
        apiVersion: 'v1',
        kind: 'Pod',
        metadata: { name: `${run}-${o.metadata.name}`, labels: o.spec.template.metadata?.labels },
        spec,
      });
      continue;
    }
    if (!PLAYED.has(o.kind)) continue;
    if (o.kind === 'Deployment') {
      const spec = podOf(o, o.spec.template);
      o.metadata.name = `${run}-${o.metadata.name}`;
      pods.push(o);
      // podman 4.3 may try to remove a finished init container while it is still running (and then fails the
      // whole play): the init containers run as a pod of their own, to their end, before the Deployment's pod.
      if (spec.initContainers?.length) {
        const mounted = new Set(
          spec.initContainers.flatMap((c) => (c.volumeMounts ?? []).map((m) => m.name)),
        );
        out.migrate.push({
          apiVersion: 'v1',
          kind: 'Pod',
          metadata: { name: `${o.metadata.name}-init` },
          spec: {
            ...spec,
            restartPolicy: 'Never',
            initContainers: undefined,
            containers: spec.initContainers,
            volumes: (spec.volumes ?? []).filter((v) => mounted.has(v.name)),
          },
        });
        delete spec.initContainers;
      }
    } else out.site.push(o);
  }
  // The ConfigMaps and volumes first: kube play reads them before the pods that use them. The volumes are made
  // once, by the first play.
  out.migrate.unshift(...out.site);
  out.site = [...out.site.filter((o) => o.kind === 'ConfigMap'), ...pods];
  return out;
}

/** A container's HTTP probes on `port` (when given): on the host's network they name the port by number. */
function probesOn(container, port) {
  for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
    if (container[probe]?.httpGet && port) container[probe].httpGet.port = port;
}

/** `image` with the tag `tag` instead of its own. */
const withTag = (image, tag) => `${image.replace(/:[^:/]+$/, '')}:${tag}`;

/** The pod name that `podman kube play` gives a Deployment's (its one replica) or a Pod's object. */
export const podName = (o) => (o.kind === 'Deployment' ? `${o.metadata.name}-pod-0` : o.metadata.name);

/**
 * Plays `overlay` for a run named `run`: renders it, runs the migration pod to its end (it must exit 0), then
 * plays the site. Answers the played files and `down()`, which removes the pods and the run's volumes.
 */
export async function playKube({
  overlay = path.join(ROOT, 'deploy/k8s/overlays/podman'),
  log = () => {},
  ...options
}) {
  const { run } = options;
  const { migrate, site } = forPodman(render(overlay), options);
  const dir = mkdtempSync(path.join(os.tmpdir(), `agora-kube-${run}-`));
  const files = { migrate: path.join(dir, 'migrate.yaml'), site: path.join(dir, 'site.yaml') };
  writeFileSync(files.migrate, migrate.map((o) => stringify(o)).join('---\n'));
  writeFileSync(files.site, site.map((o) => stringify(o)).join('---\n'));
  const volumes = migrate.filter((o) => o.kind !== 'Pod').map((o) => o.metadata.name);
  const pods = [...migrate, ...site].filter((o) => o.kind === 'Pod' || o.kind === 'Deployment').map(podName);
  const down = async () => {
    // Each pod by name (`kube down` stops at the first pod that a failed play never made); what is missing is
    // no error here.
    for (const p of pods)
      await podman(['pod', 'rm', '--force', '--time', '10', p], { silent: true }).catch(() => {});
    for (const v of volumes) await podman(['volume', 'rm', '--force', v], { silent: true }).catch(() => {});
    rmSync(dir, { recursive: true, force: true });
  };
  /**
   * Plays one more pod of the played Deployment `name`: a copy named `<run>-<name>-<suffix>` listening on `port`
   * (its probes too), with the image tag `tag` if given and no metrics listener (its port is the first pod's).
   * Answers its pod's name; `down()` removes it with the others.
   */
  const addPod = async (name, { suffix, port, tag }) => {
    const played = site.find((o) => o.kind === 'Deployment' && o.metadata.name === `${run}-${name}`);
    if (!played) throw new Error(`no Deployment ${name} was played`);
    const o = structuredClone(played);
    o.metadata.name = `${run}-${name}-${suffix}`;
    const spec = o.spec.template.spec;
    for (const c of spec.containers) {
      if (tag) c.image = withTag(c.image, tag);
      c.env = (c.env ?? [])
        .filter((e) => e.name !== 'METRICS_PORT')
        .map((e) => (e.name === 'PORT' && port ? { name: e.name, value: String(port) } : e));
      probesOn(c, port);
    }
    const used = new Set([
      ...spec.containers.flatMap((c) => (c.envFrom ?? []).map((f) => f.configMapRef?.name)),
      ...(spec.volumes ?? []).map((v) => v.configMap?.name),
    ]);
    const file = path.join(dir, `${o.metadata.name}.yaml`);
    const objects = [...site.filter((c) => c.kind === 'ConfigMap' && used.has(c.metadata.name)), o];
    writeFileSync(file, objects.map((c) => stringify(c)).join('---\n'));
    pods.push(podName(o));
    await podman(['kube', 'play', file], { quiet: true });
    return podName(o);
  };
  /** Stops a pod as the kubelet does (SIGTERM, then SIGKILL after `graceSeconds`) and removes it. */
  const removePod = (pod, graceSeconds) =>
    podman(['pod', 'rm', '--force', '--time', String(graceSeconds), pod], { quiet: true });
  try {
    log(`kube: the one-shot pods (the migration job, the gateway's remotes seeding)`);
    await podman(['kube', 'play', files.migrate], { quiet: true });
    for (const pod of migrate.filter((o) => o.kind === 'Pod')) {
      for (const c of pod.spec.containers) {
        const container = `${podName(pod)}-${c.name}`;
        const code = podmanOut(['wait', container]);
        if (code !== '0') {
          const logs = spawnSync('podman', ['logs', container], { encoding: 'utf8', env: podmanEnv() });
          throw new Error(`${container} exited with ${code}: ${logs.stdout}${logs.stderr}`);
        }
      }
    }
    log(
      `kube: site (${site
        .filter((o) => o.kind === 'Deployment')
        .map((o) => o.metadata.name)
        .join(', ')})`,
    );
    await podman(['kube', 'play', files.site], { quiet: true });
  } catch (e) {
    await down();
    throw e;
  }
  return { files, migrate, site, down, addPod, removePod };
}

/**
 * A Service with several endpoints on one machine, in place of kube-proxy and the endpoints controller: a TCP
 * proxy on 127.0.0.1:`port` that sends each new connection to the next ready endpoint (round robin). An endpoint
 * (a pod's port) joins when its readiness probe (`probe`: the Deployment's readinessProbe, path and periods)
 * answers 200, leaves after `failureThreshold` failed probes, and is taken out at once by `remove()`, as a
 * terminating pod leaves the endpoints before it is stopped. Connections already made stay with their endpoint;
 * one that the endpoint resets is reset towards the client too. With no endpoint ready a connection is reset.
 * Each endpoint counts the connections sent to it and the HTTP answers it gave.
 */
const STATUS_LINE = /HTTP\/1\.[01] \d{3} /g;

export async function startServiceProxy({ port = 0, probe, log = () => {} }) {
  const endpoints = new Map();
  let turn = 0;
  const sockets = new Set();
  const server = net.createServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    const ready = [...endpoints.values()].filter((e) => e.ready);
    if (ready.length === 0) {
      client.resetAndDestroy();
      return;
    }
    const e = ready[turn++ % ready.length];
    e.connections++;
    const upstream = net.connect(e.port, '127.0.0.1');
    sockets.add(upstream);
    upstream.on('close', () => sockets.delete(upstream));
    client.pipe(upstream);
    upstream.pipe(client);
    // the answers it gave, counted by their status lines (a line split between two chunks is found too)
    let tail = '';
    upstream.on('data', (chunk) => {
      const text = tail + chunk.toString('latin1');
      e.answers += text.match(STATUS_LINE)?.length ?? 0;
      tail = text.slice(-16);
    });
    upstream.on('error', () => client.resetAndDestroy());
    client.on('error', () => upstream.destroy());
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const check = async (e) => {
    const ok = await fetch(`http://127.0.0.1:${e.port}${probe.path}`, {
      signal: AbortSignal.timeout((probe.timeoutSeconds ?? 1) * 1000),
    }).then(
      async (res) => (await res.body?.cancel(), res.status === 200),
      () => false,
    );
    if (!endpoints.has(e.port)) return;
    e.failures = ok ? 0 : e.failures + 1;
    if (ok && !e.ready) {
      e.ready = true;
      e.readyAt = Date.now();
      log(`endpoint ${e.port} ready`);
    } else if (!ok && e.ready && e.failures >= (probe.failureThreshold ?? 3)) {
      e.ready = false;
      log(`endpoint ${e.port} not ready`);
    }
  };
  const timer = setInterval(
    () => {
      for (const e of endpoints.values()) void check(e);
    },
    (probe.periodSeconds ?? 10) * 1000,
  );
  return {
    port: server.address().port,
    /** Adds an endpoint (not ready until its probe answers 200); answers it. */
    add(endpointPort, label = String(endpointPort)) {
      const e = {
        port: endpointPort,
        label,
        ready: false,
        failures: 0,
        connections: 0,
        answers: 0,
        readyAt: null,
      };
      endpoints.set(endpointPort, e);
      void check(e);
      return e;
    },
    /** Takes an endpoint out at once (new connections go to the others). */
    remove(endpointPort) {
      endpoints.delete(endpointPort);
    },
    endpoints: () => [...endpoints.values()].map((e) => ({ ...e })),
    close: async () => {
      clearInterval(timer);
      const closed = new Promise((resolve) => server.close(() => resolve()));
      for (const s of sockets) s.destroy();
      await closed;
    },
  };
}
