import { mkdir, mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Role, SessionUser } from '@agora/contracts';
import { IDENTITY_HEADER } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createLibraryService } from '../src/index.js';

/** Helpers of the library's integration tests: a caller of each role, services in a temporary folder, files. */

/** A caller with the given role (the same uuid for every role, so that an item's owner can be checked). */
export function testUser(role: Role): SessionUser {
  return {
    uuid: '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01',
    username: role,
    firstname: 'Μαρία',
    lastname: 'Παπαδοπούλου',
    email: `${role}@example.org`,
    role,
  };
}

/** A library service on a fresh database, with its files in `root`. */
export interface LibraryNode {
  svc: TestService;
  /** The storage folder (STORAGE_DIR). */
  root: string;
}

/** A temporary folder that holds the storage of library services; `close()` stops them and removes it. */
export interface LibraryTestFolder {
  /** The folder itself: tests put files here to check that nothing reaches outside a storage folder. */
  base: string;
  /**
   * Boots a library with its storage in `<base>/<name>/storage` (created) and backup staging in
   * `<base>/<name>/staging`; `env` adds to or overrides that configuration.
   */
  boot(name: string, env?: Record<string, string>): Promise<LibraryNode>;
  close(): Promise<void>;
}

/** Makes the folder under the system's temporary folder, its name starting with `prefix`. */
export async function libraryTestFolder(prefix: string): Promise<LibraryTestFolder> {
  const base = await mkdtemp(path.join(os.tmpdir(), prefix));
  const started: TestService[] = [];
  return {
    base,
    async boot(name, env = {}) {
      const root = path.join(base, name, 'storage');
      await mkdir(root, { recursive: true });
      const svc = await bootTestService(
        createLibraryService({
          STORAGE_DIR: root,
          BACKUP_STAGING_DIR: path.join(base, name, 'staging'),
          ...env,
        }),
      );
      started.push(svc);
      return { svc, root };
    },
    async close() {
      for (const svc of started) await svc.close();
      await rm(base, { recursive: true, force: true });
    },
  };
}

/** The files below `dir` (relative paths, sorted); none when it does not exist. */
export async function filesUnder(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => path.relative(dir, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

/** Requests to `svc` as `who` (null: an anonymous visitor), with the identity the gateway would sign. */
export function callAs(svc: TestService, who: SessionUser | null) {
  const agent = request(svc.app.getHttpServer());
  const sign = (r: request.Test) => r.set(IDENTITY_HEADER, svc.identity(who));
  return {
    get: (u: string) => sign(agent.get(u)),
    post: (u: string) => sign(agent.post(u)),
    put: (u: string) => sign(agent.put(u)),
    delete: (u: string) => sign(agent.delete(u)),
  };
}
