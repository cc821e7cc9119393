import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { SessionUser } from '@agora/contracts';
import { DEMO_LIBRARY_ITEM_IDS, IDENTITY_HEADER, type DemoLibraryPicture } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createLibraryService } from '../index.js';

const editor: SessionUser = {
  uuid: '3c2f6e0c-9a43-4b8e-a0f1-8f2a3b4c5d6e',
  username: 'editor',
  firstname: 'Νίκος',
  lastname: 'Γεωργίου',
  email: 'editor@example.org',
  role: 'editor',
};

describe('demo library data', () => {
  let base: string;
  const started: TestService[] = [];

  beforeAll(async () => {
    base = await mkdtemp(path.join(os.tmpdir(), 'agora-demo-'));
  });
  afterAll(async () => {
    for (const s of started) await s.close();
    await rm(base, { recursive: true, force: true });
  });

  it('is seeded once when AGORA_DEMO_DATA=true, with files that are served', async () => {
    const dir = path.join(base, 'on');
    const def = createLibraryService({ STORAGE_DIR: dir, AGORA_DEMO_DATA: 'true' });
    const svc = await bootTestService(def);
    started.push(svc);
    const list = async () =>
      request(svc.app.getHttpServer()).get('/library').set(IDENTITY_HEADER, svc.identity(editor));

    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.total).toBe(6);
    for (const item of first.body.values) {
      expect(Object.keys(item).sort()).toEqual(
        [
          'alt_text',
          'can_delete',
          'can_edit',
          'created',
          'description',
          'documentation',
          'height',
          'mime',
          'owner',
          'resource',
          'tags',
          'thumbnail',
          'title',
          'tooltip',
          'uuid',
          'width',
        ].sort(),
      );
      expect(item.title).toMatch(/[\u0370-\u03ff].* — [A-Za-z]/);
      expect(item.resource).toMatch(/^\/api\/library\/files\/demo\/[a-z-]+\.svg$/);
      const file = await request(svc.app.getHttpServer())
        .get(item.resource.replace(/^\/api/, ''))
        .set(IDENTITY_HEADER, svc.identity(null));
      expect(file.status).toBe(200);
      expect(file.headers['content-type']).toBe('image/svg+xml');
      expect(file.body.toString()).toContain('<svg');
    }
    expect(first.body.values[0].title).toBe('Πλατεία Αριστοτέλους — Aristotelous Square');
    // Each item under the id the consultation demo's library question names it by.
    for (const item of first.body.values) {
      const slug = /\/demo\/([a-z-]+)\.svg$/.exec(item.resource)![1] as DemoLibraryPicture;
      expect(item.uuid).toBe(DEMO_LIBRARY_ITEM_IDS[slug]);
    }

    // A second start (onReady runs again) adds nothing.
    await def.onReady!(svc.app, svc.config);
    const second = await list();
    expect(second.body.total).toBe(6);
    expect(second.body.values.map((v: { uuid: string }) => v.uuid)).toEqual(
      first.body.values.map((v: { uuid: string }) => v.uuid),
    );
    expect((await readdir(path.join(dir, 'demo'))).sort()).toHaveLength(6);
  });

  it('adds nothing when AGORA_DEMO_DATA is not set', async () => {
    const dir = path.join(base, 'off');
    const svc = await bootTestService(createLibraryService({ STORAGE_DIR: dir }));
    started.push(svc);
    const res = await request(svc.app.getHttpServer())
      .get('/library')
      .set(IDENTITY_HEADER, svc.identity(editor));
    expect(res.body.total).toBe(0);
    await expect(readdir(dir)).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
