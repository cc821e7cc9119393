#!/usr/bin/env node
// Experts' data on the questionnaire map in Debian's Chromium: 100,000 answers as clusters and as a heat map.
//
//   node bench/data-map.mjs [--mode distributed|one-process] [--runs 3] [--answers 100000]
//
// A project in the demo category "urban mobility" with one topic (a boundary) and one point attribute, and
// `--answers` answers inserted directly in the database (distinct owners, points inside the boundary). The demo
// expert citizen01 opens the questionnaire screen.
// (0) first draw: the time from the navigation's start until the clusters are drawn and a frame painted (the map
//     opens with them above LARGE_LAYER answers; otherwise "Clusters" is clicked once the map reports its answer
//     layers drawn), with the bytes of the API answers decoded until then. Then, back on "Each answer":
// (a) clusters: the time from the click on the "Clusters" view until the map reports its clusters drawn
//     (`data-clusters-drawn`: the points endpoint fetched, the supercluster index built, the view's clusters
//     drawn) and a frame painted; then frame times during a scripted pan (bench/lib/map-pan.mjs: the mouse drags
//     the map 600 px over ~1.5 s, back and forth), which also redraws the clusters at the pan's end;
// (b) heat map: the time from the click on "Heat map" until the map reports its heat cells (`data-heat-cells`)
//     and a frame painted (the points are already loaded); then the same pan.
// Results: a markdown table on stdout and bench/results/data-map.json.
/* global window, document, requestAnimationFrame, MutationObserver -- functions run in the page */
import {
  ADMIN_PASSWORD,
  apiLogin,
  ensureBuilt,
  machine,
  markdownTable,
  median,
  modeArg,
  numberArg,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
  day,
} from './lib/common.mjs';
import { CENTRE } from './lib/geo.mjs';
import { addPointTopic, insertPointAnswers, panFrames } from './lib/map.mjs';
import { launchChromium } from './lib/page-weight.mjs';

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'distributed');
const RUNS = numberArg(argv, '--runs', 3, 20);
const ANSWERS = numberArg(argv, '--answers', 100_000, 500_000);
const AIMS = { clustersMs: 2000, heatMs: 500, frameMs: 16.7 };
const TIMEOUT_MS = 180_000;
const MAP = '[data-testid="questionnaire-map"]';
const URBAN_MOBILITY = '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01';
const EXPERT = { username: 'citizen01', password: 'agora-demo' };

/** A project of the demo category with one topic and one point attribute. */
async function createProject(admin) {
  const project = await admin.POST('/api/project', {
    body: {
      category: URBAN_MOBILITY,
      mname: 'data-map-bench',
      title: 'Data map bench',
      summary: 'Bench',
      active: true,
      is_public: false,
      start_date: day(-1),
      end_date: day(30),
      center: CENTRE,
      zoom: 15,
    },
  });
  const { topic, attribute } = await addPointTopic(admin, project, 'data-map-bench', 'Data map bench');
  return { project, topic, attribute };
}

/** In the page: the time from `window.__benchClick` until `attribute` is on the map, then one frame. */
function untilDrawn({ map, attribute }) {
  return new Promise((resolve) => {
    const el = document.querySelector(map);
    const done = () => {
      if (!el.hasAttribute(attribute)) return false;
      requestAnimationFrame(() => resolve(performance.now() - window.__benchClick));
      return true;
    };
    if (done()) return;
    const observer = new MutationObserver(() => done() && observer.disconnect());
    observer.observe(el, { attributes: true });
  });
}

async function oneRun(browser, baseUrl, session, path) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (r) => r.abort());
  await context.addCookies(
    Object.entries(session.cookies).map(([name, value]) => ({ name, value, url: baseUrl })),
  );
  const page = await context.newPage();
  try {
    await page.goto(path, { timeout: TIMEOUT_MS });
    await page.waitForSelector(`${MAP}[data-answers-drawn]`, { timeout: TIMEOUT_MS });
    const view = async (name, attribute) => {
      await page.evaluate(() => {
        window.__benchClick = performance.now();
      });
      await page.locator(`[data-testid="map-view-${name}"]`).check();
      const ms = await page.evaluate(untilDrawn, { map: MAP, attribute });
      return { ms, frames: await panFrames(page, MAP) };
    };
    // The first draw: from the navigation's start until the clusters are on the map, the Clusters view clicked
    // once the map is ready where it is not the view the map opens with.
    const firstDraw = await page.evaluate(
      ({ map }) =>
        new Promise((resolve) => {
          const el = document.querySelector(map);
          const clusters = document.querySelector('[data-testid="map-view-clusters"]');
          if (!clusters.checked) clusters.click();
          const done = () => {
            if (!el.hasAttribute('data-clusters-drawn')) return false;
            requestAnimationFrame(() =>
              resolve({
                ms: performance.now(),
                apiBytes: performance
                  .getEntriesByType('resource')
                  .filter((e) => e.name.includes('/api/'))
                  .reduce((sum, e) => sum + e.decodedBodySize, 0),
              }),
            );
            return true;
          };
          if (done()) return;
          const observer = new MutationObserver(() => done() && observer.disconnect());
          observer.observe(el, { attributes: true });
        }),
      { map: MAP },
    );
    await page.locator('[data-testid="map-view-answers"]').check();
    const clusters = await view('clusters', 'data-clusters-drawn');
    const drawn = await page.locator(MAP).getAttribute('data-clusters-drawn');
    const heat = await view('heat', 'data-heat-cells');
    const points = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('/points/project/'))
        .map((e) => ({ bytes: e.transferSize, decoded: e.decodedBodySize, ms: e.duration })),
    );
    return { firstDraw, clusters: { ...clusters, drawn: Number(drawn) }, heat, points };
  } finally {
    await context.close();
  }
}

async function main() {
  ensureBuilt();
  const quiet = await waitForQuietMachine();
  console.error(`starting Agora (${mode}) on a fresh database…`);
  const stack = await startBenchStack({ mode, log: (m) => process.env.BENCH_VERBOSE && console.error(m) });
  let browser;
  stopOnSignal(async () => {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  });
  try {
    const admin = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    const q = await createProject(admin.client);
    console.error(`inserting ${ANSWERS} answers…`);
    await insertPointAnswers(stack.databaseUrl, q, ANSWERS, { peaked: true });
    const session = await apiLogin(stack.url, EXPERT.username, EXPERT.password);
    const path = `/participate/category/urban-mobility/project/${q.project.mname}`;
    browser = await launchChromium();
    await oneRun(browser, stack.url, session, path); // discarded: warms the servers and the queries
    const runs = [];
    for (let run = 1; run <= RUNS; run++) {
      const r = await oneRun(browser, stack.url, session, path);
      runs.push(r);
      console.error(
        `run ${run}/${RUNS}: first draw ${Math.round(r.firstDraw.ms)} ms; clusters ${Math.round(r.clusters.ms)} ms (${r.clusters.drawn} drawn), pan median ` +
          `${r.clusters.frames.medianMs.toFixed(1)} ms; heat ${Math.round(r.heat.ms)} ms, pan median ` +
          `${r.heat.frames.medianMs.toFixed(1)} ms`,
      );
    }
    const of = (pick) => median(runs.map(pick));
    const result = {
      answers: ANSWERS,
      points: runs[0].points,
      firstDraw: {
        ms: of((r) => r.firstDraw.ms),
        apiBytes: of((r) => r.firstDraw.apiBytes),
      },
      clusters: {
        drawnMs: of((r) => r.clusters.ms),
        clustersDrawn: of((r) => r.clusters.drawn),
        panFrameMedianMs: of((r) => r.clusters.frames.medianMs),
        panFrameP95Ms: of((r) => r.clusters.frames.p95Ms),
        panFrameMaxMs: Math.max(...runs.map((r) => r.clusters.frames.maxMs)),
      },
      heat: {
        drawnMs: of((r) => r.heat.ms),
        panFrameMedianMs: of((r) => r.heat.frames.medianMs),
        panFrameP95Ms: of((r) => r.heat.frames.p95Ms),
        panFrameMaxMs: Math.max(...runs.map((r) => r.heat.frames.maxMs)),
      },
    };
    const kb = (n) => (n / 1024).toFixed(0);
    console.log(`\n### Experts' data map (${mode}, ${ANSWERS} answers, ${RUNS} runs)\n`);
    console.log(
      markdownTable(
        ['measure', 'value', 'aim'],
        [
          [
            'first draw: navigation to clusters drawn median ms',
            String(Math.round(result.firstDraw.ms)),
            `${AIMS.clustersMs}`,
          ],
          ['first draw: API answers decoded KiB', kb(result.firstDraw.apiBytes), ''],
          ['points: transferred KiB', kb(result.points[0]?.bytes ?? 0), ''],
          ['points: decoded KiB', kb(result.points[0]?.decoded ?? 0), ''],
          ['clusters: drawn after the click median ms', String(Math.round(result.clusters.drawnMs)), ''],
          ['clusters: pan frame median ms', result.clusters.panFrameMedianMs.toFixed(1), `${AIMS.frameMs}`],
          ['clusters: pan frame p95 ms', result.clusters.panFrameP95Ms.toFixed(1), ''],
          ['heat map: drawn median ms', String(Math.round(result.heat.drawnMs)), `${AIMS.heatMs}`],
          ['heat map: pan frame median ms', result.heat.panFrameMedianMs.toFixed(1), `${AIMS.frameMs}`],
          ['heat map: pan frame p95 ms', result.heat.panFrameP95Ms.toFixed(1), ''],
        ],
      ),
    );
    const file = await writeResults(mode === 'distributed' ? 'data-map' : 'data-map-one-process', {
      benchmark: 'data-map',
      date: new Date().toISOString(),
      mode,
      runs: RUNS,
      machine: { ...machine(), ...quiet },
      browser: { executable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', version: browser.version() },
      aims: AIMS,
      method: {
        firstDraw:
          'from the navigation start until data-clusters-drawn is set, then one frame (Clusters clicked once the ' +
          'map is ready when the map does not open with it); the API answers decoded until then',
        clusters: 'from the click on the Clusters view until data-clusters-drawn is set, then one frame',
        heat: 'from the click on the Heat map view until data-heat-cells is set, then one frame',
        pan: 'mouse drag of the map (-300,-150) then back, 45 moves each 16 ms apart; rAF deltas meanwhile',
      },
      result,
    });
    console.error(`results: ${file}`);
  } finally {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
