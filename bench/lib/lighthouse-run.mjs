// One Lighthouse run in a process of its own: a fresh Node for each run, whose trace processing never shares an
// event loop with the benchmark or the servers under test.
//
//   node bench/lib/lighthouse-run.mjs '<json job>'   prints the run's summary as JSON
//
// The job: `url`, `cookies` (set before the run, e.g. a participant's session), `selector` (must be in the page
// when Lighthouse is done, so that an error screen or a redirect is not measured as the page), optionally
// `reportFile` (the whole Lighthouse result, JSON). Each run starts Debian's Chromium with a fresh profile.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { runNodeJson } from './common.mjs';

/** Chromium's switches: headless, no GPU, nothing that talks to Google or updates itself during a run. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Lighthouse's default settings (the mobile preset: a Moto G Power sized screen, simulated slow 4G, 4x CPU
 * slowdown), the performance category only. The map tiles' host is blocked: the machine has no way out, and the
 * other browser benchmarks refuse off-machine requests as well.
 */
export const LIGHTHOUSE_FLAGS = {
  output: 'json',
  logLevel: 'error',
  onlyCategories: ['performance'],
  blockedUrlPatterns: ['*.tile.openstreetmap.org', 'tile.openstreetmap.org'],
};

const TIMEOUT_MS = 180_000;

/** Runs `job` (see the header) in a child process and resolves with its summary. */
export function runLighthouse(job) {
  return runNodeJson(fileURLToPath(import.meta.url), JSON.stringify(job), {
    timeoutMs: TIMEOUT_MS,
    what: `the Lighthouse run of ${job.url}`,
  });
}

/** What the benchmark keeps of a Lighthouse result. */
function summary(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? null;
  const resources = lhr.audits['resource-summary']?.details?.items ?? [];
  return {
    finalUrl: lhr.finalDisplayedUrl,
    lighthouseVersion: lhr.lighthouseVersion,
    userAgent: lhr.environment.hostUserAgent,
    // Lighthouse's own measure of the machine's speed at the time (higher is faster).
    benchmarkIndex: lhr.environment.benchmarkIndex,
    runtimeError: lhr.runtimeError?.message ?? null,
    runWarnings: lhr.runWarnings,
    throttling: { method: lhr.configSettings.throttlingMethod, ...lhr.configSettings.throttling },
    formFactor: lhr.configSettings.formFactor,
    performance: lhr.categories.performance.score === null ? null : lhr.categories.performance.score * 100,
    fcpMs: audit('first-contentful-paint'),
    lcpMs: audit('largest-contentful-paint'),
    tbtMs: audit('total-blocking-time'),
    ttiMs: audit('interactive'),
    speedIndexMs: audit('speed-index'),
    cls: audit('cumulative-layout-shift'),
    mainThreadMs: audit('mainthread-work-breakdown'),
    bootupMs: audit('bootup-time'),
    transferBytes: audit('total-byte-weight'),
    // Requests and bytes by resource type (document, script, stylesheet, image, font, other, third-party, total).
    resources: Object.fromEntries(
      resources.map((r) => [r.resourceType, { requests: r.requestCount, transferBytes: r.transferSize }]),
    ),
  };
}

async function main(job) {
  const { default: lighthouse } = await import('lighthouse');
  const puppeteer = await import('puppeteer-core');
  const userDataDir = await mkdtemp(path.join(os.tmpdir(), 'agora-lighthouse-'));
  const browser = await puppeteer.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    defaultViewport: null,
    userDataDir,
    args: CHROMIUM_ARGS,
  });
  try {
    const page = await browser.newPage();
    if (job.cookies.length) await page.setCookie(...job.cookies);
    // Lighthouse empties the HTTP cache and the origin's storage before it navigates; it keeps the cookies.
    const result = await lighthouse(job.url, LIGHTHOUSE_FLAGS, undefined, page);
    if (!result) throw new Error(`Lighthouse gave no result for ${job.url}`);
    const found = await page.$(job.selector);
    if (job.reportFile) await writeFile(job.reportFile, JSON.stringify(result.lhr));
    return { ...summary(result.lhr), selectorFound: found !== null };
  } finally {
    await browser.close();
    await rm(userDataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const out = await main(JSON.parse(process.argv[2]));
  process.stdout.write(JSON.stringify(out));
}
