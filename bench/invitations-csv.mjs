#!/usr/bin/env node
// Invitation CSV dry run: POST /api/invitation/scope/validate through the gateway, as an administrator, with
// a CSV of 10,000 rows (UTF-8 with ',' separators, and the Greek Excel form: BOM and ';'), next to a file of
// 1,000 rows; then the parser alone (parseInvitationCsv of services/mailing/dist) on the same 10,000 rows.
//
//   node bench/invitations-csv.mjs [--rows 10000] [--runs 5]
//
// The rows are Greek names with addresses invitee-<n>@example.org, one enrolment in the demo category
// `urban-mobility` (expert or normal); every 100th e-mail is malformed, every 250th row repeats the e-mail of
// the row before, every 500th names an unknown category and every 333rd a bad role, so that each check runs.
// Measured per file: the answer's time (median and max of --runs after one warm-up), the report's summary,
// and the peak RSS of the mailing service (and of the gateway) while the requests ran, sampled every 50 ms.
// Results: a markdown table on stdout and bench/results/invitations-csv.json.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  ADMIN_PASSWORD,
  apiLogin,
  machine,
  markdownTable,
  median,
  numberArg,
  ROOT,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { rssKiB } from './lib/mail-bench.mjs';

const argv = process.argv.slice(2);
const ROWS = numberArg(argv, '--rows', 10_000, 10_000);
const RUNS = numberArg(argv, '--runs', 5, 50);
const CATEGORY = 'urban-mobility';

const FIRST = ['Γιώργος', 'Μαρία', 'Νίκος', 'Ελένη', 'Κωνσταντίνος', 'Αικατερίνη', 'Δημήτρης', 'Σοφία'];
const LAST = ['Παπαδόπουλος', 'Οικονόμου', 'Γεωργίου', 'Αντωνίου', 'Βασιλείου', 'Καραγιάννη', 'Νικολάου'];

/** The CSV's text: header and `rows` data lines, with the faults described above. */
function csvText(rows, separator) {
  const lines = [['firstname', 'lastname', 'email', 'category_1', 'role_1', 'notes'].join(separator)];
  let previous = '';
  for (let i = 0; i < rows; i++) {
    let email = `invitee-${i}@example.org`;
    if (i % 100 === 99) email = `invitee-${i}.example.org`;
    if (i % 250 === 249) email = previous;
    previous = email;
    const category = i % 500 === 499 ? 'no-such-category' : CATEGORY;
    const role = i % 333 === 332 ? 'boss' : i % 2 ? 'expert' : 'normal';
    // A quoted field holding the separator and a doubled quote, as spreadsheets write them.
    const notes = `"σημείωση ${i}${separator} ""quoted"""`;
    lines.push(
      [FIRST[i % FIRST.length], LAST[i % LAST.length], email, category, role, notes].join(separator),
    );
  }
  return `${lines.join('\r\n')}\r\n`;
}

const FILES = [
  { name: `${ROWS} rows, ',' UTF-8`, rows: ROWS, text: () => csvText(ROWS, ',') },
  { name: `${ROWS} rows, ';' with BOM (Greek Excel)`, rows: ROWS, text: () => `\ufeff${csvText(ROWS, ';')}` },
  { name: "1000 rows, ','", rows: 1000, text: () => csvText(1000, ',') },
];

function buildServers() {
  const r = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc -b failed with ${r.status}`);
}

/** Peak RSS (MiB) of each pid while `work` runs, sampled every 50 ms. */
async function withPeakRss(pids, work) {
  const before = {};
  const peak = {};
  for (const [name, pid] of Object.entries(pids)) before[name] = peak[name] = await rssKiB(pid);
  const timer = setInterval(async () => {
    for (const [name, pid] of Object.entries(pids)) peak[name] = Math.max(peak[name], await rssKiB(pid));
  }, 50);
  try {
    const result = await work();
    const mib = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, Math.round(v / 102.4) / 10]));
    return { result, rssBeforeMiB: mib(before), rssPeakMiB: mib(peak) };
  } finally {
    clearInterval(timer);
  }
}

async function validate(base, admin, bytes) {
  const form = new FormData();
  form.set('file', new Blob([bytes], { type: 'text/csv' }), 'invitations.csv');
  form.set('message', 'Σας προσκαλούμε στη διαβούλευση. / You are invited to the consultation.');
  form.set('locale', 'el');
  const started = performance.now();
  const res = await fetch(`${base}/api/invitation/scope/validate`, {
    method: 'POST',
    headers: { cookie: admin.header, 'x-csrf-token': admin.cookies.token },
    body: form,
  });
  const body = await res.json();
  const ms = performance.now() - started;
  if (res.status !== 200)
    throw new Error(`validate: HTTP ${res.status} ${JSON.stringify(body).slice(0, 500)}`);
  return { ms, summary: body.summary, values: body.values.length };
}

async function main() {
  buildServers();
  const quiet = await waitForQuietMachine();
  const stack = await startBenchStack({ mode: 'distributed', log: (m) => console.error(m) });
  stopOnSignal(stack.stop);
  const results = [];
  let parser;
  try {
    const admin = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    const pids = { mailing: stack.pids.mailing, gateway: stack.pids.gateway };
    for (const file of FILES) {
      const bytes = Buffer.from(file.text(), 'utf8');
      await validate(stack.url, admin, bytes); // warm-up
      const loadBefore = machine().loadAverage;
      const { result: runs, ...rss } = await withPeakRss(pids, async () => {
        const out = [];
        for (let i = 0; i < RUNS; i++) out.push(await validate(stack.url, admin, bytes));
        return out;
      });
      const ms = runs.map((r) => r.ms);
      results.push({
        file: file.name,
        rows: file.rows,
        bytes: bytes.length,
        medianMs: Math.round(median(ms)),
        maxMs: Math.round(Math.max(...ms)),
        reportRows: runs[0].values,
        summary: runs[0].summary,
        ...rss,
        loadAverageBefore: loadBefore,
        loadAverageAfter: machine().loadAverage,
      });
      console.error(`${file.name}: median ${Math.round(median(ms))} ms`);
    }

    // The parser alone, in this process.
    const csv = await import(
      pathToFileURL(path.join(ROOT, 'services', 'mailing', 'dist', 'invitations', 'csv.js')).href
    );
    const bytes = Buffer.from(csvText(ROWS, ','), 'utf8');
    csv.parseInvitationCsv(bytes);
    const times = [];
    const heapBefore = process.memoryUsage().heapUsed;
    let parsed;
    for (let i = 0; i < RUNS; i++) {
      const t = performance.now();
      parsed = csv.parseInvitationCsv(bytes);
      times.push(performance.now() - t);
    }
    const heapAfter = process.memoryUsage().heapUsed;
    parser = {
      rows: parsed.length,
      medianMs: Math.round(median(times) * 10) / 10,
      maxMs: Math.round(Math.max(...times) * 10) / 10,
      heapGrowthMiB: Math.round((heapAfter - heapBefore) / 104857.6) / 10,
    };
  } finally {
    await stack.stop();
  }
  const file = await writeResults('invitations-csv', {
    machine: machine(),
    quiet,
    runs: RUNS,
    results,
    parser,
  });
  console.log(
    markdownTable(
      [
        'file',
        'bytes',
        'median (ms)',
        'max (ms)',
        'valid / invalid',
        'mailing RSS before → peak (MiB)',
        'gateway RSS before → peak (MiB)',
        'load average before → after',
      ],
      results.map((r) => [
        r.file,
        r.bytes,
        r.medianMs,
        r.maxMs,
        `${r.summary.valid} / ${r.summary.invalid}`,
        `${r.rssBeforeMiB.mailing} → ${r.rssPeakMiB.mailing}`,
        `${r.rssBeforeMiB.gateway} → ${r.rssPeakMiB.gateway}`,
        `${r.loadAverageBefore[0]} → ${r.loadAverageAfter[0]}`,
      ]),
    ),
  );
  console.log(
    `\nparseInvitationCsv alone, ${parser.rows} rows: median ${parser.medianMs} ms, max ${parser.maxMs} ms`,
  );
  console.error(`results: ${path.relative(ROOT, file)}`);
}

await main();
