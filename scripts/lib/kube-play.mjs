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
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
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
 * agora-secrets, `settings` values merged into agora-settings (a queue prefix of the run's own on a shared Redis). Answers { migrate: [objects], site: [objects] }.
 */
export function forPodman(objects, { run, ports, metricsPorts = {}, secrets, settings = {} }) {
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
          env.push({ name: e.name, value: `http://127.0.0.1:${ports[svc]}` });
        } else env.push(e);
      }
      if (c.env) c.env = env;
      for (const f of c.envFrom ?? [])
        if (f.configMapRef) f.configMapRef.name = configMaps.get(f.configMapRef.name);
      // On the host's network a process's port is its own: podman refuses port mappings there, and the probes
      // name the port by number.
      delete c.ports;
      for (const probe of ['startupProbe', 'livenessProbe', 'readinessProbe'])
        if (c[probe]?.httpGet && port) c[probe].httpGet.port = port;
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

/** The pod name that `podman kube play` gives a Deployment's (its one replica) or a Pod's object. */
export const podName = (o) => (o.kind === 'Deployment' ? `${o.metadata.name}-pod-0` : o.metadata.name);

/**
 * Plays `overlay` for a run named `run`: renders it, runs the migration pod to its end (it must exit 0), then
 * plays the site. Answers the played files and `down()`, which removes the pods and the run's volumes.
 */
export async function playKube({
  run,
  ports,
  metricsPorts,
  secrets,
  settings,
  overlay = path.join(ROOT, 'deploy/k8s/overlays/podman'),
  log = () => {},
}) {
  const { migrate, site } = forPodman(render(overlay), { run, ports, metricsPorts, secrets, settings });
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
  return { files, migrate, site, down };
}
