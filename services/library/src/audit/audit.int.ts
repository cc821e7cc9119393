// The library's audit log (decision 0084): library items added, changed and deleted by editors and admins, with
// who, from where, before and after; a refused action records nothing.
import { IDENTITY_HEADER } from '@agora/contracts';
import { AuditLog } from '@agora/common';
import { auditEntries, runScheduledNow, type TestService } from '@agora/common/testing';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import {
  AUDIT_PRUNE_EVERY_MS,
  AUDIT_PRUNE_SCHEDULER,
  LIBRARY_MAINTENANCE_QUEUE,
  LibraryAuditPrune,
} from './audit-prune.js';
import { libraryTestFolder, testUser, type LibraryTestFolder } from '../../test/library-test-bed.js';
import { makeImage } from '@agora/common/uploads/fixtures';

describe('the library audit log', () => {
  let folder: LibraryTestFolder;
  let svc: TestService;

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-library-audit-');
    ({ svc } = await folder.boot('audit'));
  });
  afterAll(() => folder?.close());

  const editor = testUser('editor');
  const send = (method: 'post' | 'put' | 'delete', path: string, id: string) => {
    const http = request(svc.app.getHttpServer());
    return http[method](path)
      .set(IDENTITY_HEADER, svc.identity(editor, { ip: '192.0.2.50' }))
      .set('x-request-id', id);
  };
  const entries = () => auditEntries(svc.db, 'library');
  const last = async () => (await entries()).at(-1)!;
  const count = async () => (await entries()).length;

  it('records an item added, changed and deleted, and refused changes not at all', async () => {
    const png = await makeImage('png', 300, 200);
    const created = await send('post', '/library', 'lib-1')
      .field('title', 'Πλατεία')
      .attach('resource', png, { filename: 'a.png', contentType: 'image/png' });
    expect(created.status).toBe(200);
    const id = created.body.uuid as string;
    expect(await last()).toMatchObject({
      actor_uuid: editor.uuid,
      actor_role: 'editor',
      ip: '192.0.2.50',
      request_id: 'lib-1',
      action: 'library.create',
      object_type: 'library_item',
      object_id: id,
      before: null,
      after: { title: 'Πλατεία', owner: editor.uuid },
    });

    expect((await send('put', `/library/uuid/${id}`, 'lib-2').field('title', 'Η πλατεία')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'library.update',
      before: { title: 'Πλατεία' },
      after: { title: 'Η πλατεία' },
    });

    const n = await count();
    const missing = await send('delete', '/library/uuid/3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f', 'lib-3');
    expect(missing.status).toBe(404);
    const noFile = await send('post', '/library', 'lib-4').field('title', 'x');
    expect(noFile.status).toBe(400);
    const reviewer = await request(svc.app.getHttpServer())
      .delete(`/library/uuid/${id}`)
      .set(
        IDENTITY_HEADER,
        svc.identity({ ...testUser('reviewer'), uuid: '7a1c0f0a-3f59-4a4e-8d7e-1d7a1c0f0a02' }),
      );
    expect(reviewer.status).toBe(403);
    expect(await count()).toBe(n);

    expect((await send('delete', `/library/uuid/${id}`, 'lib-5')).status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'library.delete',
      object_id: id,
      before: { title: 'Η πλατεία' },
      after: null,
    });
  });

  it('records a backup started by an admin, and a refused deletion not at all', async () => {
    const admin = { ...testUser('admin'), uuid: '7a1c0f0a-3f59-4a4e-8d7e-1d7a1c0f0a03' };
    const as = (method: 'post' | 'delete', path: string) =>
      request(svc.app.getHttpServer())[method](path).set(IDENTITY_HEADER, svc.identity(admin));
    const started = await as('post', '/libraryExport');
    expect(started.status).toBe(200);
    expect(await last()).toMatchObject({
      actor_uuid: admin.uuid,
      action: 'backup.create',
      object_type: 'backup',
      detail: { job: started.body.job },
    });
    const n = await count();
    expect((await as('delete', '/libraryExport/filename/library-nothing.tar.gz')).status).toBe(404);
    expect(await count()).toBe(n);
  });

  it('records documentation pages and library views added, changed and deleted', async () => {
    const page = await send('post', '/documentation', 'doc-1')
      .field('uri', 'help/audit')
      .field('title', 'Βοήθεια')
      .field('type', 'html')
      .field('html', '<p>Καλώς ήρθατε</p>');
    expect(page.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'documentation.create',
      object_type: 'documentation',
      object_id: page.body.uuid,
      after: { uri: 'help/audit', title: 'Βοήθεια', html: '<p>Καλώς ήρθατε</p>' },
    });
    const changed = await send('put', `/documentation/uuid/${page.body.uuid}`, 'doc-2').field(
      'title',
      'Οδηγός',
    );
    expect(changed.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'documentation.update',
      before: { title: 'Βοήθεια' },
      after: { title: 'Οδηγός' },
    });
    expect((await send('delete', `/documentation/uuid/${page.body.uuid}`, 'doc-3')).status).toBe(200);
    expect(await last()).toMatchObject({ action: 'documentation.delete', before: { uri: 'help/audit' } });

    const view = await send('post', '/libraryView', 'view-1').send({
      uri: 'views/audit',
      title: 'Όψη',
      items: [],
    });
    expect(view.status).toBe(200);
    expect(await last()).toMatchObject({
      action: 'library_view.create',
      object_type: 'library_view',
      after: { uri: 'views/audit', title: 'Όψη' },
    });
    const n = await count();
    const taken = await send('post', '/libraryView', 'view-2').send({
      uri: 'views/audit',
      title: 'x',
      items: [],
    });
    expect(taken.status).toBe(409);
    expect(await count()).toBe(n);
    expect((await send('delete', `/libraryView/uuid/${view.body.uuid}`, 'view-3')).status).toBe(200);
    expect(await last()).toMatchObject({ action: 'library_view.delete', before: { title: 'Όψη' } });
  });

  it('is pruned on schedule past AUDIT_RETENTION_DAYS, the rest checking from the anchor left', async () => {
    const pruning = svc.app.get(LibraryAuditPrune);
    await pruning.scheduled;
    const queue = svc.app.get<Queue>(getQueueToken(LIBRARY_MAINTENANCE_QUEUE));
    expect(await queue.getJobScheduler(AUDIT_PRUNE_SCHEDULER)).toEqual(
      expect.objectContaining({ every: AUDIT_PRUNE_EVERY_MS, name: 'audit-prune' }),
    );
    const n = await count();
    expect(n).toBeGreaterThan(0);
    // a run now: nothing is old enough
    expect(await runScheduledNow(queue, AUDIT_PRUNE_SCHEDULER)).toBe(0);
    expect(await count()).toBe(n);
    const hashes = () =>
      svc.db.query<{ prev_hash: string; hash: string }>(
        `SELECT prev_hash, hash FROM library.audit_log ORDER BY id`,
      );
    const head = (await hashes()).at(-1)!.hash;

    // as if the retention's days had gone by: every entry goes, its last hash kept as the anchor
    const audit = svc.app.get(AuditLog);
    expect(await pruning.prune(new Date(Date.now() + (audit.retentionDays + 1) * 86_400_000))).toBe(n);
    expect(await count()).toBe(0);
    const created = await send('post', '/libraryView', 'view-after').send({
      uri: 'views/after',
      title: 'Μετά',
      items: [],
    });
    expect(created.status).toBe(200);
    expect(await last()).toMatchObject({ action: 'library_view.create' });
    expect((await hashes())[0]!.prev_hash).toBe(head);
    // the check of audit:check (verifyAuditLog) from the anchor
    expect(await audit.verify()).toMatchObject({ schema: 'library', anchor: head, entries: 1, broken: null });
  });
});
