#!/usr/bin/env node
// What tracing costs: the same logged-in API call through the gateway (GET /api/category, to consultation), on
// the distributed stack started twice in one run, without tracing and with every request traced and exported by
// OTLP/HTTP to a local receiver that accepts and drops the spans (OTEL_EXPORTER_OTLP_ENDPOINT).
//
//   node bench/tracing-overhead.mjs [--duration 10] [--connections 50]
//
// autocannon in a process of its own, 50 connections, a 2 s warm-up (discarded), then the measured run, per stack.
// Results: a markdown table on stdout and bench/results/tracing-overhead.json.
import http from 'node:http';
import {
  ADMIN_PASSWORD,
  apiLogin,
  cpuCell,
  cpuPer,
  cpuSnapshot,
  ensureBuilt,
  machine,
  markdownTable,
  numberArg,
  startBenchStack,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { runLoad } from './lib/load.mjs';

const argv = process.argv.slice(2);
const DURATION_S = numberArg(argv, '--duration', 10, 60);
const CONNECTIONS = numberArg(argv, '--connections', 50, 500);
const WARMUP_S = 2;

/** An OTLP/HTTP receiver that answers every export and keeps only the count of spans. */
async function startSpanSink() {
  let spans = 0;
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      spans += (body.match(/"spanId"/g) ?? []).length;
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise((done) => server.listen(0, '127.0.0.1', done));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    spans: () => spans,
    close: () => new Promise((done) => server.close(() => done())),
  };
}

async function measure(name, env) {
  console.error(`${name}: starting Agora (distributed) on a fresh database…`);
  const stack = await startBenchStack({ mode: 'distributed', env });
  stopOnSignal(() => stack.stop());
  try {
    const session = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    const target = { url: `${stack.url}/api/category`, headers: { cookie: session.header } };
    const check = await fetch(target.url, { headers: target.headers });
    if (check.status !== 200) throw new Error(`${name}: HTTP ${check.status}`);
    await runLoad({ ...target, connections: CONNECTIONS, duration: WARMUP_S });
    const before = await cpuSnapshot(stack);
    const result = await runLoad({ ...target, connections: CONNECTIONS, duration: DURATION_S });
    const after = await cpuSnapshot(stack);
    return { name, ...result, cpuMsPerRequest: cpuPer(before, after, result.requests) };
  } finally {
    await stack.stop();
  }
}

async function main() {
  ensureBuilt();
  const quiet = await waitForQuietMachine();
  const sink = await startSpanSink();
  try {
    const results = [
      await measure('tracing off', { OTEL_EXPORTER_OTLP_ENDPOINT: '' }),
      await measure('tracing on, every request', { OTEL_EXPORTER_OTLP_ENDPOINT: sink.url }),
    ];
    const spans = sink.spans();
    const date = new Date().toISOString();
    console.log(
      `\n### Tracing overhead (distributed, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, ${date.slice(0, 10)})\n`,
    );
    console.log(
      markdownTable(
        ['stack', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'errors + non-2xx', 'CPU ms per request'],
        results.map((r) => [
          r.name,
          r.requestsPerSecond.toFixed(0),
          r.latencyMs.mean.toFixed(2),
          String(r.latencyMs.p50),
          String(r.latencyMs.p99),
          String(r.errors + r.timeouts + r.non2xx),
          cpuCell(r.cpuMsPerRequest),
        ]),
      ),
    );
    console.log(`\nSpans received by the OTLP sink: ${spans}.`);
    const file = await writeResults('tracing-overhead', {
      date,
      machine: { ...machine(), ...quiet },
      connections: CONNECTIONS,
      durationS: DURATION_S,
      spansReceived: spans,
      results,
    });
    console.error(`results: ${file}`);
  } finally {
    await sink.close();
  }
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
