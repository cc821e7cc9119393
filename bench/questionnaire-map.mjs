#!/usr/bin/env node
// The questionnaire screen in Debian's Chromium: its cold load, and a map of 10,000 answers.
//
//   node bench/questionnaire-map.mjs [--mode distributed|one-process] [--runs 7] [--answers 10000]
//
// A category open to everyone with one open, public project, one topic (a boundary) and one point attribute;
// one participant, enrolled (role normal: the project being public, the "all" layer is offered).
// (a) cold load: `/participate/category/{c}/project/{p}` in a new browser context (empty HTTP cache, no open
//     connections) holding the participant's session cookies. Bytes transferred (bodies as served, and what the
//     same bodies weigh with gzip -9) and the time from navigation start until the screen is usable, defined as
//     the frame after both: the aside's first attribute button is visible, and the map element reports its answer
//     layers drawn (`data-answers-drawn` on `[data-testid="questionnaire-map"]`: the Leaflet map exists, is
//     centred and the checked layers' answers are on it).
// (b) `--answers` answers of the attribute inserted directly in the database (distinct owners, points inside the
//     boundary). The participant opens the screen, then checks the "all" layer: the time from the click until
//     `data-answers-drawn` equals their number and a frame has been painted; then a scripted pan (the mouse drags
//     the map 600 px over ~1.5 s at 60 moves/s, back and forth) while requestAnimationFrame deltas are recorded:
//     their median, p95 and max.
// Results: a markdown table on stdout and bench/results/questionnaire-map.json.
/* global window, document, location, requestAnimationFrame, MutationObserver -- functions run in the page */
import {
  ADMIN_PASSWORD,
  apiLogin,
  ensureBuilt,
  kib,
  machine,
  markdownTable,
  median,
  modeArg,
  numberArg,
  quantile,
  registerParticipant,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
  day,
} from './lib/common.mjs';
import { CENTRE } from './lib/geo.mjs';
import { addPointTopic, insertPointAnswers, panFrames } from './lib/map.mjs';
import { describe, launchChromium, summariseBytes } from './lib/page-weight.mjs';

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'distributed');
const RUNS = numberArg(argv, '--runs', 7, 50);
const ANSWERS = numberArg(argv, '--answers', 10_000, 200_000);
const AIMS = { gzipKiB: 200, usableMs: 800, drawnMs: 1000 };
const TIMEOUT_MS = 60_000;
const MAP = '[data-testid="questionnaire-map"]';
const ATTRIBUTE_BUTTON = '[data-testid="aside"] .cons-attribute-button';

/** The questionnaire (public project, one point attribute with one variable) and its tokens and short names. */
async function createQuestionnaire(admin) {
  const category = await admin.POST('/api/category', {
    body: { mname: 'map-bench', title: 'Map bench', summary: 'Bench', active: true, autosubscribe: true },
  });
  const project = await admin.POST('/api/project', {
    body: {
      category: category.token,
      mname: 'map-bench-project',
      title: 'Map bench project',
      summary: 'Bench',
      active: true,
      is_public: true,
      public_date: day(-1),
      start_date: day(-1),
      end_date: day(30),
      center: CENTRE,
      zoom: 15,
    },
  });
  const { topic, attribute } = await addPointTopic(admin, project, 'map-bench', 'Map bench');
  await admin.POST('/api/variable', {
    body: {
      attribute: attribute.token,
      mname: 'map-bench-values',
      description: 'A name',
      tooltip: '',
      variable_type: JSON.stringify([{ kind: 'string', options: { required: true, label: 'Name' } }]),
    },
  });
  return { category, project, topic, attribute };
}

/** One participant, registered and enrolled in `category` (token), and a session that carries the enrolment. */
async function participant(url, category) {
  const username = 'map-bench-participant';
  await registerParticipant(url, username, 'Participant', category);
  return apiLogin(url, username, 'bench-participant-1');
}

/** In the page: when the screen became usable (see the header), and the frame after. */
function usableProbe({ map, button }) {
  const state = { usable: null, frame: null };
  Object.defineProperty(window, '__benchUsable', { value: state });
  const check = () => {
    if (state.usable !== null) return;
    const el = document.querySelector(button);
    if (!el || (typeof el.checkVisibility === 'function' && !el.checkVisibility())) return;
    if (!document.querySelector(map)?.hasAttribute('data-answers-drawn')) return;
    state.usable = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      state.frame = performance.now();
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

/** A new browser context with the participant's cookies, off-machine requests (map tiles) refused. */
async function newPage(browser, baseUrl, session) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
  });
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (r) => r.abort());
  await context.addCookies(
    Object.entries(session.cookies).map(([name, value]) => ({
      name,
      value,
      url: baseUrl,
      httpOnly: name === 'agora_sid',
      sameSite: 'Lax',
    })),
  );
  await context.addInitScript(usableProbe, { map: MAP, button: ATTRIBUTE_BUTTON });
  return { context, page: await context.newPage() };
}

/** (a) One cold load: bytes and the time until usable. */
async function coldLoad(browser, baseUrl, session, path) {
  const { context, page } = await newPage(browser, baseUrl, session);
  try {
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    await page.goto(path, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.waitForFunction(() => window.__benchUsable.frame !== null, null, { timeout: TIMEOUT_MS });
    await page.waitForLoadState('networkidle', { timeout: 10_000 }).catch(() => undefined);
    const timing = await page.evaluate(() => {
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return { ...window.__benchUsable, fcp: fcp?.startTime ?? null, url: location.pathname };
    });
    if (timing.url !== path) throw new Error(`${path} ended on ${timing.url}`);
    const requests = [];
    for (const request of finished) requests.push(await describe(request, 0));
    return { timing, requests };
  } finally {
    await context.close();
  }
}

/** (b) The "all" layer of `count` answers: time until drawn, then frame times during a pan. */
async function bigLayer(browser, baseUrl, session, path, count) {
  const { context, page } = await newPage(browser, baseUrl, session);
  try {
    await page.goto(path, { waitUntil: 'commit', timeout: TIMEOUT_MS });
    await page.waitForFunction(() => window.__benchUsable.frame !== null, null, { timeout: TIMEOUT_MS });
    const all = page.locator('[data-testid="layer-all"]');
    await page.evaluate(() => {
      window.__benchClick = performance.now();
    });
    await all.check();
    const drawnMs = await page.evaluate(
      ({ map, n }) =>
        new Promise((resolve) => {
          const el = document.querySelector(map);
          const done = () => {
            if (el.getAttribute('data-answers-drawn') !== String(n)) return false;
            requestAnimationFrame(() => resolve(performance.now() - window.__benchClick));
            return true;
          };
          if (done()) return;
          const observer = new MutationObserver(() => done() && observer.disconnect());
          observer.observe(el, { attributes: true });
        }),
      { map: MAP, n: count },
    );
    const geojson = await page.evaluate(() =>
      performance
        .getEntriesByType('resource')
        .filter((e) => e.name.includes('layer=all'))
        .map((e) => ({ bytes: e.transferSize, decoded: e.decodedBodySize, ms: e.duration })),
    );
    // the pan: rAF deltas recorded while the mouse drags the map
    const frames = await panFrames(page, MAP);
    return { drawnMs, geojson, frames };
  } finally {
    await context.close();
  }
}

const stat = (values) => ({
  median: median(values),
  p90: quantile(values, 0.9),
  min: Math.min(...values),
  max: Math.max(...values),
});

async function main() {
  ensureBuilt();
  const quiet = await waitForQuietMachine();
  console.error(`starting Agora (${mode}) on a fresh database…`);
  const stack = await startBenchStack({ mode, log: (m) => process.env.BENCH_VERBOSE && console.error(m) });
  let browser;
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  };
  stopOnSignal(stopAll);
  try {
    const admin = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    const q = await createQuestionnaire(admin.client);
    const session = await participant(stack.url, q.category.token);
    const path = `/participate/category/${q.category.mname}/project/${q.project.mname}`;
    browser = await launchChromium();
    // (a) one discarded load (the servers warm up), then the measured ones
    await coldLoad(browser, stack.url, session, path);
    const loads = [];
    for (let run = 1; run <= RUNS; run++) {
      const result = await coldLoad(browser, stack.url, session, path);
      loads.push(result);
      console.error(
        `run ${run}/${RUNS}: usable ${Math.round(result.timing.frame)} ms, ${result.requests.length} requests, ` +
          `${kib(summariseBytes(result.requests).served)} KiB`,
      );
    }
    // (b)
    console.error(`inserting ${ANSWERS} answers…`);
    await insertPointAnswers(stack.databaseUrl, q, ANSWERS);
    await bigLayer(browser, stack.url, session, path, ANSWERS); // discarded: warms the layer query
    const big = [];
    for (let run = 1; run <= Math.min(RUNS, 5); run++) {
      const result = await bigLayer(browser, stack.url, session, path, ANSWERS);
      big.push(result);
      console.error(
        `run ${run}: ${ANSWERS} answers drawn ${Math.round(result.drawnMs)} ms, pan frames median ` +
          `${result.frames.medianMs.toFixed(1)} ms p95 ${result.frames.p95Ms.toFixed(1)} ms`,
      );
    }

    const bytes = loads.map((r) => summariseBytes(r.requests));
    const coldLoadResult = {
      path: '/participate/category/{c}/project/{p}',
      usableMs: stat(loads.map((r) => r.timing.frame)),
      fcpMs: stat(loads.map((r) => r.timing.fcp).filter((v) => v !== null)),
      requests: bytes[0].requests,
      bytes: bytes[0],
      requestList: [...loads[0].requests].sort((a, b) => b.servedBytes - a.servedBytes),
    };
    const bigResult = {
      answers: ANSWERS,
      drawnMs: stat(big.map((r) => r.drawnMs)),
      geojson: big[0].geojson,
      panFrameMs: {
        median: median(big.map((r) => r.frames.medianMs)),
        p95: median(big.map((r) => r.frames.p95Ms)),
        max: Math.max(...big.map((r) => r.frames.maxMs)),
        framesPerPan: median(big.map((r) => r.frames.count)),
      },
    };
    const date = new Date().toISOString();
    console.log(`\n### Questionnaire map (${mode}, ${RUNS} cold loads, ${big.length} big-layer runs)\n`);
    console.log(
      markdownTable(
        ['measure', 'value', 'aim'],
        [
          ['cold load: requests', String(coldLoadResult.requests), ''],
          ['cold load: served KiB', kib(coldLoadResult.bytes.served), ''],
          ['cold load: gzip -9 KiB', kib(coldLoadResult.bytes.gzip9), `${AIMS.gzipKiB}`],
          [
            'cold load: usable median ms',
            String(Math.round(coldLoadResult.usableMs.median)),
            `${AIMS.usableMs}`,
          ],
          ['cold load: usable p90 ms', String(Math.round(coldLoadResult.usableMs.p90)), ''],
          [
            `${ANSWERS} answers: drawn median ms`,
            String(Math.round(bigResult.drawnMs.median)),
            `${AIMS.drawnMs}`,
          ],
          ['pan: frame median ms', bigResult.panFrameMs.median.toFixed(1), '16.7'],
          ['pan: frame p95 ms', bigResult.panFrameMs.p95.toFixed(1), ''],
        ],
      ),
    );
    const file = await writeResults(
      mode === 'distributed' ? 'questionnaire-map' : 'questionnaire-map-one-process',
      {
        benchmark: 'questionnaire-map',
        date,
        mode,
        runs: RUNS,
        machine: { ...machine(), ...quiet },
        browser: { executable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', version: browser.version() },
        aims: AIMS,
        method: {
          cold: 'new browser context per load (empty HTTP cache, new connections), session cookies of an enrolled participant',
          usable:
            'frame after: the aside first attribute button visible and the map element has data-answers-drawn',
          drawn: `from the click on the "all" layer until data-answers-drawn = ${ANSWERS}, then one frame`,
          pan: 'mouse drag of the map (-300,-150) then back, 45 moves each 16 ms apart; rAF deltas meanwhile',
        },
        coldLoad: coldLoadResult,
        bigLayer: bigResult,
      },
    );
    console.error(`results: ${file}`);
  } finally {
    await stopAll();
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
