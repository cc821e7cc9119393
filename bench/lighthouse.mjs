#!/usr/bin/env node
// Lighthouse on a phone: the front page, the demo category's page and a demo project's questionnaire, with
// Lighthouse's mobile preset in Debian's Chromium.
//
//   node bench/lighthouse.mjs [--runs 5] [--mode one-process|distributed] [--baseline <dist folder>]
//                             [--reports <folder>] [--only front,category,questionnaire]
//
// Agora starts on a fresh PostgreSQL database with the demo data, by default in one process as `npm start` runs it
// (a child process of the benchmark, bench/lib/site-process.mjs). Pages: `/` and `/participate/category/urban-mobility` as a guest, and the questionnaire of the open
// Thessaloniki project as `citizen03` (a demo participant enrolled in urban mobility, role normal), whose session
// comes from an API login and is set as cookies before the run. Each run is Lighthouse 12 (bench/lib/
// lighthouse-run.mjs) in its own process with a new Chromium and a fresh profile; Lighthouse empties the HTTP
// cache before it navigates (a cold load) and uses its defaults: the mobile form factor, simulated throttling
// (slow 4G: 150 ms RTT, 1.6 Mbit/s down; 4x CPU slowdown). One discarded run per page first, then `--runs` runs
// per page, the pages taking turns. Reported per page: the median of each of performance score, FCP, LCP, TBT,
// time to interactive, Speed Index and total transfer (Lighthouse's `total-byte-weight`), and the score's range.
//
// `--baseline <folder>`: the front end of another build side by side, in the same run. The folder is another
// checkout (or its `dist/`) with a built front end (`dist/shell/`, `dist/remotes/`); a second Agora of this
// checkout's servers serves it (SHELL_DIR, REMOTES_DIR), and each page's runs alternate between the two builds.
// To compare with an earlier commit:
//
//   git worktree add /tmp/agora-before <commit> && cd /tmp/agora-before && npm install && npm run build
//   node bench/lighthouse.mjs --baseline /tmp/agora-before
//
// `--reports <folder>` keeps each run's whole Lighthouse result (JSON, for the Lighthouse viewer).
// Results: a markdown table on stdout and bench/results/lighthouse-<date>.json (lighthouse-<date>-<label>.json
// with BENCH_LABEL=<label>).
import { existsSync, readFileSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  apiLogin,
  ensureBuilt,
  machine,
  markdownTable,
  median,
  modeArg,
  numberArg,
  ROOT,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { CHROMIUM_ARGS, LIGHTHOUSE_FLAGS, runLighthouse } from './lib/lighthouse-run.mjs';
import { startSiteProcess } from './lib/site-process.mjs';

const PARTICIPANT = { username: 'citizen03', password: 'agora-demo' };
const ALL_PAGES = [
  {
    key: 'front',
    name: 'front page',
    path: '/',
    selector: '[data-testid="mf-consultation-page"]',
    loggedIn: false,
  },
  {
    key: 'category',
    name: 'category page',
    path: '/participate/category/urban-mobility',
    selector: '[data-testid="mf-consultation-page"]',
    loggedIn: false,
  },
  {
    key: 'questionnaire',
    name: 'questionnaire',
    path: '/participate/category/urban-mobility/project/thessaloniki-seafront-cycle-lane',
    selector: '[data-testid="questionnaire-map"]',
    loggedIn: true,
  },
];
/** Measured by hand before this benchmark existed (Lighthouse mobile preset, one run each). */
const BY_HAND = {
  'front page': { performance: 80, lcpMs: 3400, tbtMs: 303, ttiMs: 3400, transferKiB: 217 },
  'category page': { performance: 77, tbtMs: 435, ttiMs: 3500, transferKiB: 222 },
  questionnaire: { performance: 63, lcpMs: 3700, tbtMs: 1158, ttiMs: 5400, transferKiB: 351 },
};

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'one-process');
const RUNS = numberArg(argv, '--runs', 5, 50);
const optionArg = (name) => (argv.includes(name) ? path.resolve(argv[argv.indexOf(name) + 1]) : null);
const baselineArg = optionArg('--baseline');
const reportsDir = optionArg('--reports');
// `--only front,questionnaire`: some of the pages
const only = argv.includes('--only') ? argv[argv.indexOf('--only') + 1].split(',') : null;
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.key)) : ALL_PAGES;
if (PAGES.length === 0) throw new Error(`--only takes ${ALL_PAGES.map((p) => p.key).join(', ')}`);
const RETRIES = 2;
let retried = 0;

/** The front-end build in a checkout or a `dist/` folder: its shell and remotes folders. */
function frontEndIn(folder) {
  const dist = existsSync(path.join(folder, 'dist', 'shell')) ? path.join(folder, 'dist') : folder;
  const shellDir = path.join(dist, 'shell');
  if (!existsSync(path.join(shellDir, 'index.html'))) throw new Error(`no built front end in ${folder}`);
  const html = readFileSync(path.join(shellDir, 'index.html'), 'utf8');
  return {
    shellDir,
    remotesDir: path.join(dist, 'remotes'),
    // What identifies the build: the script names in the shell's index.html.
    scripts: [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]).join(' '),
  };
}

/** The session of an API login as cookies for Chromium. */
async function sessionCookies(url) {
  const { cookies } = await apiLogin(url, PARTICIPANT.username, PARTICIPANT.password);
  return Object.entries(cookies).map(([name, value]) => ({
    name,
    value,
    url,
    httpOnly: name === 'agora_sid',
    sameSite: 'Lax',
  }));
}

async function measure(build, page, run) {
  const cookies = page.loggedIn ? await sessionCookies(build.stack.url) : [];
  const reportFile =
    reportsDir && run > 0
      ? path.join(reportsDir, `${build.name}-${page.name.replace(/ /g, '-')}-${run}.json`)
      : undefined;
  const job = { url: `${build.stack.url}${page.path}`, cookies, selector: page.selector, reportFile };
  let result = await runLighthouse(job);
  // Lighthouse now and then loses the trace of a load (NO_NAVSTART, NO_FCP on a busy machine): run it again.
  for (let retry = 1; result.runtimeError && retry <= RETRIES; retry++) {
    console.error(`${build.name} ${page.path}: ${result.runtimeError}; again (${retry}/${RETRIES})`);
    retried += 1;
    result = await runLighthouse(job);
  }
  if (result.runtimeError) throw new Error(`${page.path}: ${result.runtimeError}`);
  const finalPath = new URL(result.finalUrl).pathname;
  if (finalPath !== page.path) throw new Error(`${page.path} ended on ${finalPath}`);
  if (!result.selectorFound) throw new Error(`${page.path}: no ${page.selector} in the page`);
  return result;
}

const METRICS = ['performance', 'fcpMs', 'lcpMs', 'tbtMs', 'ttiMs', 'speedIndexMs', 'cls', 'transferBytes'];

function summarise(runs) {
  const medians = Object.fromEntries(METRICS.map((m) => [m, median(runs.map((r) => r[m]))]));
  const scores = runs.map((r) => r.performance);
  return { ...medians, performanceRange: [Math.min(...scores), Math.max(...scores)] };
}

const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;
const grouped = (n) => Math.round(n).toLocaleString('en-GB');

async function main() {
  ensureBuilt();
  const builds = [{ name: 'current', frontEnd: frontEndIn(ROOT) }];
  if (baselineArg) builds.push({ name: 'baseline', frontEnd: frontEndIn(baselineArg), folder: baselineArg });
  if (reportsDir) await mkdir(reportsDir, { recursive: true });
  const quiet = await waitForQuietMachine();
  const stopAll = async () => {
    for (const build of builds) await build.stack?.stop().catch((e) => console.error(e.message));
  };
  stopOnSignal(stopAll);
  try {
    for (const build of builds) {
      console.error(`starting Agora (${mode}) for the ${build.name} front end on a fresh database…`);
      // each Agora in a process of its own (see bench/lib/site-process.mjs)
      build.stack = await startSiteProcess({
        mode,
        env: { SHELL_DIR: build.frontEnd.shellDir, REMOTES_DIR: build.frontEnd.remotesDir },
      });
      build.samples = new Map(PAGES.map((p) => [p.path, []]));
    }
    // run 0 is the warm-up (the servers' JIT, connection pools and file caches), discarded
    for (let run = 0; run <= RUNS; run++) {
      for (const page of PAGES) {
        for (const build of builds) {
          const result = await measure(build, page, run);
          if (run > 0) build.samples.get(page.path).push(result);
          console.error(
            `${run === 0 ? 'warm-up' : `run ${run}/${RUNS}`} ${build.name} ${page.path}: ` +
              `performance ${result.performance}, LCP ${Math.round(result.lcpMs)} ms, ` +
              `TBT ${Math.round(result.tbtMs)} ms, ${(result.transferBytes / 1024).toFixed(0)} KiB`,
          );
        }
      }
    }

    const pages = PAGES.map((page) => ({
      name: page.name,
      path: page.path,
      loggedIn: page.loggedIn,
      byHand: BY_HAND[page.name],
      builds: Object.fromEntries(
        builds.map((build) => {
          const runs = build.samples.get(page.path);
          return [build.name, { median: summarise(runs), runs }];
        }),
      ),
    }));
    const header = [
      'page',
      ...(builds.length > 1 ? ['build'] : []),
      'performance (range)',
      'FCP',
      'LCP',
      'TBT',
      'TTI',
      'Speed Index',
      'transfer KiB',
    ];
    const rows = pages.flatMap((page) =>
      builds.map((build) => {
        const m = page.builds[build.name].median;
        return [
          `${page.name} \`${page.path.length > 40 ? `${page.path.slice(0, 37)}…` : page.path}\``,
          ...(builds.length > 1 ? [build.name] : []),
          `${Math.round(m.performance)} (${m.performanceRange.join('–')})`,
          seconds(m.fcpMs),
          seconds(m.lcpMs),
          `${grouped(m.tbtMs)} ms`,
          seconds(m.ttiMs),
          seconds(m.speedIndexMs),
          grouped(m.transferBytes / 1024),
        ];
      }),
    );
    const date = new Date().toISOString();
    const load = machine();
    const first = pages[0].builds.current.runs[0];
    console.log(
      `\n### Lighthouse, mobile preset (${date.slice(0, 10)}, ${mode}, median of ${RUNS} runs per page)\n`,
    );
    console.log(markdownTable(header, rows));
    console.log(
      `\nLighthouse ${first.lighthouseVersion}, ${first.userAgent.match(/(?:Headless)?Chrome\/[\d.]+/)?.[0]}, ` +
        `simulated throttling (RTT ${first.throttling.rttMs} ms, ${first.throttling.throughputKbps} kbit/s, ` +
        `CPU ${first.throttling.cpuSlowdownMultiplier}x), benchmark index ${Math.round(
          median(pages.flatMap((p) => p.builds.current.runs.map((r) => r.benchmarkIndex))),
        )}; load average ${quiet.loadAtStart} at the start, ${load.loadAverage.join(' / ')} at the end.`,
    );
    const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
    const file = await writeResults(`lighthouse-${date.slice(0, 10)}${label}`, {
      benchmark: 'lighthouse',
      date,
      mode,
      runs: RUNS,
      machine: { ...load, ...quiet },
      retriedRuns: retried,
      browser: {
        executable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
        userAgent: first.userAgent,
        args: CHROMIUM_ARGS,
      },
      method: {
        lighthouse: first.lighthouseVersion,
        flags: LIGHTHOUSE_FLAGS,
        preset: `Lighthouse defaults: ${first.formFactor}, ${first.throttling.method} throttling`,
        throttling: first.throttling,
        cold: 'new Chromium with a fresh profile per run; Lighthouse clears the HTTP cache and origin storage',
        session: `${PARTICIPANT.username} (API login per run, cookies set before Lighthouse navigates)`,
        warmup: 'one discarded run per page and build before the measured runs',
        order: 'runs 1..N in turn over the pages (and builds), one at a time',
        median: 'each metric its own median over the runs',
        retries: `a run that Lighthouse reports a runtime error for is run again, at most ${RETRIES} times`,
      },
      // no machine paths in the results: this checkout, or the --baseline build
      builds: builds.map((b) => ({
        name: b.name,
        folder: b.folder ? 'the --baseline build' : 'this checkout',
        scripts: b.frontEnd.scripts,
      })),
      pages,
    });
    console.error(`\nresults: ${path.relative(process.cwd(), file)}`);
  } finally {
    await stopAll();
  }
}

await main();
