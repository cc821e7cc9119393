// autocannon in a process of its own, so that the load generator never shares an event loop with the servers
// under test (in the one-process mode they run inside the benchmark's process).
//
//   node bench/lib/load.mjs '<json options for autocannon>'   prints the result summary as JSON
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

/** Runs autocannon with `options` in a child process and resolves with its summary. */
export function runLoad(options) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [fileURLToPath(import.meta.url), JSON.stringify(options)], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let out = '';
    child.stdout.on('data', (d) => {
      out += d;
    });
    const limit = setTimeout(() => child.kill('SIGKILL'), ((options.duration ?? 10) + 60) * 1000);
    child.once('error', reject);
    child.once('exit', (code) => {
      clearTimeout(limit);
      if (code !== 0) return reject(new Error(`autocannon exited with ${code}`));
      try {
        resolve(JSON.parse(out));
      } catch (e) {
        reject(new Error(`autocannon printed no JSON: ${e.message}\n${out.slice(0, 500)}`));
      }
    });
  });
}

function summary(r) {
  return {
    url: r.url,
    connections: r.connections,
    durationS: r.duration,
    requests: r.requests.total,
    requestsPerSecond: r.requests.average,
    latencyMs: {
      p50: r.latency.p50,
      p90: r.latency.p90,
      p99: r.latency.p99,
      mean: r.latency.average,
      max: r.latency.max,
    },
    bytesPerSecond: r.throughput.average,
    errors: r.errors,
    timeouts: r.timeouts,
    non2xx: r.non2xx,
    statusCodes: r.statusCodeStats,
    // CPU time of the load generator itself (ms), start-up included.
    loadGeneratorCpuMs: Math.round((process.cpuUsage().user + process.cpuUsage().system) / 1000),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const options = JSON.parse(process.argv[2]);
  const result = await autocannon({ ...options, timeout: options.timeout ?? 10 });
  process.stdout.write(JSON.stringify(summary(result)));
}
