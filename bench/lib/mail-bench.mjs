// What the mail benchmarks share: the separate mail worker (`services/mailing/dist/worker.js`) as a child process
// (its start, exit, peak RSS and CPU), polling until a condition holds, and the count of mails at the sink.
import { spawn, spawnSync } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import { cpuMs, ROOT } from './common.mjs';

export const load = () => os.loadavg().map((l) => Math.round(l * 100) / 100);
export const round = (n, d = 0) => Math.round(n * 10 ** d) / 10 ** d;

export function buildServers() {
  const r = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc -b failed with ${r.status}`);
  // the test helpers (@agora/common/testing: the benchmark's database and Redis keys)
  const t = spawnSync('npm', ['run', 'build:testing'], { cwd: ROOT, stdio: 'inherit' });
  if (t.status !== 0) throw new Error(`npm run build:testing failed with ${t.status}`);
}

/**
 * The mails `rows` ({id, status}) as the sink received them, by Message-ID: once, twice or more, never, and the
 * rows left 'uncertain' that it received or not.
 */
export function tallyAtSink(sink, rows) {
  const tally = { once: 0, duplicates: 0, missing: 0, uncertainReceived: 0, uncertainNotReceived: 0 };
  for (const r of rows) {
    const n = sink.counts.get(`<mail-${r.id}@agora>`) ?? 0;
    if (n === 1) tally.once++;
    else if (n > 1) tally.duplicates++;
    else tally.missing++;
    if (r.status === 'uncertain') {
      if (n > 0) tally.uncertainReceived++;
      else tally.uncertainNotReceived++;
    }
  }
  return tally;
}

const SETTLE_TIMEOUT_MS = 15 * 60_000;

export async function waitUntil(probe, done, what, timeoutMs = SETTLE_TIMEOUT_MS, intervalMs = 100) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(value)}`);
    await new Promise((r) => setTimeout(r, intervalMs));
  }
}

export async function rssKiB(pid) {
  try {
    const status = await readFile(`/proc/${pid}/status`, 'utf8');
    return Number(/^VmRSS:\s+(\d+)/m.exec(status)?.[1] ?? NaN);
  } catch {
    return NaN;
  }
}

/** One worker process: its exit, peak RSS and CPU (sampled until it exits). */
export function startMailWorker(workerJs, env, logFile) {
  const child = spawn(process.execPath, [workerJs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const log = createWriteStream(logFile, { flags: 'a' });
  child.stdout.pipe(log);
  child.stderr.pipe(log);
  let output = '';
  child.stdout.on('data', (c) => (output = (output + c).slice(-20_000)));
  child.stderr.on('data', (c) => (output = (output + c).slice(-20_000)));
  const w = { child, peakRssKiB: 0, cpuMs: 0, output: () => output };
  w.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const timer = setInterval(async () => {
    const rss = await rssKiB(child.pid);
    if (rss > w.peakRssKiB) w.peakRssKiB = rss;
    const cpu = await cpuMs(child.pid);
    if (cpu !== null) w.cpuMs = cpu;
  }, 100);
  w.exited.then(() => clearInterval(timer));
  w.running = waitUntil(
    async () => ({ up: output.includes('mail worker running'), exit: child.exitCode ?? child.signalCode }),
    (s) => s.up || s.exit !== null,
    'the worker to start',
    120_000,
  ).then((s) => {
    if (!s.up) throw new Error(`worker exited at start:\n${output}`);
  });
  return w;
}

/**
 * Stops `worker` with each of `signals` in turn when the sink has received 1/(n+1), 2/(n+1)… of `total` mails, and
 * starts the next one at once with `start()`. Answers the stops (with `sending()`, the rows left 'sending', read
 * after each) and the worker that runs at the end.
 */
export async function stopAndRestart({ signals, total, sink, worker, start, sending }) {
  const events = [];
  for (const [k, signal] of signals.entries()) {
    const mark = Math.floor(((k + 1) * total) / (signals.length + 1));
    await waitUntil(
      async () => sink.total(),
      (n) => n >= mark,
      `${mark} mails at the sink`,
    );
    const killedAt = performance.now();
    worker.child.kill(signal);
    const exit = await worker.exited;
    const stopMs = round(performance.now() - killedAt);
    events.push({ signal, atReceived: mark, exit, stopMs, sendingAfterStop: await sending() });
    worker = start();
    await worker.running;
  }
  return { events, worker };
}
