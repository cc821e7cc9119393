#!/usr/bin/env node
// Checks the deployment files: deploy/Dockerfile, .dockerignore, deploy/compose.yaml, the remotes registries and
// the Kubernetes manifests (deploy/k8s: base and every overlay).
//
//   node scripts/check-deploy.mjs [--root <repository root>]
//
// Every YAML file under deploy/ must parse. The base and each overlay are rendered by `kubectl kustomize` (the
// project's pinned kubectl, scripts/kubectl.mjs); every rendered object must match the Kubernetes API schema
// (kubernetes-models, generated from the official OpenAPI definitions) and pass the project's own checks below.
// Exits 1 with one line per problem.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { DockerfileParser } from 'dockerfile-ast';
import YAML from 'yaml';
import { kubectl } from './kubectl.mjs';

// --- arguments and output -------------------------------------------------------------------------------------

const args = process.argv.slice(2);
let ROOT = path.resolve(import.meta.dirname, '..');
for (let i = 0; i < args.length; i++) {
  if (args[i] === '--root' && args[i + 1]) ROOT = path.resolve(args[++i]);
  else if (args[i] === '--help' || args[i] === '-h') {
    console.log('usage: node scripts/check-deploy.mjs [--root <repository root>]');
    process.exit(0);
  } else {
    console.error(`check-deploy: unknown argument ${args[i]}`);
    process.exit(2);
  }
}
const DEPLOY = path.join(ROOT, 'deploy');
const rel = (p) => path.relative(ROOT, p) || '.';

const problems = [];
const problem = (where, message) => {
  const line = `${where}: ${message}`;
  if (!problems.includes(line)) problems.push(line);
};

// --- YAML -------------------------------------------------------------------------------------------------------

const parseYamlAll = (text) =>
  YAML.parseAllDocuments(text, { merge: true }).map((doc) => {
    if (doc.errors.length > 0) throw new Error(doc.errors[0].message);
    return doc.toJS({ maxAliasCount: -1 });
  });

function readYaml(file) {
  try {
    return parseYamlAll(readFileSync(file, 'utf8')).filter((d) => d !== null && d !== undefined);
  } catch (err) {
    problem(rel(file), `not valid YAML: ${err.message.split('\n')[0]}`);
    return [];
  }
}

const isObject = (v) => typeof v === 'object' && v !== null && !Array.isArray(v);

function walk(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...walk(full));
    else out.push(full);
  }
  return out;
}

// --- what the project is made of ----------------------------------------------------------------------------------

/**
 * A module of packages/contracts/src (`file`: service-graph.ts, local-url.ts), read from its source: the check
 * needs no build. Such a file has no imports but types, so TypeScript's transpiler alone makes it loadable. A copy
 * checked with --root that holds the file uses its own.
 */
async function loadContractsSource(file) {
  const own = path.join(ROOT, 'packages/contracts/src', file);
  const source = existsSync(own) ? own : path.resolve(import.meta.dirname, '../packages/contracts/src', file);
  const { default: ts } = await import('typescript');
  const { outputText } = ts.transpileModule(readFileSync(source, 'utf8'), {
    compilerOptions: { module: ts.ModuleKind.ESNext, target: ts.ScriptTarget.ES2022 },
  });
  return import(`data:text/javascript;base64,${Buffer.from(outputText).toString('base64')}`);
}
/** The service graph (INTERNAL_ROUTES, QUEUES, TICKETS of packages/contracts/src/service-graph.ts). */
const graph = await loadContractsSource('service-graph.ts');
const GRAPH = { routes: graph.INTERNAL_ROUTES, queues: graph.QUEUES, tickets: graph.TICKETS };
/** Whether a PUBLIC_URL names this machine, or is not a URL: the services' rule (`isLocalUrl` of contracts). */
const { isLocalUrl: isLocalPublicUrl } = await loadContractsSource('local-url.ts');

const keyVariable = (signer, kind) => `AGORA_${signer.toUpperCase()}_${kind}_KEY`;
const urlVariable = (service) => `${service.toUpperCase()}_URL`;

/**
 * What the service graph asks of `deployable`'s environment (docs/decisions/0024-asymmetric-identity.md, 0050):
 *   - for each internal route it calls (routes marked `uncalled` have no call site): the address of the route's
 *     service and its own private key, which signs the calls (mailing's invitations need it too, although
 *     mailing starts without it: needsSigningKey of services/common);
 *   - for each internal route it serves: the public key of every caller but the gateway (whose key every
 *     service has for the user identities);
 *   - Redis when it adds or runs the jobs of a queue;
 *   - for each ticket it signs (TICKETS), its private key; for each it checks, the signer's public key.
 * Answers the variables, each with the reason it is needed.
 */
function graphEnv(deployable) {
  const env = new Map();
  const need = (key, why) => env.has(key) || env.set(key, why);
  for (const [route, r] of Object.entries(GRAPH.routes)) {
    if (r.service === deployable)
      for (const caller of r.callers)
        if (caller !== deployable && caller !== 'gateway')
          need(keyVariable(caller, 'PUBLIC'), `${caller} calls ${route}`);
    if (r.callers.includes(deployable) && r.service !== deployable && !r.uncalled) {
      need(urlVariable(r.service), `it calls ${route}`);
      need(keyVariable(deployable, 'PRIVATE'), `it signs its call of ${route}`);
    }
  }
  for (const [queue, q] of Object.entries(GRAPH.queues))
    if (q.producers.includes(deployable) || q.consumers.includes(deployable))
      need('REDIS_URL', `the queue ${queue}`);
  for (const [ticket, t] of Object.entries(GRAPH.tickets)) {
    if (t.signer === deployable) need(keyVariable(deployable, 'PRIVATE'), `it signs the ${ticket} ticket`);
    if (t.verifiers.includes(deployable))
      need(keyVariable(t.signer, 'PUBLIC'), `it checks ${t.signer}'s ${ticket} ticket`);
  }
  return env;
}

/**
 * Each deployable: its package, port and the environment it needs wherever it runs: what the service graph
 * asks (graphEnv), and what is not about the graph. The gateway routes /api/* to every service and alone signs
 * user identities; every service checks them with the gateway's public key.
 */
const SERVICE_NAMES = ['accounts', 'library', 'consultation', 'mailing'];
const SERVICE_PORTS = { accounts: 3101, library: 3102, consultation: 3103, mailing: 3104 };
const OWN_ENV = {
  gateway: [...SERVICE_NAMES.map(urlVariable), 'AGORA_GATEWAY_PRIVATE_KEY', 'REMOTES_REGISTRY'],
  accounts: ['AGORA_ADMIN_PASSWORD'],
  mailing: ['SMTP_URL'],
};
const SERVICE_ENV = ['DATABASE_URL', 'AGORA_GATEWAY_PUBLIC_KEY'];
const DEPLOYABLES = {
  gateway: { pkg: 'gateway', port: 8080 },
  ...Object.fromEntries(
    SERVICE_NAMES.map((s) => [s, { pkg: `services/${s}`, port: SERVICE_PORTS[s], url: urlVariable(s) }]),
  ),
};
for (const [name, d] of Object.entries(DEPLOYABLES)) {
  d.graph = graphEnv(name);
  d.env = [
    ...new Set([...(name === 'gateway' ? [] : SERVICE_ENV), ...(OWN_ENV[name] ?? []), ...d.graph.keys()]),
  ];
}
const SERVICES = Object.keys(DEPLOYABLES).filter((d) => d !== 'gateway');
/** The deployable whose address the variable holds (ACCOUNTS_URL: accounts). */
const serviceOfUrl = (name) => SERVICES.find((s) => DEPLOYABLES[s].url === name);
const PRIVATE_KEY = /^AGORA_[A-Z]+_PRIVATE_KEY$/;
/** The private keys among `names` that `deployable` must not hold (another signer's). */
const foreignPrivateKeys = (deployable, names) =>
  [...names].filter((n) => PRIVATE_KEY.test(n) && n !== `AGORA_${deployable.toUpperCase()}_PRIVATE_KEY`);
/**
 * The environment rules, the same for compose and Kubernetes. `env` maps each variable a deployable gets to its
 * value (undefined when it comes from a Secret); `address(svc)` is where that service answers.
 */
function checkEnvironment(at, deployable, env, address, extra = []) {
  const { env: needed, graph } = DEPLOYABLES[deployable];
  for (const key of [...needed, ...extra]) {
    const why = graph.get(key);
    if (!env.has(key)) problem(at, `env ${key} is missing${why ? ` (${why})` : ''}`);
  }
  // A service address or a caller's public key that the graph does not ask for: a call that is gone (or a key
  // trusted for nothing).
  for (const key of env.keys())
    if ((serviceOfUrl(key) || /^AGORA_[A-Z]+_PUBLIC_KEY$/.test(key)) && !needed.includes(key))
      problem(at, `env ${key} is not needed: the service graph has no such call`);
  for (const key of foreignPrivateKeys(deployable, env.keys()))
    problem(at, `env ${key}: another signer's private key`);
  for (const [key, value] of env) {
    const svc = serviceOfUrl(key);
    if (svc && value !== address(svc)) problem(at, `env ${key} should be ${address(svc)} (is ${value})`);
  }
}
/**
 * The deployables that put the site's address into links (password recovery, invitations, external logins): the
 * images run with NODE_ENV=production, where they refuse a missing or local PUBLIC_URL (decision 0065).
 */
const LINK_MAKERS = ['accounts', 'mailing'];
/**
 * The PUBLIC_URL rule for `deployable`, whose value is `value` (undefined: not set). A compose value `${VAR:?…}`
 * must be given at start (fine); `${VAR:-default}` is checked by its default.
 */
function checkPublicUrlOf(at, deployable, value) {
  if (!LINK_MAKERS.includes(deployable)) return;
  if (value === undefined || value === null || String(value).trim() === '') {
    return problem(at, 'env PUBLIC_URL is missing (the links of the mails; required in production)');
  }
  const text = String(value).trim();
  const interpolated = /^\$\{[A-Z_]+(:?[-?])(.*)\}$/s.exec(text);
  if (interpolated && interpolated[1].endsWith('?')) return;
  const url = interpolated ? interpolated[2] : text;
  if (isLocalPublicUrl(url)) problem(at, `env PUBLIC_URL must be the site's public address, not ${url}`);
}

/** The Secret (made outside of Git) and its keys; these variables come only from it. */
const SECRET_NAME = 'agora-secrets';
const SECRET_KEYS = [
  'AGORA_GATEWAY_PRIVATE_KEY',
  'AGORA_GATEWAY_PUBLIC_KEY',
  'AGORA_ACCOUNTS_PRIVATE_KEY',
  'AGORA_ACCOUNTS_PUBLIC_KEY',
  'AGORA_CONSULTATION_PRIVATE_KEY',
  'AGORA_CONSULTATION_PUBLIC_KEY',
  'AGORA_MAILING_PRIVATE_KEY',
  'AGORA_MAILING_PUBLIC_KEY',
  'DATABASE_URL',
  'REDIS_URL',
  'SMTP_URL',
  'AGORA_ADMIN_PASSWORD',
];
/** The backup (nightly) and the restore (a suspended CronJob, the template of a Job made by hand). */
const BACKUP_SCRIPTS = ['scripts/backup.mjs', 'scripts/restore.mjs'];
const REMOTE_KEYS = {
  mf_library: 'mf-library',
  mf_consultation: 'mf-consultation',
  mf_admin_structure: 'mf-admin-structure',
  mf_members: 'mf-members',
};
const VERSION = '[0-9A-Za-z][0-9A-Za-z.+_-]*'; // as scripts/rspack.common.mjs accepts for REMOTE_VERSION

/** Checks one remotes registry (the text of a remotes.json). */
function checkRegistry(where, text) {
  let registry;
  try {
    registry = JSON.parse(text);
  } catch (err) {
    problem(where, `not valid JSON: ${err.message}`);
    return;
  }
  if (!isObject(registry)) return problem(where, 'must be a JSON object');
  for (const [key, folder] of Object.entries(REMOTE_KEYS)) {
    const value = registry[key];
    if (typeof value !== 'string') {
      problem(where, `"${key}" is missing`);
      continue;
    }
    const re = new RegExp(`^(https://[^/\\s]+)?(/[^\\s]*)?/remotes/${folder}/${VERSION}/mf-manifest\\.json$`);
    if (!re.test(value))
      problem(where, `"${key}" must look like /remotes/${folder}/<version>/mf-manifest.json`);
  }
  for (const key of Object.keys(registry)) {
    if (!(key in REMOTE_KEYS)) problem(where, `unknown remote "${key}"`);
  }
}

// --- Dockerfile and .dockerignore -----------------------------------------------------------------------------

const dockerTargets = new Set();

function checkDockerfile() {
  const file = path.join(DEPLOY, 'Dockerfile');
  const where = 'deploy/Dockerfile';
  if (!existsSync(file)) return problem(where, 'missing');
  const dockerfile = DockerfileParser.parse(readFileSync(file, 'utf8'));
  // Each stage: its base (an image or another stage) and its instructions, from its FROM to the next one.
  const froms = dockerfile.getFROMs();
  const stages = new Map(
    froms.map((from, i) => {
      const start = from.getRange().start.line;
      const end = froms[i + 1]?.getRange().start.line ?? Infinity;
      const lines = dockerfile
        .getInstructions()
        .filter((l) => l.getRange().start.line > start && l.getRange().start.line < end);
      return [
        from.getBuildStage() ?? `#${i}`,
        {
          base:
            from
              .getExpandedArguments()
              .find((a) => !a.getValue().startsWith('--'))
              ?.getValue() ?? '',
          lines,
        },
      ];
    }),
  );
  const chain = (name) => {
    const out = [];
    for (let s = stages.get(name); s && !out.includes(s); s = stages.get(s.base)) out.push(s);
    return out; // the stage first, then the stages it is built on
  };
  const all = (name, keyword) =>
    chain(name).flatMap((s) => s.lines.filter((l) => l.getKeyword() === keyword).reverse());
  const last = (name, keyword) => all(name, keyword)[0]?.getArgumentsContent() ?? undefined;
  for (const [name, stage] of stages) {
    for (const copy of stage.lines.filter((l) => l.getKeyword() === 'COPY')) {
      const from = copy
        .getFlags()
        .find((f) => f.getName() === 'from')
        ?.getValue();
      if (from && !stages.has(from) && !from.includes(':'))
        problem(where, `stage ${name}: COPY --from=${from} names no stage`);
    }
  }
  // The runtime base: BASE_IMAGE, by default the Debian bookworm + Node 20 image that scripts/images.mjs makes.
  const baseArg = dockerfile
    .getInitialARGs()
    .map((a) => a.getProperty())
    .find((p) => p?.getName() === 'BASE_IMAGE');
  if (!/^localhost\/agora\/node:20\.[0-9.]+-bookworm$/.test(baseArg?.getValue() ?? ''))
    problem(
      where,
      'ARG BASE_IMAGE must default to localhost/agora/node:20.<x>-bookworm (scripts/images.mjs)',
    );
  const targets = {
    ...DEPLOYABLES,
    'mail-worker': { script: 'services/mailing/dist/worker.js', source: 'services/mailing/src/worker.ts' },
    migrate: { script: 'scripts/migrate.mjs' },
    backup: { script: 'scripts/backup.mjs' },
  };
  for (const [target, info] of Object.entries(targets)) {
    const at = `${where} target ${target}`;
    if (!stages.has(target)) {
      problem(where, `no target "${target}" (FROM ... AS ${target})`);
      continue;
    }
    dockerTargets.add(target);
    const rootImage = chain(target).at(-1).base;
    if (!baseArg || rootImage !== baseArg.getValue())
      problem(at, `must be based on \${BASE_IMAGE} (is ${rootImage || 'unknown'})`);
    // Its own files only: what scripts/images.mjs traced from its entry points (stage `app`, or the folder given
    // with --build-context app=...), not the whole workspace.
    const fromApp = all(target, 'COPY')
      .filter((c) => c.getFlags().some((f) => f.getName() === 'from' && f.getValue() === 'app'))
      .map((c) => c.getArguments().map((a) => a.getValue()));
    if (!fromApp.some(([src, dest]) => src === `/staged/${target}/` && dest === '/app/'))
      problem(at, `must COPY --from=app /staged/${target}/ /app/ (its traced files)`);
    if (fromApp.some(([src]) => src !== `/staged/${target}/`))
      problem(at, 'copies files that are not its own');
    const user = last(target, 'USER');
    if (!user) problem(at, 'runs as root (no USER)');
    else if (!/^[1-9]\d*(:\d+)?$/.test(user))
      problem(at, `USER ${user}: use a numeric, non-zero uid so that runAsNonRoot can verify it`);
    const main = info.pkg ? `${info.pkg}/dist/main.js` : info.script;
    const cmd = all(target, 'CMD')[0];
    const argv = cmd?.getJSONStrings().map((a) => a.getJSONValue());
    if (argv?.length !== 2 || argv[0] !== 'node' || argv[1] !== main) {
      problem(at, `CMD must be ["node", "${main}"] (is ${cmd?.getArgumentsContent() ?? 'missing'})`);
    }
    const source = info.pkg ? `${info.pkg}/src/main.ts` : (info.source ?? info.script);
    if (!existsSync(path.join(ROOT, source))) problem(at, `${source} does not exist`);
    if (!info.pkg) continue;
    if (!last(target, 'HEALTHCHECK')?.includes('/health')) problem(at, 'needs a HEALTHCHECK on /health');
    const port = all(target, 'ENV')
      .flatMap((env) => env.getProperties())
      .find((p) => p.getName() === 'PORT');
    if (port?.getValue() !== String(info.port)) problem(at, `must set ENV PORT=${info.port}`);
  }

  const ignore = path.join(ROOT, '.dockerignore');
  if (!existsSync(ignore)) return problem('.dockerignore', 'missing');
  const patterns = readFileSync(ignore, 'utf8')
    .split('\n')
    .map((l) => l.trim().replace(/^\*\*\//, ''))
    .filter((l) => l && !l.startsWith('#'));
  for (const needed of ['node_modules', 'dist', 'data', '.git']) {
    if (!patterns.includes(needed)) problem('.dockerignore', `must exclude ${needed}`);
  }
}

// --- compose.yaml -----------------------------------------------------------------------------------------------

/**
 * A compose file: `deploy/compose.yaml` (`bundled`: with its own PostgreSQL, Redis and mail catcher, images built
 * from the Dockerfile) or one for the host's servers (deploy/compose/compose.host-services.yaml: the images that
 * scripts/images.mjs built, localhost/agora/<target>). The same environment rules hold for both.
 */
function checkCompose(relFile, { bundled }) {
  const file = path.join(ROOT, relFile);
  const where = relFile;
  if (!existsSync(file)) return problem(where, 'missing');
  const [compose] = readYaml(file);
  if (!isObject(compose) || !isObject(compose.services)) return problem(where, 'has no services');
  const services = compose.services;
  const declaredVolumes = new Set(Object.keys(compose.volumes ?? {}));
  const envOf = (svc) => {
    const env = services[svc]?.environment ?? {};
    if (Array.isArray(env)) return Object.fromEntries(env.map((e) => String(e).split(/=(.*)/s).slice(0, 2)));
    return env;
  };
  const byTarget = {};
  for (const [name, svc] of Object.entries(services)) {
    const at = `${where} service ${name}`;
    if (!isObject(svc)) {
      problem(at, 'must be a mapping');
      continue;
    }
    if (!svc.image && !svc.build) problem(at, 'needs an image or a build');
    if (isObject(svc.build)) {
      const context = path.resolve(DEPLOY, svc.build.context ?? '.');
      if (!existsSync(path.join(context, svc.build.dockerfile ?? 'Dockerfile'))) {
        problem(at, `build: ${svc.build.dockerfile ?? 'Dockerfile'} not found in ${rel(context)}`);
      }
      if (svc.build.target && !dockerTargets.has(svc.build.target)) {
        problem(at, `build target "${svc.build.target}" is not a Dockerfile target`);
      }
    }
    const target = isObject(svc.build)
      ? svc.build.target
      : /^localhost\/agora\/([a-z-]+):/.exec(String(svc.image ?? ''))?.[1];
    if (!bundled && svc.image && !target)
      problem(at, `image ${svc.image} is not one of localhost/agora/<target>`);
    if (!bundled && target && !dockerTargets.has(target))
      problem(at, `image ${svc.image}: "${target}" is not a Dockerfile target`);
    if (target && !byTarget[target] && svc.restart !== 'no') byTarget[target] = name;
    const deps = svc.depends_on ?? {};
    if (Array.isArray(deps)) problem(at, 'depends_on must name a condition for each service');
    else {
      for (const [dep, spec] of Object.entries(deps)) {
        if (!services[dep]) problem(at, `depends_on names an unknown service ${dep}`);
        const condition = spec?.condition;
        const known = ['service_started', 'service_healthy', 'service_completed_successfully'];
        if (!known.includes(condition))
          problem(at, `depends_on ${dep}: condition must be one of ${known.join(', ')}`);
        if (condition === 'service_healthy' && !services[dep]?.healthcheck) {
          problem(at, `depends_on ${dep} being healthy, but ${dep} has no healthcheck`);
        }
      }
    }
    for (const volume of svc.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
      // a named volume, not a host folder (a path, or one given by a variable)
      if (source && !/^[./$]/.test(source) && !declaredVolumes.has(source)) {
        problem(at, `volume ${source} is not declared under volumes:`);
      }
    }
  }
  for (const [deployable, info] of Object.entries(DEPLOYABLES)) {
    const name = byTarget[deployable];
    if (!name) {
      problem(where, `no long-running service built from target ${deployable}`);
      continue;
    }
    const at = `${where} service ${name}`;
    const svc = services[name];
    const test = [].concat(svc.healthcheck?.test ?? []).join(' ');
    if (!test.includes(`:${info.port}/ready`))
      problem(at, `healthcheck must call /ready on port ${info.port}`);
    const env = new Map(Object.entries(envOf(name)).filter(([, value]) => value !== '' && value !== null));
    checkEnvironment(at, deployable, env, (svc) => `http://${byTarget[svc]}:${DEPLOYABLES[svc].port}`);
    checkPublicUrlOf(at, deployable, envOf(name).PUBLIC_URL);
    if (deployable === 'gateway' && byTarget.accounts) {
      const [own, tiles] = [envOf(name), envOf(byTarget.accounts)].map((e) => e.MAP_TILE_URL);
      if (own !== tiles) problem(at, `MAP_TILE_URL must be the same as accounts' (${own} vs ${tiles})`);
    }
    if (deployable === 'gateway') {
      const deps = svc.depends_on ?? {};
      for (const s of SERVICES) {
        if (deps[byTarget[s]]?.condition !== 'service_healthy')
          problem(at, `must wait for ${s} to be healthy`);
      }
    } else {
      const deps = svc.depends_on ?? {};
      for (const dep of bundled ? ['postgres', 'redis', 'migrate'] : ['migrate']) {
        if (!deps[dep]) problem(at, `must depend on ${dep}`);
      }
    }
  }
  if (!bundled) return;
  for (const image of ['redis:', 'maildev/maildev:2.2.1']) {
    if (!Object.values(services).some((s) => String(s.image ?? '').startsWith(image))) {
      problem(where, `no service uses ${image}`);
    }
  }
  if (!Object.values(services).some((s) => /postgis/.test(String(s.image ?? '')))) {
    problem(where, 'no PostgreSQL + PostGIS service');
  }
  const registry = path.join(DEPLOY, 'registry', 'remotes.json');
  if (!existsSync(registry)) problem('deploy/registry/remotes.json', 'missing (mounted by compose.yaml)');
  else checkRegistry('deploy/registry/remotes.json', readFileSync(registry, 'utf8'));
}

// --- checks on rendered manifests ---------------------------------------------------------------------------------

const byKind = (resources, kind) => resources.filter((r) => r.kind === kind);
const WORKLOADS = ['Deployment', 'StatefulSet', 'DaemonSet', 'Job'];
const podSpecOf = (r) =>
  r.kind === 'CronJob'
    ? r.spec?.jobTemplate?.spec?.template?.spec
    : WORKLOADS.includes(r.kind)
      ? r.spec?.template?.spec
      : undefined;

function checkRendered(label, resources, { namespace, overlay }) {
  const where = (r) => `${label} ${r.kind}/${r.metadata?.name}`;
  for (const r of byKind(resources, 'Secret')) {
    if (r.data || r.stringData) problem(where(r), 'secret values do not belong in Git');
  }
  if (namespace && !byKind(resources, 'Namespace').some((n) => n.metadata.name === namespace)) {
    problem(label, `no Namespace ${namespace}`);
  }
  const configMaps = new Map(byKind(resources, 'ConfigMap').map((c) => [c.metadata.name, c]));
  const settingsName = [...configMaps.keys()].find((n) => /^agora-settings(-[a-z0-9]{10})?$/.test(n));
  const pvcs = new Set(byKind(resources, 'PersistentVolumeClaim').map((c) => c.metadata.name));
  const deployments = new Map(byKind(resources, 'Deployment').map((d) => [d.metadata.name, d]));
  const services = new Map(byKind(resources, 'Service').map((s) => [s.metadata.name, s]));
  const selects = (selector, d) =>
    isObject(selector) &&
    Object.keys(selector).length > 0 &&
    Object.entries(selector).every(([k, v]) => d.spec?.template?.metadata?.labels?.[k] === v);

  const checkPod = (r, { probes, isGateway }) => {
    const spec = podSpecOf(r);
    if (!spec) return problem(where(r), 'has no pod template');
    const podSec = spec.securityContext ?? {};
    const volumes = new Map((spec.volumes ?? []).map((v) => [v.name, v]));
    for (const v of volumes.values()) {
      if (v.configMap && !configMaps.has(v.configMap.name))
        problem(where(r), `volume ${v.name}: no ConfigMap ${v.configMap.name}`);
      if (v.persistentVolumeClaim && !pvcs.has(v.persistentVolumeClaim.claimName)) {
        problem(where(r), `volume ${v.name}: no PersistentVolumeClaim ${v.persistentVolumeClaim.claimName}`);
      }
      if (v.secret && v.secret.secretName !== SECRET_NAME)
        problem(where(r), `volume ${v.name}: unknown secret`);
    }
    if ((spec.containers ?? []).length === 0) problem(where(r), 'has no containers');
    for (const c of [...(spec.initContainers ?? []), ...(spec.containers ?? [])]) {
      const at = `${where(r)} container ${c.name}`;
      const isInit = (spec.initContainers ?? []).includes(c);
      if (!c.image) problem(at, 'has no image');
      else if (!/[:@]/.test(c.image.split('/').pop()) || /:latest$/.test(c.image)) {
        problem(at, `image ${c.image} needs a fixed tag or digest`);
      }
      const sec = c.securityContext ?? {};
      if ((sec.runAsNonRoot ?? podSec.runAsNonRoot) !== true) problem(at, 'must set runAsNonRoot: true');
      if ((sec.runAsUser ?? podSec.runAsUser) === 0) problem(at, 'runs as uid 0');
      if (sec.allowPrivilegeEscalation !== false) problem(at, 'must set allowPrivilegeEscalation: false');
      if (sec.readOnlyRootFilesystem !== true) problem(at, 'must set readOnlyRootFilesystem: true');
      if (!(sec.capabilities?.drop ?? []).includes('ALL')) problem(at, 'must drop ALL capabilities');
      for (const kind of ['requests', 'limits']) {
        for (const res of ['cpu', 'memory']) {
          if (c.resources?.[kind]?.[res] === undefined) problem(at, `resources.${kind}.${res} is missing`);
        }
      }
      for (const m of c.volumeMounts ?? []) {
        if (!volumes.has(m.name)) problem(at, `mounts an undeclared volume ${m.name}`);
      }
      const env = new Map((c.env ?? []).map((e) => [e.name, e]));
      for (const e of env.values()) {
        const ref = e.valueFrom?.secretKeyRef;
        if (ref && (ref.name !== SECRET_NAME || !SECRET_KEYS.includes(ref.key))) {
          problem(at, `env ${e.name}: secret ${ref.name}/${ref.key} is not one of ${SECRET_NAME}'s keys`);
        }
        const cmRef = e.valueFrom?.configMapKeyRef;
        if (cmRef && !configMaps.get(cmRef.name)?.data?.[cmRef.key])
          problem(at, `env ${e.name}: no ConfigMap key`);
      }
      for (const from of c.envFrom ?? []) {
        if (from.configMapRef && !configMaps.has(from.configMapRef.name)) {
          problem(at, `envFrom: no ConfigMap ${from.configMapRef.name}`);
        }
      }
      if (!probes || isInit) continue;
      // A long-running container: ports, probes and its settings.
      const ports = c.ports ?? [];
      const portOk = (p) => ports.some((cp) => cp.name === p || cp.containerPort === p);
      for (const [probe, paths] of Object.entries(probes)) {
        const get = c[probe]?.httpGet;
        if (!get) problem(at, `${probe} (httpGet) is missing`);
        else {
          if (!paths.includes(get.path))
            problem(at, `${probe} must call ${paths.join(' or ')} (calls ${get.path})`);
          if (!portOk(get.port)) problem(at, `${probe} port ${get.port} is not a container port`);
        }
      }
      const portVar = env.get('PORT')?.value;
      if (!portVar || !ports.some((p) => String(p.containerPort) === portVar)) {
        problem(at, 'env PORT must equal the container port');
      }
      if (env.get('HOST')?.value !== '0.0.0.0')
        problem(at, 'env HOST must be 0.0.0.0 (services default to 127.0.0.1)');
      const values = new Map([...env].map(([key, e]) => [key, e.value]));
      const address = (svc) => `http://${svc}:${DEPLOYABLES[svc].port}`;
      checkEnvironment(at, r.metadata.name, values, address, isGateway ? ['REMOTES_DIR'] : []);
      for (const key of SECRET_KEYS) {
        if (env.has(key) && !env.get(key).valueFrom?.secretKeyRef)
          problem(at, `env ${key} must come from the Secret`);
      }
      if (isGateway) {
        const registry = env.get('REMOTES_REGISTRY')?.value ?? '';
        const mount = (c.volumeMounts ?? []).find((m) => {
          const v = volumes.get(m.name);
          return v?.configMap && configMaps.get(v.configMap.name)?.data?.['remotes.json'] !== undefined;
        });
        if (!mount) problem(at, 'does not mount the ConfigMap holding remotes.json');
        else {
          if (mount.subPath) problem(at, 'mounts remotes.json with subPath: edits would never reach the pod');
          if (`${mount.mountPath.replace(/\/$/, '')}/remotes.json` !== registry) {
            problem(at, `REMOTES_REGISTRY=${registry} is not the mounted ${mount.mountPath}/remotes.json`);
          }
          const cm = configMaps.get(volumes.get(mount.name).configMap.name);
          if (/-[a-z0-9]{10}$/.test(cm.metadata.name) && overlay) {
            problem(
              at,
              `the remotes ConfigMap ${cm.metadata.name} has a hash suffix: an edit would restart pods`,
            );
          }
        }
      }
    }
  };

  for (const [name, info] of Object.entries(DEPLOYABLES)) {
    const d = deployments.get(name);
    if (!d) {
      problem(label, `no Deployment ${name}`);
      continue;
    }
    const isGateway = name === 'gateway';
    if (!(d.spec?.replicas >= 1)) problem(where(d), 'replicas must be at least 1');
    if (!selects(d.spec?.selector?.matchLabels, d))
      problem(where(d), 'selector does not match the pod labels');
    checkPod(d, {
      isGateway,
      probes: {
        startupProbe: ['/health'],
        livenessProbe: ['/health'],
        readinessProbe: isGateway ? ['/health', '/ready'] : ['/ready'],
      },
    });
    const svc = services.get(name);
    if (!svc) problem(label, `no Service ${name}`);
    else if (!selects(svc.spec?.selector, d))
      problem(where(svc), `selector does not match Deployment ${name}`);
    else {
      const cports = (d.spec.template.spec.containers ?? []).flatMap((c) => c.ports ?? []);
      for (const p of svc.spec.ports ?? []) {
        const t = p.targetPort ?? p.port;
        if (!cports.some((cp) => cp.name === t || cp.containerPort === t)) {
          problem(where(svc), `targetPort ${t} is not a port of Deployment ${name}`);
        }
      }
      if (!isGateway && !(svc.spec.ports ?? []).some((p) => p.port === info.port)) {
        problem(where(svc), `must expose port ${info.port}`);
      }
    }
    const pdb = byKind(resources, 'PodDisruptionBudget').find((p) =>
      selects(p.spec?.selector?.matchLabels, d),
    );
    if (!pdb) problem(label, `no PodDisruptionBudget for ${name}`);
    else if (typeof pdb.spec.minAvailable === 'number' && pdb.spec.minAvailable >= d.spec.replicas) {
      problem(
        where(pdb),
        `minAvailable ${pdb.spec.minAvailable} with ${d.spec.replicas} replica(s) blocks node drains`,
      );
    }
  }
  // accounts tells browsers which tile server to use; the gateway's CSP must allow the same one
  const envValue = (deployment, key) => {
    const c = podSpecOf(deployment)?.containers?.[0] ?? {};
    const own = (c.env ?? []).find((e) => e.name === key);
    if (own) return own.value ?? JSON.stringify(own.valueFrom ?? null);
    const from = (c.envFrom ?? []).map((f) => configMaps.get(f.configMapRef?.name)?.data?.[key]);
    return from.reverse().find((v) => v !== undefined);
  };
  for (const name of LINK_MAKERS) {
    if (deployments.has(name)) {
      checkPublicUrlOf(`${label} Deployment ${name}`, name, envValue(deployments.get(name), 'PUBLIC_URL'));
    }
  }
  if (deployments.has('gateway') && deployments.has('accounts')) {
    const [g, a] = ['gateway', 'accounts'].map((n) => envValue(deployments.get(n), 'MAP_TILE_URL'));
    if (g !== a) problem(label, `MAP_TILE_URL differs between gateway (${g}) and accounts (${a})`);
  }
  for (const pdb of byKind(resources, 'PodDisruptionBudget')) {
    if (![...deployments.values()].some((d) => selects(pdb.spec?.selector?.matchLabels, d))) {
      problem(where(pdb), 'selects no Deployment');
    }
  }
  for (const s of services.values()) {
    if (![...deployments.values()].some((d) => selects(s.spec?.selector, d)))
      problem(where(s), 'selects no Deployment');
  }

  const ingresses = byKind(resources, 'Ingress');
  if (ingresses.length === 0) problem(label, 'no Ingress');
  for (const ing of ingresses) {
    const backends = [
      ing.spec?.defaultBackend,
      ...(ing.spec?.rules ?? []).flatMap((rule) => (rule.http?.paths ?? []).map((p) => p.backend)),
    ].filter(Boolean);
    if (backends.length === 0) problem(where(ing), 'has no backend');
    for (const b of backends) {
      const s = services.get(b.service?.name);
      const port = b.service?.port?.name ?? b.service?.port?.number;
      if (!s) problem(where(ing), `backend Service ${b.service?.name} does not exist`);
      else if (!(s.spec.ports ?? []).some((p) => p.name === port || p.port === port)) {
        problem(where(ing), `backend port ${port} is not a port of Service ${s.metadata.name}`);
      } else if (s.metadata.name !== 'gateway') problem(where(ing), 'only the gateway is exposed');
    }
  }

  const jobs = byKind(resources, 'Job').filter((j) =>
    (j.spec?.template?.spec?.containers ?? []).some((c) =>
      [...(c.command ?? []), ...(c.args ?? [])].includes('scripts/migrate.mjs'),
    ),
  );
  if (jobs.length !== 1) problem(label, 'needs exactly one Job running scripts/migrate.mjs');
  for (const job of byKind(resources, 'Job')) {
    if (!['Never', 'OnFailure'].includes(job.spec?.template?.spec?.restartPolicy)) {
      problem(where(job), 'restartPolicy must be Never or OnFailure');
    }
    checkPod(job, { probes: undefined });
    const env = new Set(
      (job.spec?.template?.spec?.containers ?? []).flatMap((c) => (c.env ?? []).map((e) => e.name)),
    );
    if (!env.has('DATABASE_URL')) problem(where(job), 'env DATABASE_URL is missing');
  }

  for (const cron of byKind(resources, 'CronJob')) {
    if (!['Never', 'OnFailure'].includes(podSpecOf(cron)?.restartPolicy)) {
      problem(where(cron), 'restartPolicy must be Never or OnFailure');
    }
    checkPod(cron, { probes: undefined });
    // pg_dump and pg_restore are in the backup image only
    for (const c of podSpecOf(cron)?.containers ?? []) {
      const argv = [...(c.command ?? []), ...(c.args ?? [])];
      if (BACKUP_SCRIPTS.some((s) => argv.includes(s)) && !/(^|\/)backup[:@]/.test(c.image ?? ''))
        problem(`${where(cron)} container ${c.name}`, `must run the backup image (is ${c.image})`);
    }
  }
  for (const script of BACKUP_SCRIPTS) {
    const runs = byKind(resources, 'CronJob').filter((cron) =>
      (podSpecOf(cron)?.containers ?? []).some((c) =>
        [...(c.command ?? []), ...(c.args ?? [])].includes(script),
      ),
    );
    if (runs.length !== 1) problem(label, `needs exactly one CronJob running ${script}`);
    if (script === 'scripts/restore.mjs')
      for (const cron of runs.filter((c) => c.spec?.suspend !== true))
        problem(where(cron), 'must be suspended: a restore runs only as a Job made from it by hand');
  }

  // The mail worker: its own Deployment (the mail-worker image), no HTTP port, the mailing API without the worker.
  const worker = deployments.get('mail-worker');
  if (!worker) problem(label, 'no Deployment mail-worker');
  else {
    checkPod(worker, { probes: undefined });
    const [c] = worker.spec?.template?.spec?.containers ?? [];
    if (!/(^|\/)mail-worker[:@]/.test(c?.image ?? ''))
      problem(where(worker), 'must run the mail-worker image');
    const env = new Set((c?.env ?? []).map((e) => e.name));
    for (const key of ['DATABASE_URL', 'REDIS_URL', 'SMTP_URL'])
      if (!env.has(key)) problem(where(worker), `env ${key} is missing`);
    for (const key of foreignPrivateKeys('mail-worker', env))
      problem(where(worker), `env ${key}: a private key (the worker signs nothing)`);
    if (configMaps.get(settingsName)?.data?.MAIL_WORKER !== 'off')
      problem(label, 'agora-settings must set MAIL_WORKER=off: the mail-worker Deployment sends the mails');
  }

  const registries = [...configMaps.values()].filter((c) => c.data?.['remotes.json'] !== undefined);
  if (registries.length !== 1) problem(label, 'needs exactly one ConfigMap holding remotes.json');
  for (const cm of registries)
    checkRegistry(`${label} ConfigMap/${cm.metadata.name} remotes.json`, cm.data['remotes.json']);
}

// --- Kubernetes: rendered by kubectl kustomize, checked against the API schemas -----------------------------------

/** Renders a kustomization with kubectl; undefined (and a problem) when kustomize refuses it. */
function render(label, dir) {
  try {
    const out = execFileSync(kubectl(), ['kustomize', dir], { encoding: 'utf8', stdio: 'pipe' });
    return parseYamlAll(out).filter(isObject);
  } catch (err) {
    const message = String(err.stderr || err.message)
      .trim()
      .split('\n')[0];
    problem(label, `kubectl kustomize failed: ${message.replace(/^error: /, '')}`);
    return undefined;
  }
}

/** The kubernetes-models class of an object's apiVersion and kind (e.g. apps/v1 Deployment), if any. */
const modelModules = new Map();
async function modelOf({ apiVersion, kind }) {
  const group = String(apiVersion);
  if (!modelModules.has(group)) {
    modelModules.set(group, await import(`kubernetes-models/${group}`).catch(() => ({})));
  }
  return modelModules.get(group)[kind];
}

/** Checks each object against the Kubernetes OpenAPI schema of its kind. */
async function checkSchemas(label, resources) {
  for (const r of resources) {
    const where = `${label} ${r.kind}/${r.metadata?.name}`;
    const Model = await modelOf(r);
    if (!Model) {
      problem(where, `${r.apiVersion} ${r.kind} is not a Kubernetes API kind`);
      continue;
    }
    try {
      new Model(r).validate();
    } catch (err) {
      for (const e of err.errors ?? [{ instancePath: '', message: err.message }]) {
        const params = e.params?.missingProperty ?? e.params?.allowedValues?.join(', ');
        problem(where, `schema: ${e.instancePath || '/'} ${e.message}${params ? ` (${params})` : ''}`);
      }
    }
  }
}

/** Every file that a kustomization.yaml under `dir` names (resources, patches, generator files). */
function filesNamedBy(dir) {
  const out = new Set();
  for (const kfile of walk(dir).filter((f) => path.basename(f) === 'kustomization.yaml')) {
    const [k] = readYaml(kfile);
    const at = (p) => path.resolve(path.dirname(kfile), p.replace(/^[^=]+=/, ''));
    out.add(kfile);
    for (const file of [
      ...(k?.resources ?? []),
      ...(k?.patches ?? []).flatMap((p) => (p.path ? [p.path] : [])),
      ...(k?.configMapGenerator ?? []).flatMap((g) => g.files ?? []),
    ]) {
      out.add(at(file));
    }
  }
  return out;
}

async function checkKubernetes() {
  const k8s = path.join(DEPLOY, 'k8s');
  const overlaysDir = path.join(k8s, 'overlays');
  if (!existsSync(path.join(k8s, 'base'))) return problem('deploy/k8s/base', 'missing');
  const overlays = existsSync(overlaysDir)
    ? readdirSync(overlaysDir).filter((d) => statSync(path.join(overlaysDir, d)).isDirectory())
    : [];
  for (const env of ['staging', 'production']) {
    if (!overlays.includes(env)) problem('deploy/k8s/overlays', `no ${env} overlay`);
  }
  const replicas = new Set();
  for (const label of ['deploy/k8s/base', ...overlays.map((o) => `deploy/k8s/overlays/${o}`)]) {
    const dir = path.join(ROOT, label);
    const overlay = label !== 'deploy/k8s/base';
    const resources = render(label, dir);
    if (!resources) continue;
    await checkSchemas(label, resources);
    const [k] = readYaml(path.join(dir, 'kustomization.yaml'));
    checkRendered(label, resources, { namespace: k?.namespace, overlay });
    if (overlay) {
      if (!existsSync(path.join(dir, 'remotes.json'))) problem(label, 'has no remotes.json of its own');
      replicas.add(JSON.stringify(byKind(resources, 'Deployment').map((d) => d.spec.replicas)));
    }
  }
  if (overlays.length >= 2 && replicas.size === 1)
    problem('deploy/k8s/overlays', 'every overlay has the same replicas');
  const named = filesNamedBy(k8s);
  for (const file of walk(k8s)) {
    if (/\.(ya?ml|json)$/.test(file) && !named.has(file))
      problem(rel(file), 'is not used by any kustomization.yaml');
  }
}

// --- run --------------------------------------------------------------------------------------------------------

if (!existsSync(DEPLOY)) {
  console.error(`check-deploy: ${DEPLOY} does not exist`);
  process.exit(2);
}
let yamlFiles = 0;
for (const file of walk(DEPLOY)) {
  if (/\.ya?ml$/.test(file)) {
    yamlFiles++;
    readYaml(file);
  }
}
checkDockerfile();
checkCompose('deploy/compose.yaml', { bundled: true });
checkCompose('deploy/compose/compose.host-services.yaml', { bundled: false });
await checkKubernetes();

if (problems.length > 0) {
  console.error(`check-deploy: ${problems.length} problem(s) in the deployment files:`);
  for (const p of problems) console.error(`  - ${p}`);
  process.exit(1);
}
console.log(
  `check-deploy: ok (${yamlFiles} YAML files; Dockerfile targets ${[...dockerTargets].join(', ')}; compose files; ` +
    `k8s base and overlays rendered by kubectl kustomize and checked against the Kubernetes API schemas)`,
);
