import { bootTestService, type TestService } from '@agora/common/testing';
import { callerUser, enrolledUser, requestWith, type Caller } from '../../test/test-callers.js';
import { createConsultationService } from '../index.js';

const ITEMS = {
  project: '00000000-0000-4000-8000-0000000000a1',
  node: '00000000-0000-4000-8000-0000000000a2',
  attribute: '00000000-0000-4000-8000-0000000000a3',
  variable: '00000000-0000-4000-8000-0000000000a4',
} as const;
const MISSING = '00000000-0000-4000-8000-0000000000ff';
const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const TITLE = 'Συζήτηση για τον ποδηλατόδρομο';
const RAW = 'Γράψτε εδώ τις απόψεις σας για τη διαδρομή.';

describe('discussion threads', () => {
  let svc: TestService;

  beforeAll(async () => {
    svc = await bootTestService(createConsultationService({}));
    await svc.db.query(`
      INSERT INTO consultation.category (token, mname, title) VALUES ('00000000-0000-4000-8000-0000000000c1', 'c', 'Κ');
      INSERT INTO consultation.project (token, mname, title, start_date, end_date, category)
        VALUES ('${ITEMS.project}', 'seafront', 'Παραλία', '2026-11-01', '2026-12-01', '00000000-0000-4000-8000-0000000000c1');
      INSERT INTO consultation.node (token, project, title, mname) VALUES ('${ITEMS.node}', '${ITEMS.project}', 'Θέμα', 'topic');
      INSERT INTO consultation.attribute (token, node, name, mname) VALUES ('${ITEMS.attribute}', '${ITEMS.node}', 'Ιδιότητα', 'attr');
      INSERT INTO consultation.variable (token, attribute, mname) VALUES ('${ITEMS.variable}', '${ITEMS.attribute}', 'var');`);
  });
  afterAll(() => svc?.close());

  /** 'participant' here is a participant enrolled in the category of every item. */
  const call = (method: 'get' | 'post', url: string, who: Caller = 'admin') =>
    requestWith(
      svc,
      who === 'participant' ? enrolledUser({ [CATEGORY]: 'normal' }, 'participant') : callerUser(who),
      method,
      url,
    );
  const counts = async () =>
    (
      await svc.db.query<{ t: number; p: number }>(
        `SELECT (SELECT count(*) FROM consultation.thread)::int AS t,
                (SELECT count(*) FROM consultation.thread_post)::int AS p`,
      )
    )[0];
  const linkOf = async (table: string, token: string) =>
    (
      await svc.db.query(
        `SELECT forum_topic_id, forum_topic_url FROM consultation.${table} WHERE token = $1`,
        [token],
      )
    )[0];

  it.each(Object.entries(ITEMS))(
    'opens the thread of a %s with its first post and links the item to it',
    async (scope, token) => {
      const res = await call('post', `/${scope}/createThread/${token}`).send({ title: TITLE, raw: RAW });
      expect(res.status).toBe(200);
      const id = res.body.forum_topic_id as number;
      expect(res.body).toEqual({ forum_topic_id: expect.any(Number), forum_topic_url: `/forum/${id}` });
      expect(await linkOf(scope, token)).toEqual({ forum_topic_id: id, forum_topic_url: `/forum/${id}` });
      const topic = await call('get', `/forumPosts/topicID/${id}`, 'participant');
      expect(topic.status).toBe(200);
      expect(topic.body).toEqual({
        id,
        title: TITLE,
        posts: [
          {
            id: expect.any(Number),
            content: RAW,
            avatar: '',
            username: 'admin',
            display_username: 'Μαρία Παπαδοπούλου',
            updated_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
          },
        ],
      });
    },
  );

  it('answers 409 when the item has a thread already, writing nothing', async () => {
    const before = await counts();
    const link = await linkOf('project', ITEMS.project);
    const res = await call('post', `/project/createThread/${ITEMS.project}`).send({ title: TITLE, raw: RAW });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ Error: 'this item already has a thread', code: 'CONSULTATION.THREAD_EXISTS' });
    expect(await counts()).toEqual(before);
    expect(await linkOf('project', ITEMS.project)).toEqual(link);
  });

  it.each([
    ['project', MISSING, { title: TITLE, raw: RAW }, 404, 'project not found'],
    ['variable', MISSING, { title: TITLE, raw: RAW }, 404, 'variable not found'],
    ['category', ITEMS.project, { title: TITLE, raw: RAW }, 404, 'unknown thread scope'],
    ['node', 'seafront', { title: TITLE, raw: RAW }, 400, 'invalid token'],
    [
      'node',
      MISSING,
      { title: 'Σύντομος', raw: RAW },
      400,
      'title: the title must be at least 15 characters long',
    ],
    ['node', MISSING, { raw: RAW }, 400, 'title: the title must be at least 15 characters long'],
    [
      'node',
      MISSING,
      { title: TITLE, raw: 'λίγα λόγια' },
      400,
      'raw: the message must be at least 20 characters long',
    ],
    [
      'node',
      MISSING,
      { title: TITLE, raw: `   ${'α'.repeat(19)}   ` },
      400,
      'raw: the message must be at least 20 characters long',
    ],
    ['node', MISSING, { title: TITLE, raw: 42 }, 400, 'raw: a text'],
    ['node', MISSING, { title: TITLE, raw: RAW, category: 'x' }, 400, 'category: unknown field'],
  ])('refuses %s/createThread/%s (%#), writing nothing', async (scope, token, body, status, message) => {
    const before = await counts();
    const res = await call('post', `/${scope}/createThread/${token}`).send(body);
    expect(res.status).toBe(status);
    expect(res.body.Error).toBe(message);
    expect(await counts()).toEqual(before);
  });

  it('takes a multipart form too', async () => {
    await svc.db.query(
      `INSERT INTO consultation.node (token, project, title, mname) VALUES ($1, $2, 'Δεύτερο', 'second')`,
      ['00000000-0000-4000-8000-0000000000b2', ITEMS.project],
    );
    const res = await call('post', '/node/createThread/00000000-0000-4000-8000-0000000000b2')
      .field('title', TITLE)
      .field('raw', RAW);
    expect(res.status).toBe(200);
    expect(res.body.forum_topic_url).toBe(`/forum/${res.body.forum_topic_id}`);
  });

  it('adds replies of logged-in users, kept as the plain text typed, oldest first', async () => {
    const { forum_topic_id: id } = await linkOf('project', ITEMS.project);
    const raw = 'Συμφωνώ <script>alert(1)</script> & "προτείνω"\nμια αλλαγή.\n\nΔεύτερη παράγραφος.';
    const res = await call('post', `/forumPosts/topicID/${id}`, 'participant').send({ raw });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: expect.any(Number),
      content: raw,
      avatar: '',
      username: 'participant',
      display_username: 'Μαρία Παπαδοπούλου',
      updated_at: expect.any(String),
    });
    const topic = await call('get', `/forumPosts/topicID/${id}`, 'participant');
    expect(topic.body.posts.map((p: { username: string }) => p.username)).toEqual(['admin', 'participant']);
  });

  it("refuses to read and reply to participants not enrolled in the thread's category, writing nothing", async () => {
    const { forum_topic_id: id } = await linkOf('attribute', ITEMS.attribute);
    const before = await counts();
    for (const who of ['participant', 'expert'] as const) {
      const outsider = callerUser(who); // enrolled nowhere, or in another category
      const read = await requestWith(svc, outsider, 'get', `/forumPosts/topicID/${id}`);
      expect([read.status, read.body]).toEqual([
        403,
        { Error: 'not enrolled in this category', code: 'CONSULTATION.NOT_ENROLLED' },
      ]);
      const reply = await requestWith(svc, outsider, 'post', `/forumPosts/topicID/${id}`).send({ raw: RAW });
      expect([reply.status, reply.body.code]).toEqual([403, 'CONSULTATION.NOT_ENROLLED']);
    }
    expect(await counts()).toEqual(before);
    // a thread whose item is gone belongs to no category: staff only
    await svc.db.query(
      `INSERT INTO consultation.thread (scope, item, title, created_by) VALUES ('node', $1, $2, $1)`,
      [MISSING, TITLE],
    );
    const [{ id: orphan }] = await svc.db.query<{ id: number }>(
      `SELECT id FROM consultation.thread WHERE item = $1`,
      [MISSING],
    );
    expect((await call('get', `/forumPosts/topicID/${orphan}`, 'participant')).status).toBe(403);
    expect((await call('get', `/forumPosts/topicID/${orphan}`, 'admin')).status).toBe(200);
  });

  it('refuses bad replies and unknown threads, writing nothing', async () => {
    const { forum_topic_id: id } = await linkOf('project', ITEMS.project);
    const before = await counts();
    for (const [url, body, status, message] of [
      [
        `/forumPosts/topicID/${id}`,
        { raw: 'σύντομο' },
        400,
        'raw: the message must be at least 20 characters long',
      ],
      [`/forumPosts/topicID/${id}`, {}, 400, 'raw: the message must be at least 20 characters long'],
      [`/forumPosts/topicID/${id}`, { raw: 'x'.repeat(32_001) }, 400, 'raw: Maximum size is 32000.'],
      [`/forumPosts/topicID/${id}`, [RAW], 400, 'the body must be a JSON object or a form'],
      ['/forumPosts/topicID/999999', { raw: RAW }, 404, 'thread not found'],
      ['/forumPosts/topicID/abc', { raw: RAW }, 400, 'invalid id'],
      ['/forumPosts/topicID/0', { raw: RAW }, 400, 'invalid id'],
    ] as const) {
      const res = await call('post', url, 'participant').send(body as object);
      expect([url, res.status, res.body.Error]).toEqual([url, status, message]);
    }
    expect(await counts()).toEqual(before);
    expect((await call('get', '/forumPosts/topicID/999999', 'participant')).status).toBe(404);
    expect((await call('get', '/forumPosts/topicID/-1', 'participant')).status).toBe(400);
  });
});
