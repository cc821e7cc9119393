// autocannon in a process of its own, so that the load generator never shares an event loop with the servers
// under test (in the one-process mode they run inside the benchmark's process).
//
//   node bench/lib/load.mjs '<json options for autocannon>'   prints the result summary as JSON
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { runNodeJson } from './common.mjs';

/** Runs autocannon with `options` in a child process and resolves with its summary. */
export function runLoad(options) {
  return runNodeJson(fileURLToPath(import.meta.url), JSON.stringify(options), {
    timeoutMs: ((options.duration ?? 10) + 60) * 1000,
    what: 'autocannon',
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
