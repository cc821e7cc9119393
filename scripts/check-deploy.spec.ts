// scripts/check-deploy.mjs on a copy of the deployment files: it passes on them as they are, and fails, naming the
// problem, when a manifest is broken in the ways that matter (schema, kustomize, identity keys, remotes registry).
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repo = process.cwd(); // jest runs from the repository root
const sources = [
  'gateway',
  ...['accounts', 'library', 'consultation', 'mailing'].map((s) => `services/${s}`),
];

let root: string;

/** Runs the check on the copy: its exit code and what it printed. */
function check(): { code: number; output: string } {
  try {
    const out = execFileSync('node', [path.join(repo, 'scripts/check-deploy.mjs'), '--root', root], {
      encoding: 'utf8',
      stdio: 'pipe',
    });
    return { code: 0, output: out };
  } catch (err) {
    const e = err as { status: number; stdout: string; stderr: string };
    return { code: e.status, output: e.stdout + e.stderr };
  }
}

/** The check fails, printing each of `lines` among its problems. */
function expectProblems(...lines: string[]): void {
  const { code, output } = check();
  for (const line of lines) expect(output).toContain(line);
  expect(code).toBe(1);
}

/** Replaces one text in a file of the copy (and fails the test if the text is not there). */
function edit(file: string, from: string | RegExp, to: string): void {
  const full = path.join(root, file);
  const text = readFileSync(full, 'utf8');
  const changed = text.replace(from, to);
  expect(changed).not.toBe(text);
  writeFileSync(full, changed);
}

beforeEach(() => {
  root = mkdtempSync(path.join(os.tmpdir(), 'check-deploy-'));
  cpSync(path.join(repo, 'deploy'), path.join(root, 'deploy'), { recursive: true });
  cpSync(path.join(repo, '.dockerignore'), path.join(root, '.dockerignore'));
  for (const dir of sources) {
    mkdirSync(path.join(root, dir, 'src'), { recursive: true });
    writeFileSync(path.join(root, dir, 'src/main.ts'), '');
  }
  writeFileSync(path.join(root, 'services/mailing/src/worker.ts'), '');
  mkdirSync(path.join(root, 'scripts'));
  for (const script of ['migrate', 'backup']) writeFileSync(path.join(root, `scripts/${script}.mjs`), '');
});

afterEach(() => rmSync(root, { recursive: true, force: true }));

describe('check-deploy', () => {
  it('passes on the deployment files as they are', () => {
    const { code, output } = check();
    expect(output).toContain('check-deploy: ok');
    expect(code).toBe(0);
  });

  it('fails on an object that does not match the Kubernetes schema', () => {
    edit('deploy/k8s/base/accounts.yaml', 'revisionHistoryLimit: 5', 'revisionHistoryLimit: five');
    expectProblems(
      'deploy/k8s/overlays/production Deployment/accounts: schema: /spec/revisionHistoryLimit must be integer',
    );
  });

  it('holds the backup CronJob to the pod rules of every workload', () => {
    edit(
      'deploy/k8s/base/backup-cronjob.yaml',
      'readOnlyRootFilesystem: true',
      'readOnlyRootFilesystem: false',
    );
    edit('deploy/k8s/base/backup-cronjob.yaml', 'claimName: agora-backups', 'claimName: agora-backup');
    expectProblems(
      'deploy/k8s/overlays/production CronJob/agora-backup container backup: must set readOnlyRootFilesystem: true',
      'deploy/k8s/base CronJob/agora-backup: volume backups: no PersistentVolumeClaim agora-backup',
    );
  });

  it('fails when the backup or the restore would run without pg_dump, or the restore on its own', () => {
    edit('deploy/k8s/base/backup-cronjob.yaml', 'image: agora/backup:1.0.0', 'image: agora/migrate:1.0.0');
    edit('deploy/k8s/base/restore-cronjob.yaml', 'suspend: true', 'suspend: false');
    expectProblems(
      'deploy/k8s/overlays/production CronJob/agora-backup container backup: must run the backup image (is registry.example.org/agora/migrate:1.0.0)',
      'deploy/k8s/base CronJob/agora-restore: must be suspended: a restore runs only as a Job made from it by hand',
    );
  });

  it('asks every deployable for what the service graph says it calls and serves', () => {
    // a new internal route of the library that accounts calls: accounts needs the library's address and its own
    // key, the library needs accounts' public key, in compose and in every rendering of the manifests
    mkdirSync(path.join(root, 'packages/contracts/src'), { recursive: true });
    cpSync(
      path.join(repo, 'packages/contracts/src/service-graph.ts'),
      path.join(root, 'packages/contracts/src/service-graph.ts'),
    );
    edit(
      'packages/contracts/src/service-graph.ts',
      '} as const satisfies Record<`${InternalMethod} /internal/',
      "  'GET /internal/library/usage': { service: 'library', callers: ['accounts'] },\n$&",
    );
    expectProblems(
      'deploy/k8s/base Deployment/accounts container accounts: env LIBRARY_URL is missing (it calls GET /internal/library/usage)',
      'deploy/k8s/overlays/staging Deployment/library container library: env AGORA_ACCOUNTS_PUBLIC_KEY is missing (accounts calls GET /internal/library/usage)',
      'deploy/compose.yaml service accounts: env LIBRARY_URL is missing (it calls GET /internal/library/usage)',
    );
  });

  it('fails when a manifest misses what the service graph needs, or has what it does not', () => {
    edit('deploy/k8s/base/consultation.yaml', /- name: LIBRARY_URL\n\s+value: \S+\n\s+/, '');
    edit(
      'deploy/compose.yaml',
      'AGORA_CONSULTATION_PUBLIC_KEY: ${AGORA_CONSULTATION_PUBLIC_KEY',
      'ACCOUNTS_URL: http://accounts:3101\n      $&',
    );
    edit(
      'deploy/compose/compose.host-services.yaml',
      /\n\s+AGORA_MAILING_PUBLIC_KEY: \$\{AGORA_MAILING_PUBLIC_KEY[^\n]*/,
      '',
    );
    expectProblems(
      'deploy/k8s/base Deployment/consultation container consultation: env LIBRARY_URL is missing (it calls GET /internal/library/uuid/{uuid}/owner)',
      'deploy/compose/compose.host-services.yaml service accounts: env AGORA_MAILING_PUBLIC_KEY is missing (mailing calls',
      'deploy/compose.yaml service library: env ACCOUNTS_URL is not needed: the service graph has no such call',
    );
  });

  it('fails when kustomize cannot apply an overlay', () => {
    edit(
      'deploy/k8s/overlays/staging/kustomization.yaml',
      'path: /spec/rules/0/host',
      'path: /spec/nothing/0/host',
    );
    expectProblems('deploy/k8s/overlays/staging: kubectl kustomize failed');
  });

  it("fails when a deployable holds another signer's private key", () => {
    edit('deploy/k8s/base/library.yaml', /AGORA_CONSULTATION_PUBLIC_KEY/g, 'AGORA_CONSULTATION_PRIVATE_KEY');
    expectProblems(
      "deploy/k8s/base Deployment/library container library: env AGORA_CONSULTATION_PRIVATE_KEY: another signer's private key",
      'deploy/k8s/base Deployment/library container library: env AGORA_CONSULTATION_PUBLIC_KEY is missing',
    );
  });

  it("fails on an overlay's remotes registry naming an unknown remote", () => {
    edit(
      'deploy/k8s/overlays/production/remotes.json',
      '{',
      '{ "mf_unknown": "/remotes/x/1/mf-manifest.json",',
    );
    expectProblems(
      'deploy/k8s/overlays/production ConfigMap/agora-remotes remotes.json: unknown remote "mf_unknown"',
    );
  });

  it('fails on a Dockerfile target that would run as root or start the wrong program', () => {
    edit('deploy/Dockerfile', 'USER 1000:1000', 'USER root');
    edit(
      'deploy/Dockerfile',
      'CMD ["node", "services/mailing/dist/main.js"]',
      'CMD ["node", "services/mailing/src/main.ts"]',
    );
    expectProblems(
      'deploy/Dockerfile target accounts: USER root: use a numeric, non-zero uid so that runAsNonRoot can verify it',
      'deploy/Dockerfile target mailing: CMD must be ["node", "services/mailing/dist/main.js"]',
    );
  });

  it("fails on a Dockerfile target that carries another deployable's files", () => {
    edit(
      'deploy/Dockerfile',
      'COPY --from=app /staged/accounts/ /app/',
      'COPY --from=app /staged/migrate/ /app/',
    );
    expectProblems(
      'deploy/Dockerfile target accounts: must COPY --from=app /staged/accounts/ /app/ (its traced files)',
      'deploy/Dockerfile target accounts: copies files that are not its own',
    );
  });

  it('fails when the mailing API would also send the mails that the mail-worker Deployment sends', () => {
    edit('deploy/k8s/base/kustomization.yaml', 'MAIL_WORKER=off', 'MAIL_WORKER=inline');
    expectProblems(
      'deploy/k8s/base: agora-settings must set MAIL_WORKER=off: the mail-worker Deployment sends the mails',
    );
  });

  it('fails when a deployable that makes links would get no PUBLIC_URL or a local one', () => {
    edit(
      'deploy/k8s/base/kustomization.yaml',
      'PUBLIC_URL=https://agora.example.org',
      'PUBLIC_URL=http://localhost:8080',
    );
    edit(
      'deploy/k8s/overlays/staging/kustomization.yaml',
      'PUBLIC_URL=https://staging.agora.example.org',
      'PUBLIC_URL=http://127.0.0.1',
    );
    edit(
      'deploy/compose/compose.host-services.yaml',
      'PUBLIC_URL: ${PUBLIC_URL:-https://agora.example.org}',
      'PUBLIC_URL: ${PUBLIC_URL:-http://localhost:8080}',
    );
    edit('deploy/compose.yaml', /\n {2}PUBLIC_URL: .*\n/, '\n');
    expectProblems(
      "deploy/k8s/base Deployment accounts: env PUBLIC_URL must be the site's public address, not http://localhost:8080",
      "deploy/k8s/base Deployment mailing: env PUBLIC_URL must be the site's public address, not http://localhost:8080",
      "deploy/k8s/overlays/staging Deployment mailing: env PUBLIC_URL must be the site's public address, not http://127.0.0.1",
      "deploy/compose/compose.host-services.yaml service accounts: env PUBLIC_URL must be the site's public address, not http://localhost:8080",
      'deploy/compose.yaml service mailing: env PUBLIC_URL is missing',
    );
    expect(check().output).not.toContain('deploy/k8s/overlays/production Deployment');
  });

  it('fails when compose points consultation at the wrong port of the library', () => {
    edit('deploy/compose.yaml', 'LIBRARY_URL: http://library:3102', 'LIBRARY_URL: http://library:3100');
    expectProblems(
      'deploy/compose.yaml service consultation: env LIBRARY_URL should be http://library:3102 (is http://library:3100)',
    );
  });
});
