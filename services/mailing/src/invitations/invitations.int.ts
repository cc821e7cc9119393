// Invitations by mail: the mailing, accounts and consultation services on the real Postgres (fresh databases,
// real migrations), the mail queue on the real Redis, the mails delivered to a real SMTP server (maildev).
import { randomUUID } from 'node:crypto';
import { jest } from '@jest/globals';
import { IDENTITY_HEADER, ROLES, type Role, type SessionUser } from '@agora/contracts';
import type {
  InvitationAnswer,
  InvitationReportRow,
  InvitationSendAnswer,
  InvitationsPageAnswer,
  InvitationValidateAnswer,
} from '@agora/contracts/api';
import { auditEntries, bootTestService, TEST_ADMIN, type TestService } from '@agora/common/testing';
import request from 'supertest';
import { accountsService, hashPassword } from '../../../accounts/src/index.js';
import { createConsultationService } from '../../../consultation/src/index.js';
import { MailService } from '../mail/mail.service.js';
import { createMailingService } from '../service.js';
import { startInbox, waitFor, type Inbox } from '../../test/harness.js';

jest.setTimeout(120_000);

const user = (role: Role): SessionUser => ({
  uuid: randomUUID(),
  username: role,
  firstname: role,
  lastname: role,
  email: `${role}@example.org`,
  role,
});
const admin: SessionUser = { ...TEST_ADMIN };

let consultation: TestService;
let accounts: TestService;
let mailing: TestService;
let inbox: Inbox;
const cat = { roads: '', parks: '' };
/** the categories' titles: the enrolment notice names a category by its title */
const TITLES = { roads: 'Roads and streets', parks: 'City parks' } as const;
let existing: { uuid: string; email: string };

async function listen(svc: TestService): Promise<string> {
  await svc.app.listen(0, '127.0.0.1');
  const { port } = svc.app.getHttpServer().address() as { port: number };
  return `http://127.0.0.1:${port}`;
}

beforeAll(async () => {
  inbox = await startInbox();
  consultation = await bootTestService(createConsultationService({}));
  const consultationUrl = await listen(consultation);
  for (const name of ['roads', 'parks'] as const) {
    const [row] = await consultation.db.query<{ token: string }>(
      `INSERT INTO consultation.category (mname, title) VALUES ($1, $2) RETURNING token::text`,
      [name, TITLES[name]],
    );
    cat[name] = row!.token;
  }
  accounts = await bootTestService(
    accountsService({ AGORA_ADMIN_PASSWORD: 'Admin-password-1', CONSULTATION_URL: consultationUrl }),
  );
  const accountsUrl = await listen(accounts);
  const [maria] = await accounts.db.query<{ uuid: string; email: string }>(
    `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash, locale)
     VALUES ('maria', 'Μαρία', 'Π', 'Maria@Example.org', 'authorized', $1, 'en') RETURNING uuid::text, email`,
    [await hashPassword('password-1')],
  );
  existing = maria!;
  mailing = await bootTestService(
    createMailingService({
      SMTP_URL: `smtp://127.0.0.1:${inbox.port}`,
      MAIL_FROM: 'Agora Test <no-reply@agora.test>',
      MAIL_BACKOFF_MS: '100',
      ACCOUNTS_URL: accountsUrl,
      CONSULTATION_URL: consultationUrl,
      PUBLIC_URL: 'https://agora.example.gov',
      INVITATION_TTL_DAYS: '7',
    }),
    { redis: true },
  );
});

afterAll(async () => {
  await mailing?.close();
  await accounts?.close();
  await consultation?.close();
  await inbox?.close();
});

const http = () => request(mailing.app.getHttpServer());
const as = (who: SessionUser | null) => mailing.identity(who);
const count = async (sql: string, params: unknown[] = []) =>
  Number((await mailing.db.query<{ n: string }>(sql, params))[0]!.n);
const written = async () => ({
  invitations: await count(`SELECT count(*) AS n FROM mailing.invitation`),
  mails: await count(`SELECT count(*) AS n FROM mailing.mail`),
});

const CSV = [
  'Email;FirstName;LastName;Phone;category_1;role_1;category_2;role_2',
  'ada@example.org;Ada;Lovelace;1;roads;expert;Parks;normal',
  'not-an-email;Bad;Mail;;;;;',
  'ADA@example.org;Ada;Again;;;;;',
  'eve@example.org;Eve;Unknown;;lakes;expert;;',
  'bob@example.org;Bob;Role;;roads;boss;;',
  'maria@example.org;Μαρία;Π;;parks;expert;;',
  'kostas@example.org;Κώστας;Κ;;roads;;;',
  'nameless@example.org;;Nobody;;;;;',
  `long@example.org;${'Λ'.repeat(101)};Long;;;;;`,
].join('\r\n');

function validate(file: Buffer | string | null, who: SessionUser | null = admin, name = 'people.csv') {
  const req = http().post('/invitation/scope/validate').set(IDENTITY_HEADER, as(who));
  req.field('message', 'Καλώς ήρθατε').field('locale', 'el');
  if (file !== null) req.attach('file', Buffer.isBuffer(file) ? file : Buffer.from(file), name);
  return req;
}

const sendBody = (rows: Array<Partial<InvitationReportRow>>, locale = 'en') => ({
  message: 'Welcome [link]',
  locale,
  rows: rows.map((r) => ({
    firstname: r.firstname,
    lastname: r.lastname,
    email: r.email,
    enrolment: r.enrolment ?? {},
  })),
});

const list = (path: string, who: SessionUser | null = admin) =>
  http().get(`/invitation/${path}`).set(IDENTITY_HEADER, as(who));

/** The accept link's token from the last mail to `to`. */
async function tokenFromInbox(to: string, atLeast = 1): Promise<string> {
  const mails = await waitFor(
    async () =>
      (await inbox.all()).filter((m) => m.to.some((t) => t.address.toLowerCase() === to.toLowerCase())),
    (ms) => ms.length >= atLeast,
    { what: `a mail to ${to}` },
  );
  const text = mails[mails.length - 1]!.text ?? '';
  const m = /https:\/\/agora\.example\.gov\/invitation\/accept\/([A-Za-z0-9_-]+)/.exec(text);
  if (!m) throw new Error(`no accept link in: ${text}`);
  return m[1]!;
}

describe('invitations (mailing, accounts and consultation; real Postgres, Redis and SMTP)', () => {
  let report: InvitationValidateAnswer;
  let sent: InvitationSendAnswer;

  it('validate is a dry run: a report row per line, nothing written', async () => {
    const before = await written();
    const res = await validate(CSV);
    expect(res.status).toBe(200);
    report = res.body as InvitationValidateAnswer;
    expect(report.values.map((v) => [v.line, v.email, v.valid, v.invite, v.comment])).toEqual([
      [2, 'ada@example.org', true, true, null],
      [3, 'not-an-email', false, false, 'MAILING.CSV_BAD_EMAIL'],
      [4, 'ADA@example.org', false, false, 'MAILING.CSV_DUPLICATE'],
      [5, 'eve@example.org', false, false, 'MAILING.CSV_UNKNOWN_CATEGORY'],
      [6, 'bob@example.org', false, false, 'MAILING.CSV_BAD_ROLE'],
      [7, 'maria@example.org', true, false, 'MAILING.ALREADY_USER'],
      [8, 'kostas@example.org', true, true, null],
      [9, 'nameless@example.org', false, false, 'MAILING.CSV_MISSING_NAME'],
      [10, 'long@example.org', false, false, 'MAILING.CSV_BAD_NAME'],
    ]);
    expect(report.values[0]!.enrolment).toEqual({ roads: 'expert', parks: 'normal' });
    expect(report.values[6]!.enrolment).toEqual({ roads: 'normal' });
    expect(report.summary).toEqual({ rows: 9, valid: 3, invite: 2, enrol: 1, invalid: 6 });
    expect(await written()).toEqual(before);
  });

  it('validate refuses what is not an invitation CSV', async () => {
    const missing = await validate('firstname,email\nAda,ada@example.org\n');
    expect(missing.status).toBe(400);
    expect(missing.body).toMatchObject({ code: 'MAILING.CSV_COLUMNS', Error: 'missing columns: lastname' });
    const binary = await validate(
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 0x0d, 0x49, 0x48]),
      admin,
      'x.csv',
    );
    expect(binary.status).toBe(400);
    expect(binary.body).toMatchObject({ code: 'MAILING.CSV_INVALID' });
    // a good CSV under another name, or sent as another type, is refused before it is read
    const text = await validate('firstname,lastname,email\nAda,L,ada@example.org\n', admin, 'people.txt');
    expect(text.status).toBe(400);
    expect(text.body).toMatchObject({ code: 'MAILING.CSV_TYPE' });
    const pdf = await http()
      .post('/invitation/scope/validate')
      .set(IDENTITY_HEADER, as(admin))
      .attach('file', Buffer.from('firstname,lastname,email\n'), {
        filename: 'people.csv',
        contentType: 'application/pdf',
      });
    expect(pdf.status).toBe(400);
    expect(pdf.body).toMatchObject({ code: 'MAILING.CSV_TYPE' });
    const none = await validate(null);
    expect(none.status).toBe(400);
    expect(none.body).toMatchObject({ code: 'MAILING.CSV_INVALID' });
    const big = await validate(Buffer.alloc(5 * 1024 * 1024 + 10, 0x41));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 'MAILING.CSV_TOO_LARGE' });
  });

  it('validates 10,000 rows with one look-up per kind', async () => {
    const lines = ['firstname,lastname,email,category_1,role_1'];
    for (let i = 0; i < 10_000; i++) lines.push(`Όνομα${i},Επώνυμο${i},bulk${i}@example.org,roads,normal`);
    const res = await validate(lines.join('\n'));
    expect(res.status).toBe(200);
    expect((res.body as InvitationValidateAnswer).summary).toEqual({
      rows: 10_000,
      valid: 10_000,
      invite: 10_000,
      enrol: 0,
      invalid: 0,
    });
  });

  it('send writes nothing at all when its transaction fails', async () => {
    await mailing.db.query(`
      CREATE FUNCTION mailing.refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.email = 'boom@example.org' THEN RAISE EXCEPTION 'boom'; END IF; RETURN NEW; END $$`);
    await mailing.db.query(
      `CREATE TRIGGER refuse_boom BEFORE INSERT ON mailing.invitation FOR EACH ROW EXECUTE FUNCTION mailing.refuse_boom()`,
    );
    try {
      const before = await written();
      const recorded = (await auditEntries(mailing.db, 'mailing')).length;
      const res = await http()
        .post('/invitation/scope/send')
        .set(IDENTITY_HEADER, as(admin))
        .send(
          sendBody([
            { firstname: 'Fine', lastname: 'Row', email: 'fine@example.org' },
            { firstname: 'Boom', lastname: 'Row', email: 'boom@example.org' },
          ]),
        );
      expect(res.status).toBe(500);
      expect(await written()).toEqual(before);
      // nor its audit entry (decision 0084)
      expect(await auditEntries(mailing.db, 'mailing')).toHaveLength(recorded);
    } finally {
      await mailing.db.query(`DROP TRIGGER refuse_boom ON mailing.invitation`);
      await mailing.db.query(`DROP FUNCTION mailing.refuse_boom()`);
    }
  });

  it('send skips an existing user named with no category (nothing to enrol, no notice)', async () => {
    const before = await written();
    const res = await http()
      .post('/invitation/scope/send')
      .set(IDENTITY_HEADER, as(admin))
      .send(sendBody([{ firstname: 'Μαρία', lastname: 'Π', email: 'maria@example.org' }]));
    expect(res.body).toMatchObject({ invited: 0, enrolled: 0, skipped: 1 });
    expect(await written()).toEqual(before);
  });

  it('send refuses bad input', async () => {
    const post = (body: unknown) =>
      http()
        .post('/invitation/scope/send')
        .set(IDENTITY_HEADER, as(admin))
        .send(body as object);
    for (const body of [
      { locale: 'en', rows: [] },
      { locale: 'de', rows: [{ firstname: 'A', lastname: 'B', email: 'a@example.org' }] },
      {
        locale: 'en',
        rows: [{ firstname: 'A', lastname: 'B', email: 'a@example.org', enrolment: { x: 'boss' } }],
      },
      { locale: 'en', rows: [{ firstname: 'A', lastname: 'B', email: 'a@example.org', extra: 1 }] },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body).toHaveProperty('code');
    }
  });

  it('send invites the valid rows, enrols and notifies the existing user: one mail per invitation', async () => {
    const before = await written();
    const res = await http()
      .post('/invitation/scope/send')
      .set(IDENTITY_HEADER, as(admin))
      .send(
        sendBody(
          report.values.filter(
            (v) => v.valid || v.comment === 'MAILING.CSV_BAD_EMAIL' || v.comment === 'MAILING.CSV_DUPLICATE',
          ),
        ),
      );
    expect(res.status).toBe(200);
    sent = res.body as InvitationSendAnswer;
    expect(sent).toEqual({ batch: expect.any(String), invited: 2, enrolled: 1, skipped: 2 });
    const after = await written();
    expect(after.invitations - before.invitations).toBe(2);
    // two invitations and one enrolment notice
    expect(after.mails - before.mails).toBe(3);
    const rows = await mailing.db.query<{ email: string; mail_id: string; key: string; to_address: string }>(
      `SELECT i.email, i.mail_id::text, m.idempotency_key AS key, m.to_address
         FROM mailing.invitation i JOIN mailing.mail m ON m.id = i.mail_id WHERE i.batch = $1 ORDER BY i.email`,
      [sent.batch],
    );
    expect(rows.map((r) => [r.email, r.to_address])).toEqual([
      ['ada@example.org', 'ada@example.org'],
      ['kostas@example.org', 'kostas@example.org'],
    ]);
    for (const r of rows) expect(r.key).toMatch(/^invitation-[0-9a-f-]{36}$/);
    // the batch in the audit log: who sent it, who was invited, who was enrolled (decision 0084)
    const recorded = (await auditEntries(mailing.db, 'mailing')).filter((e) => e.object_id === sent.batch);
    expect(recorded).toEqual([
      expect.objectContaining({
        actor_uuid: admin.uuid,
        action: 'invitations.send',
        object_type: 'invitation_batch',
        before: null,
        after: {
          invitations: expect.arrayContaining([
            expect.objectContaining({ email: 'ada@example.org' }),
            expect.objectContaining({ email: 'kostas@example.org' }),
          ]),
          enrolled: [{ uuid: existing.uuid, enrolments: [{ category: cat.parks, role: 'expert' }] }],
        },
        detail: expect.objectContaining({ with_oauth: false, skipped: 2 }),
      }),
    ]);
    const enrolments = await accounts.db.query<{ category: string; role: string }>(
      `SELECT category::text, role FROM accounts.enrolment WHERE user_uuid = $1`,
      [existing.uuid],
    );
    expect(enrolments).toEqual([{ category: cat.parks, role: 'expert' }]);
    // the token is stored only as its SHA-256
    const [stored] = await mailing.db.query<{ token_hash: string }>(
      `SELECT token_hash FROM mailing.invitation WHERE email = 'ada@example.org'`,
    );
    expect(stored!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    const token = await tokenFromInbox('ada@example.org');
    expect(stored!.token_hash).not.toContain(token);
    const notice = await waitFor(
      async () =>
        (await inbox.all()).filter((m) =>
          m.to.some((t) => t.address.toLowerCase() === existing.email.toLowerCase()),
        ),
      (ms) => ms.length === 1,
      { what: 'the enrolment notice' },
    );
    // the enrolment template names the category (its title, not the CSV's short name) and the role, in the user's
    // language; the HTML part is escaped
    expect(notice[0]!.subject).toBe('Enrolled in the consultation “City parks”');
    expect(notice[0]!.text).toContain('with the role: expert.');
    expect(notice[0]!.html).toContain('with the role: expert.');
  });

  it('shows the batch progress until every mail is sent, and the pending invitations in a new report', async () => {
    const progress = await waitFor(
      async () => (await list(`batch/${sent.batch}`)).body as { sent: number },
      (b) => b.sent === 2,
      { what: 'the batch to be sent' },
    );
    expect(progress).toEqual({ total: 2, queued: 0, sent: 2, failed: 0, withdrawn: 0, accepted: 0 });
    expect((await list(`batch/${randomUUID()}`)).status).toBe(404);
    const again = (await validate(CSV)).body as InvitationValidateAnswer;
    expect(again.values[0]!.comment).toBe('MAILING.ALREADY_INVITED');
    expect(again.values[0]!.valid).toBe(false);
    const resend = await http()
      .post('/invitation/scope/send')
      .set(IDENTITY_HEADER, as(admin))
      .send(sendBody([report.values[0]!]));
    expect(resend.body).toMatchObject({ invited: 0, enrolled: 0, skipped: 1 });
  });

  it('lists the invitations sorted, searched, filtered and paged, with their status', async () => {
    const page = (await list('sort/created/sort_method/desc')).body as InvitationsPageAnswer;
    expect(page.total).toBe(2);
    expect(page.values.every((v) => v.status === 'sent' && v.last_error === null)).toBe(true);
    const byEmail = (await list('sort/email/sort_method/asc')).body as InvitationsPageAnswer;
    expect(byEmail.values.map((v) => v.email)).toEqual(['ada@example.org', 'kostas@example.org']);
    const desc = (await list('sort/email/sort_method/desc/page/1')).body as InvitationsPageAnswer;
    expect(desc.values.map((v) => v.email)).toEqual(['kostas@example.org', 'ada@example.org']);
    const greek = (await list(`sort/lastname/sort_method/asc/query/${encodeURIComponent('Κώστας')}`))
      .body as InvitationsPageAnswer;
    expect(greek.values.map((v) => v.email)).toEqual(['kostas@example.org']);
    const ada = (await list('sort/lastname/sort_method/asc/query/LOVE/fq/accepted:false;with_oauth:false'))
      .body as InvitationsPageAnswer;
    expect(ada.values.map((v) => v.email)).toEqual(['ada@example.org']);
    expect(ada.values[0]).toMatchObject({ enrolment: { roads: 'expert', parks: 'normal' }, locale: 'en' });
    const oauth = (await list('sort/created/sort_method/asc/fq/with_oauth:true'))
      .body as InvitationsPageAnswer;
    expect(oauth.total).toBe(0);
    // a mail the SMTP server refused for good shows as bounced with its answer, in the list, and with the failed
    // ones in the batch's progress
    await mailing.db.query(
      `UPDATE mailing.mail SET status = 'bounced', last_error = '550 5.1.1 user unknown'
        WHERE id = (SELECT mail_id FROM mailing.invitation WHERE email = 'kostas@example.org')`,
    );
    const failed = (await list('sort/email/sort_method/asc/query/kostas')).body as InvitationsPageAnswer;
    expect(failed.values[0]).toMatchObject({ status: 'bounced', last_error: '550 5.1.1 user unknown' });
    expect((await list(`batch/${sent.batch}`)).body).toMatchObject({ sent: 1, failed: 1 });
    await mailing.db.query(
      `UPDATE mailing.mail SET status = 'sent', last_error = NULL
        WHERE id = (SELECT mail_id FROM mailing.invitation WHERE email = 'kostas@example.org')`,
    );
    const beyond = (await list('sort/created/sort_method/asc/page/2')).body as InvitationsPageAnswer;
    expect(beyond).toMatchObject({ values: [], page: 2, total: 2, total_pages: 1 });
    for (const bad of [
      'sort/password/sort_method/asc',
      'sort/created/sort_method/sideways',
      'sort/created/sort_method/asc/fq/accepted:maybe',
      'sort/created/sort_method/asc/page/0',
    ]) {
      const res = await list(bad);
      expect(res.status).toBe(400);
    }
  });

  it('resends with a new mail and a new link; the old link stops working', async () => {
    const [ada] = await mailing.db.query<{ id: string; mail_id: string }>(
      `SELECT id::text, mail_id::text FROM mailing.invitation WHERE email = 'ada@example.org'`,
    );
    const oldToken = await tokenFromInbox('ada@example.org');
    const mailsTo = async () =>
      (await inbox.all()).filter((m) => m.to[0]!.address === 'ada@example.org').length;
    const before = await mailsTo();
    const res = await http().post(`/invitation/id/${ada!.id}/resend`).set(IDENTITY_HEADER, as(admin));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ resent: 1 });
    const [now] = await mailing.db.query<{ mail_id: string }>(
      `SELECT mail_id::text FROM mailing.invitation WHERE id = $1`,
      [ada!.id],
    );
    expect(now!.mail_id).not.toBe(ada!.mail_id);
    expect((await auditEntries(mailing.db, 'mailing')).at(-1)).toMatchObject({
      actor_uuid: admin.uuid,
      action: 'invitations.resend',
      object_type: 'invitation',
      object_id: ada!.id,
      after: { invitations: [{ id: ada!.id, email: 'ada@example.org' }] },
    });
    const newToken = await tokenFromInbox('ada@example.org', before + 1);
    expect(newToken).not.toBe(oldToken);
    expect((await http().get(`/invitation/hash/${oldToken}`).set(IDENTITY_HEADER, as(null))).status).toBe(
      404,
    );
    expect((await http().get(`/invitation/hash/${newToken}`).set(IDENTITY_HEADER, as(null))).status).toBe(
      200,
    );
    expect(
      (await http().post(`/invitation/id/${randomUUID()}/resend`).set(IDENTITY_HEADER, as(admin))).status,
    ).toBe(404);
    const recorded = (await auditEntries(mailing.db, 'mailing')).length;
    const all = await http().post('/invitation/scope/resend').set(IDENTITY_HEADER, as(admin));
    expect(all.body).toEqual({ resent: 2 });
    const entries = await auditEntries(mailing.db, 'mailing');
    // the unknown invitation (404) recorded nothing; the batch one entry naming both
    expect(entries).toHaveLength(recorded + 1);
    expect(entries.at(-1)).toMatchObject({ action: 'invitations.resend', object_id: null });
    expect(entries.at(-1)!.after!.invitations).toHaveLength(2);
    // every resent mail delivered before the next tests read the latest links
    await tokenFromInbox('ada@example.org', before + 2);
    await tokenFromInbox('kostas@example.org', 2);
  });

  it('accepts: the page never shows the e-mail; a wrong e-mail is 409; the account gets the enrolments', async () => {
    const token = await tokenFromInbox('ada@example.org');
    const anon = as(null);
    const page = await http().get(`/invitation/hash/${token}`).set(IDENTITY_HEADER, anon);
    expect(page.status).toBe(200);
    expect(page.body).toEqual({
      firstname: 'Ada',
      lastname: 'Lovelace',
      with_oauth: false,
      expired: false,
      accepted: false,
      providers: [],
    });
    expect(JSON.stringify(page.body)).not.toContain('@');
    const accept = (body: object, method: 'post' | 'put' = 'post') =>
      http()[method](`/invitation/hash/${token}`).set(IDENTITY_HEADER, anon).send(body);
    const wrong = await accept({ email: 'eve@example.org', password: 'secret-pass-1' });
    expect(wrong.status).toBe(409);
    expect(wrong.body).toMatchObject({ code: 'MAILING.INVITATION_EMAIL' });
    const weak = await accept({ email: 'ada@example.org', password: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.body).toMatchObject({ code: 'ACCOUNTS.INVALID_FIELD', field: 'password' });
    const nopw = await accept({ email: 'ada@example.org' });
    expect(nopw.status).toBe(400);
    expect(nopw.body).toMatchObject({ code: 'MAILING.PASSWORD_REQUIRED' });
    expect((await accept({ password: 'x' })).status).toBe(400);
    expect(
      await accounts.db.query(`SELECT uuid FROM accounts."user" WHERE email = 'ada@example.org'`),
    ).toEqual([]);

    const ok = await accept({ email: ' ADA@example.org ', password: 'secret-pass-1' }, 'put');
    expect(ok.status).toBe(200);
    const { uuid, username } = ok.body as { uuid: string; username: string };
    const [created] = await accounts.db.query<{
      username: string;
      email: string;
      role: string;
      locale: string;
      active: boolean;
    }>(`SELECT username, email, role, locale, active FROM accounts."user" WHERE uuid = $1`, [uuid]);
    // the answer names the account's user name, which the accept page logs in with
    expect(created).toEqual({
      username,
      email: 'ada@example.org',
      role: 'authorized',
      locale: 'en',
      active: true,
    });
    const enrolments = await accounts.db.query<{ category: string; role: string }>(
      `SELECT category::text, role FROM accounts.enrolment WHERE user_uuid = $1 ORDER BY role`,
      [uuid],
    );
    expect(enrolments).toEqual([
      { category: cat.roads, role: 'expert' },
      { category: cat.parks, role: 'normal' },
    ]);
    const login = await request(accounts.app.getHttpServer())
      .post('/login')
      .set(IDENTITY_HEADER, accounts.identity(null))
      .send({ username: 'ada', password: 'secret-pass-1' });
    expect(login.status).toBe(200);

    const twice = await accept({ email: 'ada@example.org', password: 'secret-pass-1' });
    expect(twice.status).toBe(409);
    expect(twice.body).toMatchObject({ code: 'MAILING.INVITATION_ACCEPTED' });
    const listed = (await list('sort/created/sort_method/asc/fq/accepted:true'))
      .body as InvitationsPageAnswer;
    expect(listed.values.map((v: InvitationAnswer) => [v.email, v.status])).toEqual([
      ['ada@example.org', 'accepted'],
    ]);
    expect((await list(`batch/${sent.batch}`)).body).toMatchObject({ accepted: 1 });
  });

  it('accept: unknown 404, expired 410, and a lock after too many wrong e-mails', async () => {
    const anon = as(null);
    for (const hash of ['x'.repeat(43), 'short', '%2E%2E']) {
      expect((await http().get(`/invitation/hash/${hash}`).set(IDENTITY_HEADER, anon)).status).toBe(404);
      const res = await http()
        .post(`/invitation/hash/${hash}`)
        .set(IDENTITY_HEADER, anon)
        .send({ email: 'a@example.org', password: 'secret-pass-1' });
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'MAILING.INVITATION_NOT_FOUND' });
    }
    const token = await tokenFromInbox('kostas@example.org');
    await mailing.db.query(
      `UPDATE mailing.invitation SET expires = now() - interval '1 minute' WHERE email = $1`,
      ['kostas@example.org'],
    );
    expect((await http().get(`/invitation/hash/${token}`).set(IDENTITY_HEADER, anon)).body).toMatchObject({
      expired: true,
    });
    const expired = await http()
      .post(`/invitation/hash/${token}`)
      .set(IDENTITY_HEADER, anon)
      .send({ email: 'kostas@example.org', password: 'secret-pass-1' });
    expect(expired.status).toBe(410);
    expect(expired.body).toMatchObject({ code: 'MAILING.INVITATION_EXPIRED' });
    const listed = (await list('sort/email/sort_method/asc/query/kostas')).body as InvitationsPageAnswer;
    expect(listed.values[0]!.status).toBe('expired');

    await mailing.db.query(
      `UPDATE mailing.invitation SET expires = now() + interval '1 day' WHERE email = $1`,
      ['kostas@example.org'],
    );
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push(
        (
          await http()
            .post(`/invitation/hash/${token}`)
            .set(IDENTITY_HEADER, anon)
            .send({ email: `guess${i}@example.org`, password: 'secret-pass-1' })
        ).status,
      );
    }
    expect(statuses).toEqual([...Array<number>(10).fill(409), 429]);
    const right = await http()
      .post(`/invitation/hash/${token}`)
      .set(IDENTITY_HEADER, anon)
      .send({ email: 'kostas@example.org', password: 'secret-pass-1' });
    expect(right.status).toBe(429);
    expect(right.body).toMatchObject({ code: 'MAILING.RATE_LIMITED' });
  });

  it('accounts answers the same user when the accept call is repeated (a retry after a lost answer)', async () => {
    const call = (identity: string, body: object) =>
      request(accounts.app.getHttpServer())
        .post('/internal/invitations/accept')
        .set(IDENTITY_HEADER, identity)
        .send(body);
    const asMailing = accounts.identity(null, { sys: 'mailing' });
    const body = {
      uuid: randomUUID(),
      email: 'retry@example.org',
      firstname: 'Re',
      lastname: 'Try',
      locale: 'el',
      password: 'secret-pass-1',
      enrolments: [{ category: cat.roads, role: 'normal' }],
    };
    const first = await call(asMailing, body);
    expect(first.status).toBe(200);
    const second = await call(asMailing, { ...body, password: 'other-pass-2' });
    expect(second.status).toBe(200);
    expect(second.body).toEqual(first.body);
    const other = await call(asMailing, { ...body, uuid: randomUUID() });
    expect(other.status).toBe(409);
    expect(other.body).toMatchObject({ code: 'ACCOUNTS.EMAIL_EXISTS' });
    for (const identity of [
      accounts.identity(null),
      accounts.identity(TEST_ADMIN),
      accounts.identity(null, { sys: 'consultation' }),
      accounts.identity(null, { sys: 'gateway' }),
    ]) {
      expect((await call(identity, body)).status).toBe(403);
      const byEmail = await request(accounts.app.getHttpServer())
        .post('/internal/users/by-email')
        .set(IDENTITY_HEADER, identity)
        .send({ emails: ['retry@example.org'] });
      expect(byEmail.status).toBe(403);
    }
  });

  it('consultation lists its categories to the mailing service, and to nobody else', async () => {
    const ask = (identity: string) =>
      request(consultation.app.getHttpServer()).get('/internal/categories').set(IDENTITY_HEADER, identity);
    const ok = await ask(consultation.identity(null, { sys: 'mailing' }));
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      categories: [
        { token: cat.parks, mname: 'parks', title: 'City parks' },
        { token: cat.roads, mname: 'roads', title: 'Roads and streets' },
      ],
    });
    for (const identity of [
      consultation.identity(null),
      consultation.identity(TEST_ADMIN),
      consultation.identity(null, { sys: 'accounts' }),
      consultation.identity(null, { sys: 'gateway' }),
    ]) {
      expect((await ask(identity)).status).toBe(403);
    }
  });

  describe('withdrawing and deleting', () => {
    const anon = () => as(null);
    const invitationOf = async (email: string) =>
      (
        await mailing.db.query<{ id: string; mail_id: string }>(
          `SELECT id::text, mail_id::text FROM mailing.invitation WHERE email = $1`,
          [email],
        )
      )[0]!;
    /** A mail of the invitation written but not sent yet (as a resend leaves it until the worker takes it). */
    const queuedMail = async (id: string, to: string) =>
      (
        await mailing.db.query<{ id: string }>(
          `INSERT INTO mailing.mail (idempotency_key, to_address, subject, text_body)
           VALUES ($1, $2, 'Invitation', 'a link') RETURNING id::text`,
          [`invitation-${id}-${randomUUID()}`, to],
        )
      )[0]!.id;
    const mailStatus = async (id: string) =>
      (await mailing.db.query<{ status: string }>(`SELECT status FROM mailing.mail WHERE id = $1`, [id]))[0]
        ?.status;
    const invite = async (email: string) => {
      const res = await http()
        .post('/invitation/scope/send')
        .set(IDENTITY_HEADER, as(admin))
        .send(sendBody([{ firstname: 'Wanda', lastname: 'W', email, enrolment: { roads: 'normal' } }]));
      expect(res.body).toMatchObject({ invited: 1 });
      return { token: await tokenFromInbox(email), ...(await invitationOf(email)) };
    };
    const cancel = (id: string, who: SessionUser | null = admin) =>
      http().post(`/invitation/id/${id}/cancel`).set(IDENTITY_HEADER, as(who));
    const remove = (id: string, who: SessionUser | null = admin) =>
      http().delete(`/invitation/id/${id}`).set(IDENTITY_HEADER, as(who));

    it('withdraws an invitation: its link is refused, its unsent mail never goes out, it can be invited again', async () => {
      const w = await invite('wanda@example.org');
      const pending = await queuedMail(w.id, 'wanda@example.org');
      const res = await cancel(w.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ id: w.id, cancelled: expect.any(String), withdrawn_mails: 1 });
      // the sending path: the worker's attempt finds nothing to send, the SMTP server sees nothing
      expect(await mailStatus(pending)).toBe('cancelled');
      const inboxBefore = (await inbox.all()).length;
      expect(await mailing.app.get(MailService).deliver(pending)).toBe('not-sendable');
      expect(await mailStatus(pending)).toBe('cancelled');
      expect((await inbox.all()).length).toBe(inboxBefore);
      expect(await mailStatus(w.mail_id)).toBe('sent');

      // the link: opening and accepting are refused, and no account is made
      const page = await http().get(`/invitation/hash/${w.token}`).set(IDENTITY_HEADER, anon());
      expect(page.status).toBe(410);
      expect(page.body).toMatchObject({ code: 'MAILING.INVITATION_CANCELLED' });
      expect(JSON.stringify(page.body)).not.toContain('Wanda');
      const accept = await http()
        .post(`/invitation/hash/${w.token}`)
        .set(IDENTITY_HEADER, anon())
        .send({ email: 'wanda@example.org', password: 'secret-pass-1' });
      expect(accept.status).toBe(410);
      expect(accept.body).toMatchObject({ code: 'MAILING.INVITATION_CANCELLED' });
      const put = await http()
        .put(`/invitation/hash/${w.token}`)
        .set(IDENTITY_HEADER, anon())
        .send({ email: 'wanda@example.org', password: 'secret-pass-1' });
      expect(put.status).toBe(410);
      expect(
        await accounts.db.query(`SELECT 1 FROM accounts."user" WHERE lower(email) = 'wanda@example.org'`),
      ).toEqual([]);

      // withdrawing again answers the same; it is not resent; the list shows it withdrawn
      const again = await cancel(w.id);
      expect(again.status).toBe(200);
      expect(again.body).toEqual({ ...res.body, withdrawn_mails: 0 });
      const resend = await http().post(`/invitation/id/${w.id}/resend`).set(IDENTITY_HEADER, as(admin));
      expect(resend.status).toBe(409);
      expect(resend.body).toMatchObject({ code: 'MAILING.INVITATION_CANCELLED' });
      const listed = (await list('sort/email/sort_method/asc/query/wanda')).body as InvitationsPageAnswer;
      expect(listed.values.map((v) => [v.email, v.status, v.cancelled])).toEqual([
        ['wanda@example.org', 'cancelled', res.body.cancelled],
      ]);
      // the address can be invited anew
      const report = (await validate('firstname,lastname,email\nWanda,W,wanda@example.org\n')).body;
      expect(report.values[0]).toMatchObject({ valid: true, invite: true, comment: null });
    });

    it('deletes an invitation: gone from the list, its link unknown, its unsent mail withdrawn', async () => {
      const x = await invite('xena@example.org');
      const pending = await queuedMail(x.id, 'xena@example.org');
      const res = await remove(x.id);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: 'data deleted' });
      expect(await mailStatus(pending)).toBe('cancelled');
      expect(await mailing.app.get(MailService).deliver(pending)).toBe('not-sendable');
      const listed = (await list('sort/email/sort_method/asc/query/xena')).body as InvitationsPageAnswer;
      expect(listed.values).toEqual([]);
      expect((await http().get(`/invitation/hash/${x.token}`).set(IDENTITY_HEADER, anon())).status).toBe(404);
      expect((await remove(x.id)).status).toBe(404);
      // a withdrawn one can be deleted too
      const { id } = await invitationOf('wanda@example.org');
      expect((await remove(id)).status).toBe(200);
      expect(await count(`SELECT count(*) AS n FROM mailing.invitation WHERE id = $1`, [id])).toBe(0);
    });

    it('refuses to withdraw or delete an accepted invitation (409), an unknown one (404), a bad id (400)', async () => {
      const ada = await invitationOf('ada@example.org');
      for (const res of [await cancel(ada.id), await remove(ada.id)]) {
        expect(res.status).toBe(409);
        expect(res.body).toMatchObject({ code: 'MAILING.INVITATION_ACCEPTED' });
      }
      const [row] = await mailing.db.query<{ accepted: Date | null; cancelled: Date | null }>(
        `SELECT accepted, cancelled FROM mailing.invitation WHERE id = $1`,
        [ada.id],
      );
      expect(row).toMatchObject({ accepted: expect.any(Date), cancelled: null });
      for (const res of [await cancel(randomUUID()), await remove(randomUUID())]) {
        expect(res.status).toBe(404);
        expect(res.body).toMatchObject({ code: 'MAILING.INVITATION_NOT_FOUND' });
      }
      expect((await cancel('not-a-uuid')).status).toBe(400);
      expect((await remove('not-a-uuid')).status).toBe(400);
    });
  });

  it('lets only administrators use the invitation routes; the accept routes are anonymous', async () => {
    const id = randomUUID();
    const routes: Array<[string, () => request.Test]> = [
      ['validate', () => validate(CSV, null)],
      [
        'send',
        () =>
          http()
            .post('/invitation/scope/send')
            .send(sendBody([{ firstname: 'N', lastname: 'N', email: 'n@example.org' }])),
      ],
      [
        'sendWithOAuth',
        () =>
          http()
            .post('/invitation/scope/sendWithOAuth')
            .send(sendBody([{ firstname: 'N', lastname: 'N', email: 'n@example.org' }])),
      ],
      ['list', () => http().get('/invitation/sort/created/sort_method/desc')],
      ['batch', () => http().get(`/invitation/batch/${sent.batch}`)],
      ['resend one', () => http().post(`/invitation/id/${id}/resend`)],
      ['resend all', () => http().post('/invitation/scope/resend')],
      ['cancel', () => http().post(`/invitation/id/${id}/cancel`)],
      ['delete', () => http().delete(`/invitation/id/${id}`)],
    ];
    for (const [, route] of routes) {
      expect((await route().set(IDENTITY_HEADER, as(null))).status).toBe(401);
      for (const role of ROLES.filter((r) => r !== 'admin')) {
        const res = await route().set(IDENTITY_HEADER, as(user(role)));
        expect([role, res.status]).toEqual([role, 403]);
      }
      expect((await route().set(IDENTITY_HEADER, mailing.identity(null, { sys: 'accounts' }))).status).toBe(
        403,
      );
    }
    const before = await written();
    const withOAuth = await http()
      .post('/invitation/scope/sendWithOAuth')
      .set(IDENTITY_HEADER, as(admin))
      .send(
        sendBody(
          [{ firstname: 'Ο', lastname: 'Α', email: 'oauth@example.org', enrolment: { roads: 'expert' } }],
          'el',
        ),
      );
    expect(withOAuth.body).toMatchObject({ invited: 1, enrolled: 0, skipped: 0 });
    expect((await written()).invitations).toBe(before.invitations + 1);
    const token = await tokenFromInbox('oauth@example.org');
    const page = await http()
      .get(`/invitation/hash/${token}`)
      .set(IDENTITY_HEADER, as(user('authorized')));
    expect(page.body).toMatchObject({ with_oauth: true, providers: [] });
    const greek = (await inbox.all()).find((m) => m.to[0]!.address === 'oauth@example.org')!;
    expect(greek.subject).toBe('Πρόσκληση συμμετοχής σε δημόσια διαβούλευση');
    expect(greek.text).toContain('Ο Α');
  });
});
