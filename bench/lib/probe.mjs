// A closed-loop HTTP prober in a process of its own (so that it never shares an event loop with the servers under
// test): `connections` loops GET `url` one request after another and record each answer's time and status under
// the current phase. The parent names the phase with `phase <name>` on stdin and ends with `stop`; the child then
// prints, per phase, the count, the latency quantiles and the statuses as JSON.
//
//   const probe = startProbe({ url, headers, connections }); probe.phase('export'); ...; await probe.stop()
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';

/** Starts the prober; `phase(name)` switches the phase; `stop()` resolves with the per-phase summary. */
export function startProbe(options) {
  const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(options)], {
    stdio: ['pipe', 'pipe', 'inherit'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  const exited = new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`probe exited with ${code}`))));
  });
  return {
    phase: (name) => child.stdin.write(`phase ${name}\n`),
    stop: async () => {
      child.stdin.end('stop\n');
      await exited;
      return JSON.parse(out);
    },
  };
}

function quantile(sorted, q) {
  if (sorted.length === 0) return null;
  const pos = (sorted.length - 1) * q;
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return Math.round((sorted[lo] + (sorted[hi] - sorted[lo]) * (pos - lo)) * 10) / 10;
}

async function main() {
  const { url, headers = {}, connections = 4, timeoutMs = 30_000 } = JSON.parse(process.argv[2]);
  let phase = 'start';
  let running = true;
  const samples = new Map(); // phase → { ms: [], status: {} }
  const record = (ms, status) => {
    let s = samples.get(phase);
    if (!s) samples.set(phase, (s = { ms: [], status: {} }));
    s.ms.push(ms);
    s.status[status] = (s.status[status] ?? 0) + 1;
  };
  const loop = async () => {
    while (running) {
      const t = performance.now();
      let status;
      try {
        const res = await fetch(url, { headers, signal: AbortSignal.timeout(timeoutMs) });
        await res.arrayBuffer();
        status = String(res.status);
      } catch (e) {
        status = e?.name === 'TimeoutError' ? 'timeout' : 'error';
      }
      record(performance.now() - t, status);
    }
  };
  const loops = Array.from({ length: connections }, loop);
  for await (const line of createInterface({ input: process.stdin })) {
    if (line.startsWith('phase ')) phase = line.slice(6);
    if (line === 'stop') break;
  }
  running = false;
  await Promise.all(loops);
  const result = {};
  for (const [name, s] of samples) {
    const sorted = [...s.ms].sort((a, b) => a - b);
    result[name] = {
      requests: sorted.length,
      p50: quantile(sorted, 0.5),
      p99: quantile(sorted, 0.99),
      max: quantile(sorted, 1),
      statuses: s.status,
    };
  }
  process.stdout.write(JSON.stringify(result));
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await main();
