// The e-mail templates' editor (GET/PUT /mailTemplate..., POST /mailTemplate/preview) against a real database,
// and mails rendered from the templates through the `mail-requests` queue into a real inbox (decision 0045).
import { randomBytes } from 'node:crypto';
import { jest } from '@jest/globals';
import { MAIL_REQUEST_JOB, MAIL_REQUESTS_QUEUE, type MailRequest } from '@agora/common';
import { bootTestService, type TestService } from '@agora/common/testing';
import { IDENTITY_HEADER, type Role, type SessionUser } from '@agora/contracts';
import { Queue } from 'bullmq';
import request from 'supertest';
import { createMailingService } from '../service.js';
import { startInbox, waitFor, type Inbox } from '../../test/harness.js';

jest.setTimeout(60_000);

type Caller = 'anonymous' | Role;
const CALLERS: readonly Caller[] = ['anonymous', 'guest', 'authorized', 'reviewer', 'editor', 'admin'];

let svc: TestService;
let inbox: Inbox;
let requests: Queue<MailRequest>;

const user = (role: Role): SessionUser => ({
  uuid: '0b7d1f7e-4d0e-4a51-9a5e-2f3c4d5e6f70',
  username: `${role}_user`,
  firstname: 'F',
  lastname: 'L',
  email: `${role}@example.org`,
  role,
});
const as = (caller: Caller) => svc.identity(caller === 'anonymous' ? null : user(caller));
const http = () => request(svc.app.getHttpServer());
const admin = () => as('admin');

const GOOD = { subject: 'Subject [firstname]', html: '<p>Hello [firstname]</p>', text: '' };

beforeAll(async () => {
  inbox = await startInbox();
  svc = await bootTestService(
    createMailingService({ SMTP_URL: `smtp://127.0.0.1:${inbox.port}`, MAIL_WORKER: 'inline' }),
    { redis: true },
  );
  requests = new Queue<MailRequest>(MAIL_REQUESTS_QUEUE, {
    connection: svc.infra.bullConnection,
    prefix: svc.config.queue.prefix,
  });
});

afterAll(async () => {
  await requests?.close();
  await svc?.close();
  await inbox?.close();
});

describe('who may use the templates editor', () => {
  const routes: Array<{ method: 'get' | 'put' | 'post'; path: string; body?: object }> = [
    { method: 'get', path: '/mailTemplate' },
    { method: 'get', path: '/mailTemplate/name/enrolment' },
    { method: 'put', path: '/mailTemplate/name/password_recovery/locale/en', body: GOOD },
    {
      method: 'post',
      path: '/mailTemplate/preview',
      body: { name: 'enrolment', locale: 'en', ...GOOD },
    },
  ];
  const expected: Record<Caller, number> = {
    anonymous: 401,
    guest: 403,
    authorized: 403,
    reviewer: 403,
    editor: 403,
    admin: 200,
  };
  it.each(routes)('$method $path: admins only', async ({ method, path, body }) => {
    const got: Record<string, number> = {};
    for (const caller of CALLERS) {
      const req = http()[method](path).set(IDENTITY_HEADER, as(caller));
      got[caller] = (await (body ? req.send(body) : req)).status;
    }
    expect(got).toEqual(expected);
  });
});

describe('GET /mailTemplate and /mailTemplate/name/{name}', () => {
  it('lists every mail the platform sends with its shortcodes, in Greek and English', async () => {
    const res = await http().get('/mailTemplate').set(IDENTITY_HEADER, admin());
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        name: 'enrolment',
        shortcodes: ['firstname', 'lastname', 'category', 'role', 'link'],
        locales: ['el', 'en'],
      },
      {
        name: 'invitation',
        shortcodes: ['firstname', 'lastname', 'email', 'link', 'message'],
        locales: ['el', 'en'],
      },
      {
        name: 'password_recovery',
        shortcodes: ['firstname', 'lastname', 'username', 'link', 'minutes'],
        locales: ['el', 'en'],
      },
      {
        name: 'results_published',
        shortcodes: ['firstname', 'lastname', 'project', 'category', 'link', 'profile'],
        locales: ['el', 'en'],
      },
    ]);
  });

  it('answers a template in both locales, with its HTML and plain-text parts', async () => {
    const res = await http().get('/mailTemplate/name/invitation').set(IDENTITY_HEADER, admin());
    expect(res.status).toBe(200);
    expect(res.body.name).toBe('invitation');
    expect(res.body.el.subject).toBe('Πρόσκληση συμμετοχής σε δημόσια διαβούλευση');
    expect(res.body.el.html).toContain('<a href="[link]">[link]</a>');
    expect(res.body.el.text).toContain('Αγαπητέ/ή [firstname] [lastname],');
    expect(res.body.en.subject).toBe('Invitation to take part in a public consultation');
    expect(res.body.en.html).toContain('<p>Dear [firstname] [lastname],</p>');
  });

  it('answers 404 MAIL.TEMPLATE_NOT_FOUND for an unknown template', async () => {
    const res = await http().get('/mailTemplate/name/nothing').set(IDENTITY_HEADER, admin());
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ code: 'MAIL.TEMPLATE_NOT_FOUND' });
  });
});

describe('PUT /mailTemplate/name/{name}/locale/{locale}', () => {
  const put = (name: string, locale: string, body: unknown) =>
    http()
      .put(`/mailTemplate/name/${name}/locale/${locale}`)
      .set(IDENTITY_HEADER, admin())
      .send(body as object);

  it('stores the parts with the HTML sanitised and answers what was stored', async () => {
    const html =
      '<p onclick="steal()">Γεια σας [firstname]<script>alert(1)</script></p>' +
      '<a href="javascript:alert(1)">bad</a> <a href="[link]" target="_blank">ok</a><iframe src="https://x"></iframe>' +
      '<img src="https://agora.example.org/logo.png" alt="logo" onerror="x()"><style>p{}</style>';
    const res = await put('enrolment', 'el', { subject: 'Νέο θέμα [category]', html, text: '' });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Νέο θέμα [category]');
    expect(res.body.text).toBe('');
    expect(res.body.html).toBe(
      '<p>Γεια σας [firstname]</p><a>bad</a> <a href="[link]" target="_blank" rel="noopener noreferrer">ok</a>' +
        '<img src="https://agora.example.org/logo.png" alt="logo" />',
    );
    const got = await http().get('/mailTemplate/name/enrolment').set(IDENTITY_HEADER, admin());
    expect(got.body.el).toEqual(res.body);
    // the other locale is untouched
    expect(got.body.en.subject).toBe('Enrolled in the consultation “[category]”');
  });

  it('answers 404 for an unknown template or locale, and writes nothing', async () => {
    for (const [name, locale] of [
      ['nothing', 'el'],
      ['enrolment', 'fr'],
    ] as const) {
      const res = await put(name, locale, GOOD);
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'MAIL.TEMPLATE_NOT_FOUND' });
    }
    const [{ n }] = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mailing.template WHERE name = 'nothing' OR locale = 'fr'`,
    );
    expect(n).toBe(0);
  });

  it('answers 400 MAIL.TEMPLATE_INVALID for a bad body and keeps the stored template', async () => {
    const before = (await http().get('/mailTemplate/name/invitation').set(IDENTITY_HEADER, admin())).body;
    for (const body of [
      {},
      { ...GOOD, subject: '' },
      { ...GOOD, subject: 'two\nlines' },
      { ...GOOD, html: '', text: ' ' },
      { ...GOOD, extra: 1 },
      { ...GOOD, html: 5 },
      { ...GOOD, subject: 'x'.repeat(201) },
    ]) {
      const res = await put('invitation', 'en', body);
      expect({ body, status: res.status, code: res.body.code }).toEqual({
        body,
        status: 400,
        code: 'MAIL.TEMPLATE_INVALID',
      });
    }
    // only unsafe HTML and no plain text: nothing left to send
    const empty = await put('invitation', 'en', { subject: 's', html: '<script>x()</script>', text: '' });
    expect(empty.status).toBe(400);
    expect(empty.body).toMatchObject({ code: 'MAIL.TEMPLATE_EMPTY' });
    const after = (await http().get('/mailTemplate/name/invitation').set(IDENTITY_HEADER, admin())).body;
    expect(after).toEqual(before);
  });
});

describe('POST /mailTemplate/preview', () => {
  const preview = (body: object) =>
    http().post('/mailTemplate/preview').set(IDENTITY_HEADER, admin()).send(body);

  it('renders with the sample values of the locale, escaped in the HTML, unknown shortcodes kept', async () => {
    const res = await preview({
      name: 'invitation',
      locale: 'el',
      subject: 'Πρόσκληση για [firstname] [lastname]',
      html: '<p>Αγαπητέ/ή [firstname],</p><p>[message]</p><p><a href="[link]">αποδοχή</a> [unknown] [category]</p>',
      text: '',
    });
    expect(res.status).toBe(200);
    expect(res.body.subject).toBe('Πρόσκληση για Μαρία Παπαδοπούλου');
    expect(res.body.html).toBe(
      '<p>Αγαπητέ/ή Μαρία,</p><p>Η διαβούλευση διαρκεί έως το τέλος του μήνα.</p>' +
        '<p><a href="https://agora.example.org/invitation/accept/3f0c9b1e2d4a">αποδοχή</a> [unknown] [category]</p>',
    );
    // no plain-text part: generated from the HTML
    expect(res.body.text).toBe(
      'Αγαπητέ/ή Μαρία,\n\nΗ διαβούλευση διαρκεί έως το τέλος του μήνα.\n\n' +
        'αποδοχή (https://agora.example.org/invitation/accept/3f0c9b1e2d4a) [unknown] [category]',
    );
  });

  it('uses the written plain-text part, the English samples and the link of the template', async () => {
    const res = await preview({
      name: 'password_recovery',
      locale: 'en',
      subject: 'Hi [username]',
      html: '',
      text: 'Hello [firstname],\n[link]\nValid [minutes] minutes.',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      subject: 'Hi msmith',
      html: '',
      // a recovery mail's link leads to the new-password page, not to an invitation
      text: 'Hello Mary,\nhttps://agora.example.org/password_recovery/reset/7d2a64c90b1f\nValid 60 minutes.',
    });
  });

  it('answers 404 for an unknown template and 400 for a bad body', async () => {
    const unknown = await preview({ name: 'nothing', locale: 'en', ...GOOD });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toMatchObject({ code: 'MAIL.TEMPLATE_NOT_FOUND' });
    for (const body of [{ name: 'invitation', locale: 'fr', ...GOOD }, { name: 'invitation' }]) {
      const res = await preview(body);
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'MAIL.TEMPLATE_INVALID' });
    }
  });
});

describe('mails rendered from the templates (mail-requests queue)', () => {
  it('renders the edited template in the locale asked for, values escaped in the HTML, once per key', async () => {
    const put = await http()
      .put('/mailTemplate/name/enrolment/locale/en')
      .set(IDENTITY_HEADER, admin())
      .send({
        subject: 'Welcome to [category]',
        html: '<h2>Hi [firstname] [lastname]</h2><p>Role: <b>[role]</b> <a href="[link]">open</a></p>',
        text: '',
      });
    expect(put.status).toBe(200);
    const key = `enrolment-${randomBytes(4).toString('hex')}`;
    const job: MailRequest = {
      to: 'ada@example.org',
      template: 'enrolment',
      locale: 'en',
      values: {
        firstname: 'Ada <b>',
        lastname: 'Lovelace & co',
        category: 'Parks',
        role: 'expert',
        link: 'https://agora.example.org/',
        nonsense: 'ignored',
      },
      idempotencyKey: key,
    };
    await requests.add(MAIL_REQUEST_JOB, job, { jobId: `t-${key}` });
    const [mail] = await waitFor(
      () => inbox.withSubject('Welcome to Parks'),
      (m) => m.length === 1,
      { what: 'the enrolment mail' },
    );
    expect(mail!.to[0]!.address).toBe('ada@example.org');
    expect(mail!.html).toContain('<h2>Hi Ada &lt;b&gt; Lovelace &amp; co</h2>');
    expect(mail!.html).toContain('<b>expert</b> <a href="https://agora.example.org/">open</a>');
    expect(mail!.text).toContain('Hi Ada <b> Lovelace & co');
    expect(mail!.text).toContain('Role: expert open (https://agora.example.org/)');

    // edited again, then the same request delivered again: the first rendering stands, one mail
    await http()
      .put('/mailTemplate/name/enrolment/locale/en')
      .set(IDENTITY_HEADER, admin())
      .send({ subject: 'Changed [category]', html: '<p>changed</p>', text: '' });
    const again = await requests.add(MAIL_REQUEST_JOB, job, { jobId: `t2-${key}` });
    await waitFor(
      () => again.getState(),
      (s) => s === 'completed' || s === 'failed',
      { what: 'the replayed request' },
    );
    expect(await again.getState()).toBe('completed');
    const [{ n }] = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mailing.mail WHERE idempotency_key = $1`,
      [key],
    );
    expect(n).toBe(1);
    expect(await inbox.withSubject('Changed Parks')).toHaveLength(0);
  });

  it('renders the seeded results mail with its shortcodes, in Greek and in English', async () => {
    const link = 'https://agora.example.org/participate/category/traffic/project/seafront/results';
    const profile = 'https://agora.example.org/profile';
    const run = randomBytes(4).toString('hex');
    const cases = [
      {
        to: `eleni-${run}@example.org`,
        locale: 'el',
        values: { firstname: 'Ελένη', lastname: 'Ν', project: 'Παραλία <νέα>', category: 'Κυκλοφορία' },
        subject: 'Δημοσιεύθηκαν τα αποτελέσματα: «Παραλία <νέα>»',
        text: 'Τα αποτελέσματα της διαβούλευσης «Παραλία <νέα>» (Κυκλοφορία), στην οποία συμμετείχατε',
        html: '<p>Αγαπητέ/ή Ελένη Ν,</p>',
      },
      {
        to: `john-${run}@example.org`,
        locale: 'en',
        values: { firstname: 'John', lastname: 'S', project: 'Seafront <new>', category: 'Traffic' },
        subject: 'Results published: “Seafront <new>”',
        text: 'The results of the consultation “Seafront <new>” (Traffic), which you answered, are now public:',
        html: '<p>Dear John S,</p>',
      },
    ];
    for (const c of cases) {
      const key = `results:${run}:${c.locale}`;
      await requests.add(
        MAIL_REQUEST_JOB,
        {
          to: c.to,
          template: 'results_published',
          locale: c.locale,
          values: { ...c.values, link, profile },
          idempotencyKey: key,
        },
        { jobId: `t-${key.replace(/:/g, '_')}` },
      );
      const [mail] = await waitFor(
        async () => (await inbox.all()).filter((m) => m.to[0]?.address === c.to),
        (m) => m.length === 1,
        { what: `the ${c.locale} results mail` },
      );
      expect(mail!.subject).toBe(c.subject);
      expect(mail!.text).toContain(c.text);
      expect(mail!.text).toContain(link);
      expect(mail!.text).toContain(profile);
      expect(mail!.html).toContain(c.html);
      expect(mail!.html).toContain(`<a href="${link}">${link}</a>`);
      expect(mail!.html).toContain(`<a href="${profile}">${profile}</a>`);
      // the value is escaped in the HTML part
      expect(mail!.html).toContain(`${c.values.project.replace('<', '&lt;').replace('>', '&gt;')}`);
    }
  });

  it('falls back to Greek for another locale, and drops a request for an unknown template', async () => {
    const key = `recovery-${randomBytes(4).toString('hex')}`;
    await requests.add(
      MAIL_REQUEST_JOB,
      {
        to: 'nikos@example.org',
        template: 'password_recovery',
        locale: 'fr',
        values: { firstname: 'Νίκος', lastname: 'Ιωάννου', link: 'https://a.example/r/1', minutes: '60' },
        idempotencyKey: key,
      },
      { jobId: `t-${key}` },
    );
    const [mail] = await waitFor(
      async () => (await inbox.all()).filter((m) => m.to[0]?.address === 'nikos@example.org'),
      (m) => m.length === 1,
      { what: 'the recovery mail' },
    );
    expect(mail!.subject).toBe('Ανάκτηση κωδικού');
    expect(mail!.text).toContain('Γεια σας Νίκος Ιωάννου,');
    expect(mail!.text).toContain('ισχύει για 60 λεπτά');

    const bad = await requests.add(
      MAIL_REQUEST_JOB,
      { to: 'x@example.org', template: 'nothing', locale: 'el', values: {}, idempotencyKey: `bad-${key}` },
      { jobId: `bad-${key}`, attempts: 3 },
    );
    await waitFor(
      () => bad.getState(),
      (s) => s === 'failed',
      { what: 'the unknown template request to fail' },
    );
    expect((await requests.getJob(bad.id!))?.attemptsMade).toBe(1);
    const [{ n }] = await svc.db.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM mailing.mail WHERE to_address = 'x@example.org'`,
    );
    expect(n).toBe(0);
  });
});
