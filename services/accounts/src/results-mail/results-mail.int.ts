// The mail of a project's published results (decision 0090): accounts and consultation booted together, the
// announcer's scheduled job run to its end (no timer), the mail requests read from the `mail-requests` queue.
import { MAIL_REQUESTS_QUEUE, type TemplateMailRequest } from '@agora/common';
import { bootTestService, runScheduledNow, type TestService } from '@agora/common/testing';
import { IDENTITY_HEADER, type SessionUser } from '@agora/contracts';
import { getQueueToken } from '@nestjs/bullmq';
import type { Queue } from 'bullmq';
import request from 'supertest';
import { CONSULTATION_CONFIG } from '../../../consultation/src/config/consultation-config.module.js';
import type { ConsultationConfig } from '../../../consultation/src/config/consultation.config.js';
import { createConsultationService } from '../../../consultation/src/index.js';
import { todayIn } from '../../../consultation/src/project/project-dates.js';
import {
  DRAFT,
  ENDED,
  MISSING,
  PROJECT,
  SHOWN_ATTR,
  TOPIC,
  seedParticipation,
} from '../../../consultation/test/participation-fixture.js';
import { ADMIN_PASSWORD } from '../../test/accounts-test-helpers.js';
import {
  accountsService,
  RESULTS_ANNOUNCEMENT_SCHEDULER,
  RESULTS_MAIL_QUEUE,
  ResultsAnnouncer,
  type AnnounceResult,
} from '../index.js';

const PUBLIC_URL = 'https://agora.example.org';

describe('the mail of published results (accounts and consultation, real Postgres)', () => {
  let consultation: TestService;
  let svc: TestService;
  /** A: opted in, answered P (in English); B: answered P, not opted in; C: opted in, did not answer P;
   *  D: opted in, answered P, deactivated. */
  let a: SessionUser;
  let b: SessionUser;
  let c: SessionUser;
  let d: SessionUser;

  const mailRequests = async (): Promise<TemplateMailRequest[]> => {
    const queue = svc.app.get<Queue<TemplateMailRequest>>(getQueueToken(MAIL_REQUESTS_QUEUE));
    const jobs = await queue.getJobs(['waiting', 'delayed', 'active', 'completed', 'failed', 'prioritized']);
    return jobs.map((j) => j.data).filter((m) => m.template === 'results_published');
  };
  const run = async (): Promise<AnnounceResult> =>
    (await runScheduledNow(
      svc.app.get<Queue>(getQueueToken(RESULTS_MAIL_QUEUE)),
      RESULTS_ANNOUNCEMENT_SCHEDULER,
    )) as AnnounceResult;

  beforeAll(async () => {
    consultation = await bootTestService(createConsultationService({}));
    await consultation.app.listen(0, '127.0.0.1');
    const { port } = consultation.app.getHttpServer().address() as { port: number };
    await seedParticipation(consultation);
    // a project whose results were public long before the announcer started
    await consultation.db.query(
      `UPDATE consultation.project SET is_public = true, public_date = '2001-01-01' WHERE token = $1`,
      [ENDED],
    );
    svc = await bootTestService(
      accountsService({
        AGORA_ADMIN_PASSWORD: ADMIN_PASSWORD,
        CONSULTATION_URL: `http://127.0.0.1:${port}/`,
        PUBLIC_URL,
      }),
    );
    const users = await svc.db.query<SessionUser>(
      `INSERT INTO accounts."user" (username, firstname, lastname, email, role, password_hash, results_mail, locale, active)
       VALUES ('anna', 'Anna', 'A', 'anna@example.org', 'authorized', 'x', true, 'en', true),
              ('babis', 'Μπάμπης', 'B', 'babis@example.org', 'authorized', 'x', false, 'el', true),
              ('chloe', 'Χλόη', 'C', 'chloe@example.org', 'authorized', 'x', true, 'el', true),
              ('dimos', 'Δήμος', 'D', 'dimos@example.org', 'authorized', 'x', true, 'el', false)
       RETURNING uuid::text, username, firstname, lastname, email, role`,
    );
    [a, b, c, d] = users as [SessionUser, SessionUser, SessionUser, SessionUser];
    const answer = (project: string, owner: string) =>
      consultation.db.query(
        `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
         VALUES ($1, $2, $3, $4, public.ST_GeomFromText('POINT(22.95 40.63)', 4326))`,
        [project, TOPIC, SHOWN_ATTR, owner],
      );
    // A answered twice: one mail all the same
    for (const owner of [a.uuid, a.uuid, b.uuid, d.uuid]) await answer(PROJECT, owner);
    for (const owner of [a.uuid, c.uuid]) await answer(ENDED, owner);
    for (const owner of [a.uuid, c.uuid]) await answer(DRAFT, owner);
  });

  afterAll(async () => {
    await svc?.close();
    await consultation?.close();
  });

  it('notes the results already public at its first run without mailing anyone', async () => {
    await svc.app.get(ResultsAnnouncer).scheduled;
    // the first run (at start) is let finish, then the next one runs: nothing new is public
    expect(await run()).toEqual({ baseline: 0, announced: 0, mails: 0 });
    const rows = await svc.db.query<{ project: string; baseline: boolean; recipients: number }>(
      `SELECT project::text AS project, baseline, recipients FROM accounts.results_announcement`,
    );
    expect(rows).toEqual([{ project: ENDED, baseline: true, recipients: 0 }]);
    expect(await mailRequests()).toEqual([]);
  });

  it('mails the respondents who opted in, once, in their language, when a project publishes its results', async () => {
    const zone = consultation.app.get<ConsultationConfig>(CONSULTATION_CONFIG).project.timeZone;
    // P becomes public today; another project's results are public only later
    await consultation.db.query(
      `UPDATE consultation.project SET is_public = true, public_date = $2::date WHERE token = $1`,
      [PROJECT, todayIn(zone)],
    );
    await consultation.db.query(
      `UPDATE consultation.project SET is_public = true, public_date = '2999-01-01' WHERE token = $1`,
      [DRAFT],
    );
    expect(await run()).toEqual({ baseline: 0, announced: 1, mails: 1 });
    expect(await mailRequests()).toEqual([
      {
        to: 'anna@example.org',
        template: 'results_published',
        locale: 'en',
        values: {
          firstname: 'Anna',
          lastname: 'A',
          project: 'Παραλία',
          category: 'Ανοιχτή',
          link: `${PUBLIC_URL}/participate/category/open-cat/project/seafront/results`,
          profile: `${PUBLIC_URL}/profile`,
        },
        idempotencyKey: `results:${PROJECT}:${a.uuid}`,
      },
    ]);
    const [row] = await svc.db.query<{ recipients: number; baseline: boolean }>(
      `SELECT recipients, baseline FROM accounts.results_announcement WHERE project = $1`,
      [PROJECT],
    );
    expect(row).toEqual({ recipients: 1, baseline: false });

    // the next run mails nobody again, and the project public in the future is not announced yet
    expect(await run()).toEqual({ baseline: 0, announced: 0, mails: 0 });
    expect((await mailRequests()).map((m) => m.idempotencyKey)).toEqual([`results:${PROJECT}:${a.uuid}`]);
    expect(
      await svc.db.query(`SELECT 1 FROM accounts.results_announcement WHERE project = $1`, [DRAFT]),
    ).toEqual([]);
  });

  it('asks for the same mail again when a run stopped before noting the project: the key keeps it one', async () => {
    await svc.db.query(`DELETE FROM accounts.results_announcement WHERE project = $1`, [PROJECT]);
    expect(await run()).toEqual({ baseline: 0, announced: 1, mails: 1 });
    // the same job id: the queue holds one request
    expect((await mailRequests()).map((m) => m.idempotencyKey)).toEqual([`results:${PROJECT}:${a.uuid}`]);
  });

  it("serves consultation's part to the accounts service alone", async () => {
    const internal = (path: string, identity: string) =>
      request(consultation.app.getHttpServer()).get(path).set(IDENTITY_HEADER, identity);
    const published = '/internal/results/published';
    const respondents = `/internal/projects/${PROJECT}/respondents`;
    for (const identity of [
      consultation.identity(null),
      consultation.identity(a),
      consultation.identity(null, { sys: 'library' }),
      consultation.identity(null, { sys: 'mailing' }),
      consultation.identity(null, { sys: 'gateway' }),
    ]) {
      expect((await internal(published, identity)).status).toBe(403);
      expect((await internal(respondents, identity)).status).toBe(403);
    }
    const accounts = consultation.identity(null, { sys: 'accounts' });
    const list = await internal(published, accounts);
    expect(list.status).toBe(200);
    // the public ones only (not the one of 2999), the latest first
    expect(list.body.projects.map((p: { token: string }) => p.token)).toEqual([PROJECT, ENDED]);
    expect(list.body.projects[0]).toMatchObject({
      title: 'Παραλία',
      category: { mname: 'open-cat', title: 'Ανοιχτή' },
      path: '/participate/category/open-cat/project/seafront/results',
    });
    const who = await internal(respondents, accounts);
    expect(who.status).toBe(200);
    expect(who.body).toEqual({ token: PROJECT, respondents: [a.uuid, b.uuid, d.uuid].sort() });
    for (const path of [`/internal/projects/${MISSING}/respondents`, '/internal/projects/nope/respondents']) {
      const missing = await internal(path, accounts);
      expect([missing.status, missing.body.code]).toEqual([404, 'CONSULTATION.PROJECT_NOT_FOUND']);
    }
  });

  it('keeps the opt-in on the profile: off by default, set and read through /profile, validated', async () => {
    const profile = (who: SessionUser) =>
      request(svc.app.getHttpServer()).get('/profile').set(IDENTITY_HEADER, svc.identity(who));
    const put = (who: SessionUser, body: object) =>
      request(svc.app.getHttpServer()).put('/profile').set(IDENTITY_HEADER, svc.identity(who)).send(body);
    expect((await profile(b)).body.results_mail).toBe(false);
    const on = await put(b, { results_mail: true });
    expect([on.status, on.body.results_mail]).toEqual([200, true]);
    expect((await profile(b)).body.results_mail).toBe(true);
    for (const body of [{ results_mail: 'yes' }, { results_mail: null }, { results_mail: 1 }]) {
      const bad = await put(b, body);
      expect([bad.status, bad.body.Error]).toEqual([400, 'missing parameters']);
    }
    expect((await profile(b)).body.results_mail).toBe(true);
    const off = await put(b, { results_mail: false });
    expect([off.status, off.body.results_mail]).toEqual([200, false]);
    const [row] = await svc.db.query<{ results_mail: boolean }>(
      `SELECT results_mail FROM accounts."user" WHERE uuid = $1`,
      [b.uuid],
    );
    expect(row?.results_mail).toBe(false);
  });
});
