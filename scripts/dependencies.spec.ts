import { readFileSync } from 'node:fs';
import { join } from 'node:path';

/** What package-lock.json records of one installed package (or workspace). */
interface LockEntry {
  name?: string;
  version?: string;
  link?: boolean;
  resolved?: string;
  dev?: boolean;
  optional?: boolean;
  hasInstallScript?: boolean;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const root = process.cwd(); // jest runs from the repository root
const readJson = (file: string): unknown => JSON.parse(readFileSync(join(root, file), 'utf8'));
const lock = readJson('package-lock.json') as { packages: Record<string, LockEntry> };
const manifest = readJson('package.json') as { allowScripts?: Record<string, boolean> };

/** The deployables that images are made of. */
const DEPLOYABLES = [
  'gateway',
  'services/accounts',
  'services/library',
  'services/consultation',
  'services/mailing',
];

/** Node's lookup from `location` upwards: the lock location that `require(name)` finds. */
function locate(location: string, name: string): string | undefined {
  let from = location;
  for (;;) {
    const candidate = `${from === '' ? '' : `${from}/`}node_modules/${name}`;
    if (lock.packages[candidate]) return candidate;
    if (from === '') return undefined;
    const cut = from.lastIndexOf('/node_modules/');
    from = cut >= 0 ? from.slice(0, cut) : '';
  }
}

const packageName = (location: string): string =>
  lock.packages[location]?.name ?? location.slice(location.lastIndexOf('node_modules/') + 13);

/** Every package (by its own name) that a workspace's production dependencies reach, following links. */
function productionClosure(workspace: string): Set<string> {
  const seen = new Set<string>();
  const names = new Set<string>();
  const queue = [workspace];
  while (queue.length > 0) {
    let location = queue.pop() as string;
    let entry = lock.packages[location];
    if (entry?.link && entry.resolved !== undefined) {
      location = entry.resolved;
      entry = lock.packages[location];
    }
    if (!entry || seen.has(location)) continue;
    seen.add(location);
    names.add(packageName(location));
    const required = [
      ...Object.keys(entry.dependencies ?? {}),
      ...Object.keys(entry.optionalDependencies ?? {}),
      ...Object.keys(entry.peerDependencies ?? {}).filter((p) => !entry.peerDependenciesMeta?.[p]?.optional),
    ];
    for (const dependency of required) {
      const found = locate(location, dependency);
      if (found) queue.push(found);
    }
  }
  return names;
}

describe('production dependencies', () => {
  it.each(DEPLOYABLES)(
    '%s reaches neither the Swagger UI nor its install-time telemetry package',
    (workspace) => {
      const closure = productionClosure(workspace);
      expect(closure.size).toBeGreaterThan(20);
      expect([...closure].filter((n) => n === 'swagger-ui-dist' || n === '@scarf/scarf')).toEqual([]);
    },
  );

  it('leave @nestjs/swagger (which the services need for their documents) its stand-in for the UI', () => {
    const closure = productionClosure('services/common');
    expect(closure.has('@nestjs/swagger')).toBe(true);
    expect(closure.has('@agora/no-swagger-ui')).toBe(true);
  });

  it('keep the Swagger UI for development, as a development dependency of the gateway', () => {
    const gateway = lock.packages['gateway'];
    expect(gateway?.devDependencies ?? {}).toHaveProperty('swagger-ui-dist');
    expect(gateway?.dependencies ?? {}).not.toHaveProperty('swagger-ui-dist');
    const ui = lock.packages[locate('gateway', 'swagger-ui-dist') ?? ''];
    expect(ui?.dev).toBe(true);
    expect(ui?.version).toMatch(/^5\./);
  });
});

describe('install scripts', () => {
  const policy = manifest.allowScripts ?? {};
  const decided = (name: string): boolean | undefined => {
    for (const [key, allowed] of Object.entries(policy)) {
      const at = key.lastIndexOf('@');
      if ((at > 0 ? key.slice(0, at) : key) === name) return allowed;
    }
    return undefined;
  };

  it('are each allowed or refused in package.json (allowScripts), so npm install warns of none', () => {
    const withScripts = Object.entries(lock.packages)
      .filter(([location, entry]) => location !== '' && entry.hasInstallScript && !entry.link)
      .map(([location]) => packageName(location));
    expect(withScripts.length).toBeGreaterThan(0);
    expect(withScripts.filter((name) => decided(name) === undefined)).toEqual([]);
  });

  it('run only for argon2, which is built from source here; the telemetry package is refused', () => {
    expect(Object.entries(policy).filter(([, allowed]) => allowed)).toEqual([['argon2', true]]);
    expect(decided('@scarf/scarf')).toBe(false);
  });
});
