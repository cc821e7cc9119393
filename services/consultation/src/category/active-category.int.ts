// The active category is each administrator's own interface state (spec part 2 §3 "Interface state"): one admin
// ticking or unticking a category changes nobody else's, and participants never see a category marked active.
import { bootTestService, type TestService } from '@agora/common/testing';
import type { CategoryWire } from '@agora/contracts';
import { client } from '../../test/tree-test-helpers.js';
import { call, callWith, enrolledUser } from '../../test/test-callers.js';

let svc: TestService;
let alice: ReturnType<typeof client>;
let bob: ReturnType<typeof client>;

beforeAll(async () => {
  const { createConsultationService } = await import('../index.js');
  svc = await bootTestService(createConsultationService({}));
  // two administrators (each client is a user of its own)
  alice = client(svc, 'admin');
  bob = client(svc, 'admin');
}, 60_000);
afterAll(() => svc?.close());
afterEach(() => svc.db.query('DELETE FROM consultation.category'));

async function create(mname: string, extra: object = {}, as = alice): Promise<string> {
  const res = await as.post('/category', { title: `Κατηγορία ${mname}`, mname, ...extra });
  expect(res.status).toBe(200);
  return res.body.token as string;
}

/** The short names of the categories `GET category` marks active for a caller. */
async function activeFor(as: ReturnType<typeof client>): Promise<string[]> {
  const res = await as.get('/category');
  expect(res.status).toBe(200);
  return (res.body as CategoryWire[]).filter((c) => c.active).map((c) => c.mname);
}

describe("each administrator's active category", () => {
  it('two admins choose different categories and each sees their own', async () => {
    const one = await create('one');
    const two = await create('two');
    expect(await activeFor(alice)).toEqual([]);

    const a = await alice.put(`/category/token/${one}`, { active: true });
    expect(a.status).toBe(200);
    expect(a.body.active).toBe(true);
    const b = await bob.put(`/category/token/${two}`, { active: true });
    expect(b.status).toBe(200);
    expect(b.body.active).toBe(true);

    expect(await activeFor(alice)).toEqual(['one']);
    expect(await activeFor(bob)).toEqual(['two']);
    expect((await alice.get(`/category/token/${two}`)).body.active).toBe(false);
    expect((await bob.get(`/category/token/${two}`)).body.active).toBe(true);

    // switching and unticking change only the caller's choice
    await alice.put(`/category/token/${two}`, { active: true });
    expect(await activeFor(alice)).toEqual(['two']);
    expect(await activeFor(bob)).toEqual(['two']);
    await bob.put(`/category/token/${two}`, { active: false });
    expect(await activeFor(bob)).toEqual([]);
    expect(await activeFor(alice)).toEqual(['two']);
    // unticking a category that is not the caller's active one changes nothing
    await alice.put(`/category/token/${one}`, { active: false });
    expect(await activeFor(alice)).toEqual(['two']);
  });

  it("'Save and make Active' makes a new category the creator's active one only", async () => {
    await create('mine', {}, bob);
    await bob.put(`/category/token/${(await bob.get('/category')).body[0].token}`, { active: true });
    await create('fresh', { active: true });
    expect(await activeFor(alice)).toEqual(['fresh']);
    expect(await activeFor(bob)).toEqual(['mine']);
  });

  it('is remembered for the administrator and forgotten when the category is deleted', async () => {
    const one = await create('kept');
    await alice.put(`/category/token/${one}`, { active: true });
    const rows = await svc.db.query(`SELECT category FROM consultation.admin_active_category`);
    expect(rows).toEqual([{ category: one }]);
    expect((await alice.delete(`/category/token/${one}`)).status).toBe(200);
    expect(await svc.db.query(`SELECT 1 FROM consultation.admin_active_category`)).toEqual([]);
    expect(await activeFor(alice)).toEqual([]);
  });

  it('is never shown to participants, experts or anonymous visitors', async () => {
    const one = await create('shown');
    await alice.put(`/category/token/${one}`, { active: true });
    // open to participants: it has an active project
    await svc.db.query(
      `INSERT INTO consultation.project (mname, title, start_date, end_date, category, active)
       VALUES ('open', 'Ανοιχτό', '2026-11-01', '2026-12-01', $1, true)`,
      [one],
    );
    for (const role of ['normal', 'expert'] as const) {
      const list = await callWith(svc, enrolledUser({ [one]: role }), 'get', '/category');
      expect((list.body as CategoryWire[]).map((c) => c.active)).toEqual([false]);
    }
    for (const caller of ['participant', 'anonymous'] as const) {
      const page = await call(svc, caller, 'get', '/category/mname/shown');
      expect(page.status).toBe(200);
      expect(page.body.active).toBe(false);
    }
  });

  it('refuses a flag that is not a boolean and changes nothing', async () => {
    const one = await create('flag');
    const res = await alice.put(`/category/token/${one}`, { active: 'yes' });
    expect(res.status).toBe(400);
    expect(res.body.Error).toBe('active: true or false');
    expect(await activeFor(alice)).toEqual([]);
  });
});
