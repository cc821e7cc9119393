#!/usr/bin/env node
// Invitations at scale, end to end: an administrator sends 10,000 invitations through the gateway (the CSV's dry
// run `POST /api/invitation/scope/validate`, then `POST /api/invitation/scope/send` with the valid rows), the
// separate mail worker (`services/mailing/dist/worker.js`) sends them to a local counting SMTP sink, and is
// stopped twice during the batch and started again at once.
//
//   node bench/invitations-send.mjs [--rows 10000] [--only kill-kill,kill-term]
//
// The stack is the distributed one of the other benchmarks (each service and the gateway in its own process,
// PostgreSQL, Redis), with MAIL_WORKER=off in the mailing service, so that the worker is a process of its own
// that the benchmark can kill. Scenarios, one after the other on the same stack, each with its own addresses:
//   kill-kill  SIGKILL when the sink has received 1/3 and 2/3 of the batch's mails
//   kill-term  the same with SIGTERM
// Measured: the answer times of the validate and send requests; mails/s from the send request to the last of the
// batch's mails settled (sent, uncertain or bounced); at the sink, by invitation (its mail's Message-ID): received
// exactly once, twice or more, never; the batch's rows left 'uncertain' (received or not). Results: a markdown
// table on stdout and bench/results/invitations-send.json.
import { randomBytes } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import {
  ADMIN_PASSWORD,
  apiLogin,
  machine,
  markdownTable,
  numberArg,
  ROOT,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import {
  buildServers,
  load,
  round,
  startMailWorker,
  stopAndRestart,
  tallyAtSink,
  waitUntil,
} from './lib/mail-bench.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const argv = process.argv.slice(2);
const ROWS = numberArg(argv, '--rows', 10_000, 10_000);
const onlyArg = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : null;
const WORKER_JS = path.join(ROOT, 'services', 'mailing', 'dist', 'worker.js');
const CATEGORY = 'urban-mobility';

const SCENARIOS = [
  { name: 'kill-kill', title: 'SIGKILL at 1/3 and 2/3, restarted', kills: ['SIGKILL', 'SIGKILL'] },
  { name: 'kill-term', title: 'SIGTERM at 1/3 and 2/3, restarted', kills: ['SIGTERM', 'SIGTERM'] },
].filter((s) => !onlyArg || onlyArg.includes(s.name));

const FIRST = ['Γιώργος', 'Μαρία', 'Νίκος', 'Ελένη', 'Κωνσταντίνος', 'Αικατερίνη', 'Δημήτρης', 'Σοφία'];
const LAST = ['Παπαδόπουλος', 'Οικονόμου', 'Γεωργίου', 'Αντωνίου', 'Βασιλείου', 'Καραγιάννη', 'Νικολάου'];
const MESSAGE = 'Σας προσκαλούμε στη διαβούλευση. / You are invited to the consultation.';

function csvText(scenario, rows) {
  const lines = ['firstname,lastname,email,category_1,role_1'];
  for (let i = 0; i < rows; i++)
    lines.push(
      [
        FIRST[i % FIRST.length],
        LAST[i % LAST.length],
        `invitee-${scenario}-${i}@example.org`,
        CATEGORY,
        i % 2 ? 'expert' : 'normal',
      ].join(','),
    );
  return `${lines.join('\r\n')}\r\n`;
}

async function api(base, admin, method, url, body) {
  const started = performance.now();
  const res = await fetch(`${base}${url}`, {
    method,
    headers: {
      cookie: admin.header,
      'x-csrf-token': admin.cookies.token,
      ...(body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
    body: body instanceof FormData ? body : JSON.stringify(body),
  });
  const answer = await res.json();
  if (res.status !== 200)
    throw new Error(`${url}: HTTP ${res.status} ${JSON.stringify(answer).slice(0, 500)}`);
  return { answer, ms: performance.now() - started };
}

async function batchStatuses(db, batch) {
  const { rows } = await db.query(
    `SELECT m.status, count(*)::int AS n FROM mailing.invitation i JOIN mailing.mail m ON m.id = i.mail_id
      WHERE i.batch = $1 GROUP BY m.status`,
    [batch],
  );
  return Object.fromEntries(rows.map((r) => [r.status, r.n]));
}

async function runScenario(s, { stack, db, sink, workerEnv, logFile }) {
  sink.reset();
  const admin = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
  const workers = [];
  const events = [];
  try {
    const startWorker = () => {
      const w = startMailWorker(WORKER_JS, workerEnv, logFile);
      workers.push(w);
      return w;
    };
    let worker = startWorker();
    await worker.running;

    const form = new FormData();
    form.set('file', new Blob([csvText(s.name, ROWS)], { type: 'text/csv' }), 'invitations.csv');
    form.set('message', MESSAGE);
    form.set('locale', 'el');
    const validated = await api(stack.url, admin, 'POST', '/api/invitation/scope/validate', form);
    const rows = validated.answer.values
      .filter((r) => r.valid && r.invite)
      .map(({ firstname, lastname, email, enrolment }) => ({ firstname, lastname, email, enrolment }));

    const loadBefore = load();
    const started = performance.now();
    const sent = await api(stack.url, admin, 'POST', '/api/invitation/scope/send', {
      message: MESSAGE,
      locale: 'el',
      rows,
    });
    const { batch, invited } = sent.answer;

    const stopped = await stopAndRestart({
      signals: s.kills,
      total: invited,
      sink,
      worker,
      start: startWorker,
      sending: async () => (await batchStatuses(db, batch)).sending ?? 0,
    });
    events.push(...stopped.events);
    worker = stopped.worker;

    const final = await waitUntil(
      () => batchStatuses(db, batch),
      (c) =>
        (c.sent ?? 0) + (c.uncertain ?? 0) + (c.bounced ?? 0) === invited &&
        !c.queued &&
        !c.sending &&
        !c.failed,
      `the ${invited} invitations to settle`,
    );
    const settledMs = performance.now() - started;
    const loadAfter = load();
    worker.child.kill('SIGTERM');
    await worker.exited;

    // At the sink, by invitation: its mail's Message-ID.
    const { rows: mails } = await db.query(
      `SELECT m.id, m.status FROM mailing.invitation i JOIN mailing.mail m ON m.id = i.mail_id WHERE i.batch = $1`,
      [batch],
    );
    const tally = tallyAtSink(sink, mails);
    return {
      name: s.name,
      title: s.title,
      invited,
      validateMs: round(validated.ms),
      sendMs: round(sent.ms),
      settledMs: round(settledMs),
      mailsPerS: round(invited / (settledMs / 1000), 1),
      received: sink.total(),
      statuses: final,
      ...tally,
      kills: events,
      workerPeakRssMiB: workers.map((w) => round(w.peakRssKiB / 1024, 1)),
      loadAverageBefore: loadBefore,
      loadAverageAfter: loadAfter,
    };
  } finally {
    for (const w of workers)
      if (w.child.exitCode === null && w.child.signalCode === null) w.child.kill('SIGKILL');
  }
}

async function main() {
  buildServers();
  const quiet = await waitForQuietMachine();
  const sink = await startSmtpSink();
  const stack = await startBenchStack({
    mode: 'distributed',
    log: (m) => console.error(m),
    // The mailing service only writes the mails; the benchmark's own worker process sends them.
    env: { SMTP_URL: `smtp://127.0.0.1:${sink.port}`, MAIL_WORKER: 'off' },
  });
  stopOnSignal(stack.stop);
  const workerEnv = {
    ...stack.env,
    MIGRATE_ON_START: 'false',
    LOG_LEVEL: 'info',
    QUEUE_PREFIX: stack.env.QUEUE_PREFIX,
  };
  const logFile = path.join(
    os.tmpdir(),
    `agora-bench-invitations-send-${randomBytes(3).toString('hex')}.log`,
  );
  const db = new pg.Client({ connectionString: stack.databaseUrl });
  const results = [];
  try {
    await db.connect();
    for (const s of SCENARIOS) {
      console.error(`${s.name}: ${s.title}, ${ROWS} invitations…`);
      const r = await runScenario(s, { stack, db, sink, workerEnv, logFile });
      console.error(`  ${r.mailsPerS} mails/s; once ${r.once}, twice ${r.duplicates}, never ${r.missing}`);
      results.push(r);
    }
  } finally {
    await db.end().catch(() => undefined);
    await stack.stop();
    await sink.close();
  }
  const file = await writeResults('invitations-send', { machine: machine(), quiet, results });
  console.log(
    markdownTable(
      [
        'scenario',
        'invitations',
        'validate / send answer (ms)',
        'mails/s (send → all settled)',
        'stops: left sending',
        'received once',
        'twice or more',
        'never',
        'uncertain (received / not)',
        'worker peak RSS (MiB)',
        'load average before → after',
      ],
      results.map((r) => [
        `${r.name}: ${r.title}`,
        r.invited,
        `${r.validateMs} / ${r.sendMs}`,
        r.mailsPerS,
        r.kills.map((k) => `${k.signal} ${k.sendingAfterStop}`).join(', '),
        r.once,
        r.duplicates,
        r.missing,
        `${r.uncertainReceived} / ${r.uncertainNotReceived}`,
        r.workerPeakRssMiB.join(' / '),
        `${r.loadAverageBefore[0]} → ${r.loadAverageAfter[0]}`,
      ]),
    ),
  );
  console.error(`results: ${path.relative(ROOT, file)}; worker logs: ${logFile}`);
}

await main();
