import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { IDENTITY_HEADER, type Role, type SessionUser } from '@agora/contracts';
import { bootTestService, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { createLibraryService } from '../../../library/src/index.js';
import { createConsultationService } from '../index.js';

const person = (uuid: string, username: string, role: Role): SessionUser => ({
  uuid,
  username,
  firstname: username,
  lastname: 'Τεστ',
  email: `${username}@example.org`,
  role,
});
const owner = person('11111111-1111-4111-8111-111111111111', 'owner', 'editor');
const maria = person('22222222-2222-4222-8222-222222222222', 'maria', 'authorized');
const kostas = person('33333333-3333-4333-8333-333333333333', 'kostas', 'admin');
const IMAGE = '0a0b0c0d-0e0f-4a1b-8c2d-3e4f5a6b7c8d';
const ORPHAN = '9a9b9c9d-9e9f-4a1b-8c2d-3e4f5a6b7c8d';
const MISSING = 'ffffffff-0e0f-4a1b-8c2d-3e4f5a6b7c8d';
const NIL = '00000000-0000-0000-0000-000000000000';

describe('social reactions', () => {
  let dir: string;
  let library: TestService;
  let svc: TestService;

  beforeAll(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'agora-social-'));
    library = await bootTestService(createLibraryService({ STORAGE_DIR: dir }));
    await library.app.listen(0, '127.0.0.1');
    const { port } = library.app.getHttpServer().address() as { port: number };
    await library.db.query(
      `INSERT INTO library.library_item (id, title, resource_key, mime, width, height, owner)
       VALUES ($1, 'Λιμάνι', 'a/harbour.png', 'image/png', 320, 240, $2),
              ($3, 'Χωρίς κάτοχο', 'a/orphan.png', 'image/png', 320, 240, NULL)`,
      [IMAGE, owner.uuid, ORPHAN],
    );
    svc = await bootTestService(createConsultationService({ LIBRARY_URL: `http://127.0.0.1:${port}/` }));
  });
  afterAll(async () => {
    await svc?.close();
    await library?.close();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const as = (who: SessionUser | null) => ({
    get: (url: string) => request(svc.app.getHttpServer()).get(url).set(IDENTITY_HEADER, svc.identity(who)),
    post: (url: string, body: object) =>
      request(svc.app.getHttpServer()).post(url).set(IDENTITY_HEADER, svc.identity(who)).send(body),
    del: (url: string, body?: object) => {
      const req = request(svc.app.getHttpServer()).delete(url).set(IDENTITY_HEADER, svc.identity(who));
      return body ? req.send(body) : req;
    },
  });
  const rows = () =>
    svc.db.query(
      `SELECT scope, item, user_uuid, reaction FROM consultation.social_reaction ORDER BY user_uuid`,
    );

  it('the library tells the owner of an item to system calls only', async () => {
    const server = library.app.getHttpServer();
    const url = `/internal/library/uuid/${IMAGE}/owner`;
    const system = library.identity(null, { sys: 'consultation' });
    expect((await request(server).get(url).set(IDENTITY_HEADER, system)).body).toEqual({ owner: owner.uuid });
    expect(
      (await request(server).get(`/internal/library/uuid/${ORPHAN}/owner`).set(IDENTITY_HEADER, system)).body,
    ).toEqual({ owner: null });
    const missing = await request(server)
      .get(`/internal/library/uuid/${MISSING}/owner`)
      .set(IDENTITY_HEADER, system);
    expect(missing.status).toBe(404);
    expect(
      (await request(server).get('/internal/library/uuid/x/owner').set(IDENTITY_HEADER, system)).status,
    ).toBe(400);
    for (const who of [null, owner, kostas]) {
      const res = await request(server).get(url).set(IDENTITY_HEADER, library.identity(who));
      expect(res.status).toBe(403);
    }
  });

  it('answers counts to anyone and tells the owner that the item is theirs', async () => {
    const anonymous = await as(null).get(`/social/library/${IMAGE}`);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toEqual({ likes: 0, dislikes: 0, reaction: null, owner: false });
    expect((await as(owner).get(`/social/library/${IMAGE}`)).body).toEqual({
      likes: 0,
      dislikes: 0,
      reaction: null,
      owner: true,
    });
    expect((await as(maria).get(`/social/library/${ORPHAN}`)).body.owner).toBe(false);
  });

  it('likes, keeps one reaction per user, refuses the opposite with 409, toggles off and dislikes', async () => {
    const liked = await as(maria).post('/social/scope/library', { token: IMAGE, reaction: 'like' });
    expect(liked.status).toBe(200);
    expect(liked.body).toEqual({ likes: 1, dislikes: 0, reaction: 'like', owner: false });
    const again = await as(maria).post('/social/scope/library', { token: IMAGE, reaction: 'like' });
    expect(again.body).toEqual({ likes: 1, dislikes: 0, reaction: 'like', owner: false });

    const opposite = await as(maria).post('/social/scope/library', { token: IMAGE, reaction: 'dislike' });
    expect(opposite.status).toBe(409);
    expect(opposite.body).toEqual({
      Error: 'remove your reaction before choosing the opposite one',
      code: 'SOCIAL.ALREADY_REACTED',
    });
    expect(await rows()).toEqual([
      { scope: 'library', item: IMAGE, user_uuid: maria.uuid, reaction: 'like' },
    ]);

    const kostasDislikes = await as(kostas).post('/social/scope/library', {
      token: IMAGE,
      reaction: 'dislike',
    });
    expect(kostasDislikes.body).toEqual({ likes: 1, dislikes: 1, reaction: 'dislike', owner: false });
    expect((await as(null).get(`/social/library/${IMAGE}`)).body).toEqual({
      likes: 1,
      dislikes: 1,
      reaction: null,
      owner: false,
    });

    const off = await as(maria).del(`/social/library/${IMAGE}`);
    expect(off.status).toBe(200);
    expect(off.body).toEqual({ likes: 0, dislikes: 1, reaction: null, owner: false });
    const disliked = await as(maria).post('/social/scope/library', { token: IMAGE, reaction: 'dislike' });
    expect(disliked.body).toEqual({ likes: 0, dislikes: 2, reaction: 'dislike', owner: false });

    const byBody = await as(maria).del('/social/scope/library', { token: IMAGE });
    expect(byBody.status).toBe(200);
    expect(byBody.body).toEqual({ likes: 0, dislikes: 1, reaction: null, owner: false });
    expect((await as(maria).del(`/social/library/${IMAGE}`)).body.reaction).toBeNull();
  });

  it('forbids the owner to react and anonymous visitors to react or unreact, writing nothing', async () => {
    const before = await rows();
    const own = await as(owner).post('/social/scope/library', { token: IMAGE, reaction: 'like' });
    expect(own.status).toBe(403);
    expect(own.body).toEqual({ Error: 'owners cannot react to their own items', code: 'SOCIAL.OWNER' });
    expect((await as(null).post('/social/scope/library', { token: IMAGE, reaction: 'like' })).status).toBe(
      401,
    );
    expect((await as(null).del(`/social/library/${IMAGE}`)).status).toBe(401);
    expect((await as(null).del('/social/scope/library', { token: IMAGE })).status).toBe(401);
    expect(await rows()).toEqual(before);
  });

  it('answers 404 for unknown scopes and items and 400 for bad tokens and reactions, writing nothing', async () => {
    const before = await rows();
    const cases: Array<[Promise<request.Response>, number, string]> = [
      [as(maria).get(`/social/poll/${IMAGE}`), 404, 'unknown social scope'],
      // answers of the questionnaire are a scope: a token that is no answer is no item
      [as(maria).get(`/social/choice/${IMAGE}`), 404, 'item not found'],
      [as(maria).get(`/social/library/${MISSING}`), 404, 'item not found'],
      // The nil uuid (and any uuid the library does not accept as an item's) is no item either.
      [as(null).get(`/social/library/${NIL}`), 404, 'item not found'],
      [as(maria).post('/social/scope/library', { token: NIL, reaction: 'like' }), 404, 'item not found'],
      [as(null).get('/social/library/harbour'), 400, 'invalid token'],
      [
        as(maria).post('/social/scope/answers', { token: IMAGE, reaction: 'like' }),
        404,
        'unknown social scope',
      ],
      [as(maria).post('/social/scope/library', { token: MISSING, reaction: 'like' }), 404, 'item not found'],
      [as(maria).post('/social/scope/library', { token: 'x', reaction: 'like' }), 400, 'token: a token'],
      [as(maria).post('/social/scope/library', { reaction: 'like' }), 400, 'token: This value is required.'],
      [
        as(maria).post('/social/scope/library', { token: IMAGE, reaction: 'love' }),
        400,
        'reaction: like or dislike',
      ],
      [as(maria).post('/social/scope/library', { token: IMAGE }), 400, 'reaction: like or dislike'],
      [
        as(maria).post('/social/scope/library', { token: IMAGE, reaction: 'like', x: 1 }),
        400,
        'x: unknown field',
      ],
      [as(maria).del(`/social/library/${MISSING}`), 404, 'item not found'],
      [as(maria).del('/social/library/1'), 400, 'invalid token'],
      [as(maria).del('/social/scope/library', {}), 400, 'token: This value is required.'],
      [as(maria).del('/social/scope/nothing', { token: IMAGE }), 404, 'unknown social scope'],
    ];
    for (const [call, status, message] of cases) {
      const res = await call;
      expect([res.status, res.body.Error]).toEqual([status, message]);
    }
    expect(await rows()).toEqual(before);
  });

  it('answers 503 when the library cannot say who owns an item', async () => {
    await library.app.close();
    const res = await as(maria).get(`/social/library/${IMAGE}`);
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('SOCIAL.OWNER_UNAVAILABLE');
  });
});
