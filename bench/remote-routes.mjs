#!/usr/bin/env node
// Cold loads of the four remote routes and the login page in Debian's Chromium.
//
//   node bench/remote-routes.mjs [--mode distributed|one-process] [--runs 7]
//
// Each load uses a new browser context (empty HTTP cache, no open connections) that already holds the session
// cookies of an API login, so what is measured is the route itself. Per route: bytes transferred (response
// bodies as served, i.e. compressed where the gateway compresses) split into JS/CSS/API/other, the request
// count, what the same bodies weigh with gzip -9, and the time from navigation start until the first row of the
// remote's list is visible (median and p90). Results: a markdown table on stdout and bench/results/remote-routes.json.
/* global window, document, location, requestAnimationFrame, MutationObserver -- functions run in the page */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ADMIN_PASSWORD,
  apiLogin,
  ensureBuilt,
  ROOT,
  kib,
  machine,
  markdownTable,
  median,
  modeArg,
  numberArg,
  quantile,
  startBenchStack,
  waitForQuietMachine,
  stopOnSignal,
  writeResults,
} from './lib/common.mjs';
import { describe, launchChromium, summariseBytes } from './lib/page-weight.mjs';

const ROUTES = [
  { name: 'login page', path: '/login', selector: '[data-testid="login-form"]', loggedIn: false },
  {
    name: 'library gallery',
    path: '/admin/library/gallery',
    selector: '[data-testid="library-item-row"]',
    data: '/api/library/page/',
  },
  {
    name: 'data (categories)',
    path: '/admin/data',
    selector: '[data-testid="category-row"]',
    data: '/api/category',
  },
  {
    name: 'project list',
    path: '/admin/administration/project/list',
    selector: '[data-testid="project-row"]',
    data: '/api/project/',
  },
  { name: 'users', path: '/admin/users', selector: '[data-testid="user-row"]', data: '/api/users/' },
];
const BASELINE = { route: '/library (hello-world trial)', gzipKiB: 223, requests: 18, visibleMs: 960 };
const LOAD_TIMEOUT_MS = 30_000;
const IDLE_TIMEOUT_MS = 10_000;

/**
 * Makes the demo's first category (by its order) the admin's active one, as its checkbox does: the project list
 * shows the projects of the administrator's own active category.
 */
async function chooseFirstCategory({ client }) {
  const list = await client.GET('/api/category');
  const first = [...list].sort((a, b) => a.sort_order - b.sort_order)[0];
  if (!first) throw new Error('no category to choose');
  await client.PUT('/api/category/token/{token}', {
    params: { path: { token: first.token } },
    body: { active: true },
  });
}

/** What identifies the front-end build being served: the script names in the shell's index.html. */
function frontEndBuild() {
  const html = readFileSync(path.join(ROOT, 'dist', 'shell', 'index.html'), 'utf8');
  return [...html.matchAll(/src="([^"]+)"/g)].map((m) => m[1]).join(' ');
}

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'distributed');
const RUNS = numberArg(argv, '--runs', 7, 50);

/** Records when the first element matching `selector` is in the page and visible, and the frame after. */
function visibilityProbe(selector) {
  const state = { inDom: null, frame: null };
  Object.defineProperty(window, '__benchVisible', { value: state });
  const check = () => {
    if (state.inDom !== null) return;
    const el = document.querySelector(selector);
    if (!el || (typeof el.checkVisibility === 'function' && !el.checkVisibility())) return;
    state.inDom = performance.now();
    observer.disconnect();
    requestAnimationFrame(() => {
      state.frame = performance.now();
    });
  };
  const observer = new MutationObserver(check);
  observer.observe(document, { childList: true, subtree: true, attributes: true });
}

async function coldLoad(browser, baseUrl, route, session) {
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: { width: 1280, height: 800 },
    locale: 'en-GB',
  });
  try {
    // Map tiles and anything else off the machine are refused at once.
    await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (r) => r.abort());
    if (route.loggedIn !== false) {
      await context.addCookies(
        Object.entries(session.cookies).map(([name, value]) => ({
          name,
          value,
          url: baseUrl,
          httpOnly: name === 'agora_sid',
          sameSite: 'Lax',
        })),
      );
    }
    await context.addInitScript(visibilityProbe, route.selector);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Performance.enable');
    let failed = 0;
    page.on('requestfailed', () => {
      failed += 1;
    });
    // Only collected during the load: sizes, bodies and compression are read afterwards, so that the benchmark
    // does not compete with the page for the CPU while it is timed.
    const finished = [];
    page.on('requestfinished', (request) => finished.push(request));
    await page.goto(route.path, { waitUntil: 'commit', timeout: LOAD_TIMEOUT_MS });
    await page.locator(route.selector).first().waitFor({ state: 'visible', timeout: LOAD_TIMEOUT_MS });
    await page.waitForFunction(() => window.__benchVisible.frame !== null, null, {
      timeout: LOAD_TIMEOUT_MS,
    });
    // Main-thread work of the renderer until then (seconds): script, layout, style, all tasks.
    const { metrics } = await cdp.send('Performance.getMetrics');
    const metric = (name) => Math.round((metrics.find((m) => m.name === name)?.value ?? 0) * 1000);
    const mainThread = {
      scriptMs: metric('ScriptDuration'),
      layoutMs: metric('LayoutDuration'),
      styleMs: metric('RecalcStyleDuration'),
      taskMs: metric('TaskDuration'),
    };
    // Everything the route loads, including what starts after the content shows.
    await page.waitForLoadState('networkidle', { timeout: IDLE_TIMEOUT_MS }).catch(() => undefined);
    const timing = await page.evaluate(() => {
      const nav = performance.getEntriesByType('navigation')[0];
      const fcp = performance.getEntriesByName('first-contentful-paint')[0];
      return {
        ...window.__benchVisible,
        responseEnd: nav?.responseEnd ?? null,
        domContentLoaded: nav?.domContentLoadedEventEnd ?? null,
        load: nav?.loadEventEnd ?? null,
        fcp: fcp?.startTime ?? null,
        url: location.pathname,
        timeOrigin: performance.timeOrigin,
      };
    });
    if (timing.url !== route.path) throw new Error(`${route.path} ended on ${timing.url}`);
    const requests = [];
    for (const request of finished) requests.push(await describe(request, timing.timeOrigin));
    return { timing, requests, failed, mainThread };
  } finally {
    await context.close();
  }
}

/**
 * Milestones of one load (ms from navigation start), to see where the time goes: the document, the entry script,
 * the shell's other chunks, the registry and profile calls, the remote's manifest and code, the page's data call.
 */
function phasesOf(route, { timing, requests }) {
  const end = (filter) => Math.max(...requests.filter(filter).map((r) => r.endMs), -1);
  const start = (filter) => Math.min(...requests.filter(filter).map((r) => r.startMs), Infinity);
  const isRemote = (r) => r.path.startsWith('/remotes/');
  // The call that brings the page's rows.
  const isData = (r) => route.data !== undefined && r.path.startsWith(route.data);
  const value = (v) => (Number.isFinite(v) && v >= 0 ? v : null);
  return {
    document: value(Math.round(timing.responseEnd ?? -1)),
    entryScript: value(end((r) => /^\/main\.[0-9a-f]+\.js$/.test(r.path))),
    shellChunks: value(end((r) => (r.category === 'js' || r.category === 'css') && !isRemote(r))),
    profile: value(end((r) => r.path === '/api/profile')),
    remoteStart: value(start(isRemote)),
    remoteCode: value(end(isRemote)),
    dataStart: value(start(isData)),
    dataEnd: value(end(isData)),
    visible: Math.round(timing.frame),
  };
}

async function main() {
  ensureBuilt();
  const quiet = await waitForQuietMachine();
  const buildAtStart = frontEndBuild();
  console.error(`starting Agora (${mode}) on a fresh database…`);
  const stack = await startBenchStack({ mode, log: (m) => process.env.BENCH_VERBOSE && console.error(m) });
  let browser;
  const stopAll = async () => {
    await browser?.close().catch(() => undefined);
    await stack.stop();
  };
  stopOnSignal(stopAll);
  try {
    const session = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    await chooseFirstCategory(session);
    // Playwright gives the browser a fresh temporary profile (user data dir) and removes it on close.
    browser = await launchChromium();
    // One load per route first, discarded: the servers' JIT, connection pools and file caches warm up.
    for (const route of ROUTES) await coldLoad(browser, stack.url, route, session);
    const samples = new Map(ROUTES.map((r) => [r.path, []]));
    for (let run = 1; run <= RUNS; run++) {
      for (const route of ROUTES) {
        const result = await coldLoad(browser, stack.url, route, session);
        samples.get(route.path).push(result);
        console.error(
          `run ${run}/${RUNS} ${route.path}: visible ${Math.round(result.timing.frame)} ms, ` +
            `${result.requests.length} requests, ${kib(summariseBytes(result.requests).served)} KiB`,
        );
      }
    }

    const routes = ROUTES.map((route) => {
      const runs = samples.get(route.path);
      const bytes = runs.map((r) => summariseBytes(r.requests));
      const pick = (fn) => runs.map(fn).filter((v) => v !== null);
      const stat = (values) => ({
        median: median(values),
        p90: quantile(values, 0.9),
        min: Math.min(...values),
        max: Math.max(...values),
      });
      return {
        name: route.name,
        path: route.path,
        selector: route.selector,
        loggedIn: route.loggedIn !== false,
        visibleMs: stat(pick((r) => r.timing.frame)),
        inDomMs: stat(pick((r) => r.timing.inDom)),
        fcpMs: stat(pick((r) => r.timing.fcp)),
        domContentLoadedMs: stat(pick((r) => r.timing.domContentLoaded)),
        mainThreadUntilVisible: {
          scriptMs: median(runs.map((r) => r.mainThread.scriptMs)),
          taskMs: median(runs.map((r) => r.mainThread.taskMs)),
          layoutMs: median(runs.map((r) => r.mainThread.layoutMs)),
          styleMs: median(runs.map((r) => r.mainThread.styleMs)),
        },
        requests: stat(bytes.map((b) => b.requests)),
        servedBytes: stat(bytes.map((b) => b.served)),
        bytes: bytes[0],
        // Median of each milestone over the runs (ms from navigation start).
        phasesMs: Object.fromEntries(
          Object.keys(phasesOf(route, runs[0])).map((key) => {
            const values = runs.map((r) => phasesOf(route, r)[key]).filter((v) => v !== null);
            return [key, values.length ? Math.round(median(values)) : null];
          }),
        ),
        failedRequests: runs[0].failed,
        // The requests of the first measured run, largest first: where the bytes go.
        requestList: [...runs[0].requests].sort((a, b) => b.servedBytes - a.servedBytes),
      };
    });

    const header = [
      'route',
      'requests',
      'served KiB',
      'JS',
      'CSS',
      'API',
      'other',
      'gzip -9 KiB',
      'br -11 KiB',
      'visible median ms',
      'visible p90 ms',
    ];
    const rows = routes.map((r) => [
      `${r.name} \`${r.path}\``,
      String(r.bytes.requests),
      kib(r.bytes.served),
      `${kib(r.bytes.byCategory.js.served)} (${r.bytes.byCategory.js.requests})`,
      `${kib(r.bytes.byCategory.css.served)} (${r.bytes.byCategory.css.requests})`,
      `${kib(r.bytes.byCategory.api.served)} (${r.bytes.byCategory.api.requests})`,
      `${kib(r.bytes.byCategory.other.served)} (${r.bytes.byCategory.other.requests})`,
      kib(r.bytes.gzip9),
      kib(r.bytes.brotli11),
      String(Math.round(r.visibleMs.median)),
      String(Math.round(r.visibleMs.p90)),
    ]);
    const buildAtEnd = frontEndBuild();
    if (buildAtEnd !== buildAtStart) {
      console.error(`WARNING: the front end was rebuilt during the run (${buildAtStart} -> ${buildAtEnd})`);
    }
    const date = new Date().toISOString();
    console.log(`\n### Cold loads (${mode}, ${RUNS} runs per route, ${date.slice(0, 10)})\n`);
    console.log(markdownTable(header, rows));
    console.log(
      `\nBaseline ${BASELINE.route}: ${BASELINE.gzipKiB} KiB gzip in ${BASELINE.requests} requests, ` +
        `~${BASELINE.visibleMs} ms; goal: half (${BASELINE.gzipKiB / 2} KiB, ${BASELINE.visibleMs / 2} ms).`,
    );
    const file = await writeResults(mode === 'distributed' ? 'remote-routes' : 'remote-routes-one-process', {
      benchmark: 'remote-routes',
      date,
      mode,
      runs: RUNS,
      machine: { ...machine(), ...quiet },
      browser: { executable: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', version: browser.version() },
      method: {
        cold: 'new browser context per load (empty HTTP cache, new connections), session cookies from an API login',
        warmup: 'one discarded load per route before the measured runs',
        bytes: 'playwright request.sizes().responseBodySize (body as served), summed over finished requests',
        gzip9:
          'decoded bodies compressed with zlib gzip level 9, summed (all requests; staticGzip9 excludes /api)',
        visible:
          'performance.now() in the animation frame after the first matching element is in the DOM and visible',
        quantiles: 'linear interpolation between closest ranks',
      },
      frontEnd: { build: buildAtStart, rebuiltDuringRun: buildAtEnd !== buildAtStart },
      baseline: BASELINE,
      routes,
    });
    console.error(`\nresults: ${path.relative(process.cwd(), file)}`);
  } finally {
    await stopAll();
  }
}

await main();
