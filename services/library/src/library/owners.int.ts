import type { SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import request from 'supertest';
import { callAs, libraryTestFolder, testUser, type LibraryTestFolder } from '../../test/library-test-bed.js';
import { makeImage } from '@agora/common/uploads/fixtures';

/**
 * The shared library (items, documentation pages) is changed by every editor and admin, whoever made it; only its
 * owner or an admin deletes it (decision 0066). A library view is changed and deleted by its owner or an admin
 * only (decision 0025).
 */
describe('owners of library content', () => {
  let folder: LibraryTestFolder;
  let svc: TestService;
  let png: Buffer;
  const admin: SessionUser = { ...testUser('admin'), uuid: '0a0a0a0a-0000-4000-8000-00000000000a' };
  const maria: SessionUser = { ...testUser('editor'), uuid: '0b0b0b0b-0000-4000-8000-00000000000b' };
  const nikos: SessionUser = {
    ...testUser('editor'),
    username: 'nikos',
    uuid: '0c0c0c0c-0000-4000-8000-00000000000c',
  };
  const reviewer: SessionUser = { ...testUser('reviewer'), uuid: '0d0d0d0d-0000-4000-8000-00000000000d' };
  const citizen: SessionUser = { ...testUser('authorized'), uuid: '0e0e0e0e-0000-4000-8000-00000000000e' };

  beforeAll(async () => {
    folder = await libraryTestFolder('agora-owners-');
    ({ svc } = await folder.boot('owners'));
    png = await makeImage('png', 40, 30);
  });
  afterAll(() => folder?.close());

  const as = (who: SessionUser | null) => callAs(svc, who);
  const upload = (who: SessionUser, title: string) =>
    as(who)
      .post('/library')
      .field('title', title)
      .attach('resource', png, { filename: 'a.png', contentType: 'image/png' });
  const NOT_OWNER = {
    Error: 'only its owner or an admin may change or delete it',
    code: 'LIBRARY.NOT_OWNER',
  };

  /**
   * Checks the rule on one kind of content: `create` makes a row as its user, `edit` sends a change; `shared`:
   * every editor may change it (items, documentation pages), else only its owner and admins (views).
   */
  async function checkRule(
    base: string,
    table: string,
    shared: boolean,
    create: (who: SessionUser) => Promise<request.Response>,
    edit: (who: SessionUser | null, uuid: string) => request.Test,
  ): Promise<void> {
    const readTitle = async (uuid: string) =>
      (await svc.db.query<{ title: string }>(`SELECT title FROM library.${table} WHERE id = $1`, [uuid]))[0]
        ?.title;
    const created = await create(maria);
    expect(created.status).toBe(200);
    expect(created.body).toEqual(
      expect.objectContaining({ owner: maria.uuid, can_edit: true, can_delete: true }),
    );
    const uuid = created.body.uuid as string;
    const title = await readTitle(uuid);

    // Each caller is told what they may do, in the list and in the item.
    const rights = async (who: SessionUser) => {
      // (`/library/uuid/<uuids>` answers a list)
      const body = (await as(who).get(`${base}/uuid/${uuid}`)).body;
      const one = Array.isArray(body) ? body[0] : body;
      const listed = ((await as(who).get(base)).body.values as Array<Record<string, unknown>>).find(
        (v) => v.uuid === uuid,
      );
      expect(listed).toEqual(expect.objectContaining({ can_edit: one.can_edit, can_delete: one.can_delete }));
      return [one.owner, one.can_edit, one.can_delete];
    };
    expect(await rights(maria)).toEqual([maria.uuid, true, true]);
    expect(await rights(nikos)).toEqual([maria.uuid, shared, false]);
    expect(await rights(admin)).toEqual([maria.uuid, true, true]);

    // Another editor changes shared content (and nothing else of it), never a view; deletes neither.
    const changed = await edit(nikos, uuid);
    if (shared) {
      expect(changed.status).toBe(200);
      expect(changed.body).toEqual(
        expect.objectContaining({ owner: maria.uuid, can_edit: true, can_delete: false }),
      );
      expect(await readTitle(uuid)).toBe(`changed by ${nikos.uuid}`);
    } else {
      expect([changed.status, changed.body]).toEqual([403, NOT_OWNER]);
      expect(await readTitle(uuid)).toBe(title);
    }
    const deleted = await as(nikos).delete(`${base}/uuid/${uuid}`);
    expect([deleted.status, deleted.body]).toEqual([403, NOT_OWNER]);
    expect(await readTitle(uuid)).toBeDefined();

    // Below editor nobody changes or deletes anything: anonymous 401, reviewers and participants 403.
    for (const [who, status] of [
      [null, 401],
      [reviewer, 403],
      [citizen, 403],
    ] as const) {
      const before = await readTitle(uuid);
      expect((await edit(who, uuid)).status).toBe(status);
      expect((await as(who).delete(`${base}/uuid/${uuid}`)).status).toBe(status);
      expect(await readTitle(uuid)).toBe(before);
    }

    // Its owner and an admin change it.
    expect((await edit(maria, uuid)).status).toBe(200);
    expect((await edit(admin, uuid)).status).toBe(200);

    // A row without an owner (older content, demo data, a restore): admins delete it; editors change it when shared.
    await svc.db.query(`UPDATE library.${table} SET owner = NULL WHERE id = $1`, [uuid]);
    expect(await rights(maria)).toEqual([null, shared, false]);
    expect((await edit(maria, uuid)).status).toBe(shared ? 200 : 403);
    expect((await as(maria).delete(`${base}/uuid/${uuid}`)).status).toBe(403);

    // Content of an admin is the admin's to delete.
    const adminRow = await create(admin);
    expect(adminRow.body).toEqual(expect.objectContaining({ owner: admin.uuid }));
    expect((await edit(maria, adminRow.body.uuid)).status).toBe(shared ? 200 : 403);
    expect((await as(maria).delete(`${base}/uuid/${adminRow.body.uuid}`)).status).toBe(403);
    expect((await as(admin).delete(`${base}/uuid/${adminRow.body.uuid}`)).status).toBe(200);
    expect((await as(admin).delete(`${base}/uuid/${uuid}`)).status).toBe(200);
    expect(await readTitle(uuid)).toBeUndefined();
  }

  it('library items (images): every editor changes them, their owner or an admin deletes them', async () => {
    await checkRule(
      '/library',
      'library_item',
      true,
      (who) => upload(who, `by ${who.username}`),
      (who, uuid) => as(who).put(`/library/uuid/${uuid}`).field('title', `changed by ${who?.uuid}`),
    );
    // the POST form of the change too, and a new image from another editor
    const mine = await upload(maria, 'mine');
    const byPost = await as(nikos)
      .post(`/library/uuid/${mine.body.uuid}`)
      .field('_method', 'PUT')
      .field('title', 'retitled')
      .attach('resource', png, { filename: 'b.png', contentType: 'image/png' });
    expect(byPost.status).toBe(200);
    expect(byPost.body).toEqual(expect.objectContaining({ title: 'retitled', owner: maria.uuid }));
    expect(byPost.body.resource).not.toBe(mine.body.resource);
    // a participant reads items (the answer form) and may do nothing with them
    const read = await as(citizen).get(`/library/uuid/${mine.body.uuid}`);
    expect(read.body[0]).toEqual(expect.objectContaining({ can_edit: false, can_delete: false }));
  });

  it('library views: their owner or an admin changes and deletes them', async () => {
    let n = 0;
    await checkRule(
      '/libraryView',
      'library_view',
      false,
      (who) =>
        as(who)
          .post('/libraryView')
          .send({ uri: `views/v${(n += 1)}`, title: 'View', items: [] }),
      (who, uuid) =>
        as(who)
          .put(`/libraryView/uuid/${uuid}`)
          .send({ title: `changed by ${who?.uuid}` }),
    );
  });

  it('documentation pages: every editor changes them, their owner or an admin deletes them', async () => {
    let n = 0;
    await checkRule(
      '/documentation',
      'documentation',
      true,
      (who) =>
        as(who)
          .post('/documentation')
          .field('uri', `help/p${(n += 1)}`)
          .field('title', 'Page')
          .field('type', 'html')
          .field('html', '<p>x</p>'),
      (who, uuid) => as(who).put(`/documentation/uuid/${uuid}`).field('title', `changed by ${who?.uuid}`),
    );
  });
});
