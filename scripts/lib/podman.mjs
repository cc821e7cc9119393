// Podman as Debian ships it (podman 4.3 with the runc runtime), configured for machines without systemd: the
// images build, the deployment test and the compose run go through here. CONTAINERS_CONF, when set, names the
// configuration to use; otherwise a file in the user's cache folder is written with the two settings those
// machines need (cgroups managed by podman itself, no RLIMIT_NOFILE that a sandbox may refuse) and runc, which
// works on hybrid cgroups where crun does not.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export const CACHE = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir() || os.tmpdir(), '.cache'),
  'agora',
);

const CONF = `# Written by scripts/lib/podman.mjs: podman without systemd (cgroupfs), runc, no default ulimits.
[containers]
default_ulimits = []
[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
runtime = "runc"
`;

/** The environment for podman: CONTAINERS_CONF set (to a written default when it was unset). */
export function podmanEnv(env = process.env) {
  if (env.CONTAINERS_CONF) return env;
  const file = path.join(CACHE, 'containers.conf');
  let current = '';
  try {
    current = readFileSync(file, 'utf8');
  } catch {
    // first use on this machine
  }
  if (current !== CONF) {
    mkdirSync(CACHE, { recursive: true });
    writeFileSync(file, CONF);
  }
  return { ...env, CONTAINERS_CONF: file };
}

/** Runs podman with `args`, output to this process's; rejects with the exit code. */
export function podman(args, { quiet = false, silent = false, input } = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('podman', args, {
      env: podmanEnv(),
      stdio: [
        input ? 'pipe' : 'ignore',
        quiet || silent ? 'ignore' : 'inherit',
        silent ? 'ignore' : 'inherit',
      ],
    });
    if (input) input.pipe(child.stdin);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`podman ${args[0]} failed (${signal ?? `exit ${code}`})`)),
    );
  });
}

/** Runs podman and returns its standard output (trimmed); throws with its error output on failure. */
export function podmanOut(args) {
  const r = spawnSync('podman', args, { env: podmanEnv(), encoding: 'utf8', maxBuffer: 64 << 20 });
  if (r.error) throw r.error;
  if (r.status !== 0) throw new Error(`podman ${args.join(' ')}: ${r.stderr.trim() || `exit ${r.status}`}`);
  return r.stdout.trim();
}

/** True when podman knows the image `ref`. */
export function hasImage(ref) {
  return spawnSync('podman', ['image', 'exists', ref], { env: podmanEnv() }).status === 0;
}
