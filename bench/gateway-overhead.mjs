#!/usr/bin/env node
// What the gateway costs: the same logged-in API call made to the consultation service directly (with a signed
// identity header, as the gateway would send it) and through the gateway (with the session cookie).
//
//   node bench/gateway-overhead.mjs [--mode distributed|one-process] [--duration 10] [--connections 50]
//
// autocannon runs in a process of its own: 50 connections, a 2 s warm-up (discarded), then 10 s measured, per
// target. The distributed mode (default) is the shape of production: each service and the gateway in its own
// process on PostgreSQL and Redis. Results: a markdown table on stdout and bench/results/gateway-overhead.json
// (gateway-overhead-one-process.json for the one-process mode; -c<n> appended for other connection counts).
import path from 'node:path';
import { parsePrivateKey, signUserIdentity } from '@agora/identity';
import {
  ADMIN_PASSWORD,
  apiLogin,
  cpuCell,
  cpuPer,
  cpuSnapshot,
  ensureBuilt,
  machine,
  markdownTable,
  modeArg,
  numberArg,
  startBenchStack,
  waitForQuietMachine,
  stopOnSignal,
  writeResults,
} from './lib/common.mjs';
import { runLoad } from './lib/load.mjs';

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'distributed');
const DURATION_S = numberArg(argv, '--duration', 10, 60);
const CONNECTIONS = numberArg(argv, '--connections', 50, 500);
const WARMUP_S = 2;

/** The fields of a session user, as the gateway puts them into the identity. */
function sessionUser(profile) {
  const { uuid, username, firstname, lastname, email, role } = profile;
  return { uuid, username, firstname, lastname, email, role };
}

async function measure(stack, target) {
  // The identity lives 60 s: sign it just before the warm-up.
  const headers = target.headers();
  const check = await fetch(target.url, { headers });
  const body = await check.text();
  if (check.status !== 200) throw new Error(`${target.name}: HTTP ${check.status} ${body.slice(0, 200)}`);
  console.error(`${target.name}: warm-up ${WARMUP_S} s…`);
  await runLoad({ url: target.url, headers, connections: CONNECTIONS, duration: WARMUP_S });
  console.error(`${target.name}: ${DURATION_S} s…`);
  const before = await cpuSnapshot(stack);
  const result = await runLoad({ url: target.url, headers, connections: CONNECTIONS, duration: DURATION_S });
  const after = await cpuSnapshot(stack);
  // CPU per request in each process (ms): what each hop costs, independent of how the two cores were shared.
  const cpuMsPerRequest = cpuPer(before, after, result.requests);
  return {
    name: target.name,
    via: target.via,
    responseBytes: Buffer.byteLength(body),
    ...result,
    cpuMsPerRequest,
  };
}

async function main() {
  ensureBuilt();
  const quiet = await waitForQuietMachine();
  console.error(`starting Agora (${mode}) on a fresh database…`);
  const stack = await startBenchStack({ mode, log: (m) => process.env.BENCH_VERBOSE && console.error(m) });
  stopOnSignal(() => stack.stop());
  try {
    const session = await apiLogin(stack.url, 'admin', ADMIN_PASSWORD);
    const user = sessionUser(session.profile);
    const gatewayKey = parsePrivateKey(stack.gatewayKey);
    const targets = [
      {
        name: 'consultation directly',
        via: 'service',
        url: `${stack.services.consultation}/category`,
        headers: () => ({
          'x-agora-identity': signUserIdentity(gatewayKey, 'consultation', {
            user,
            sid: session.cookies.agora_sid,
            ip: '127.0.0.1',
          }),
        }),
      },
      {
        name: 'through the gateway',
        via: 'gateway',
        url: `${stack.url}/api/category`,
        headers: () => ({ cookie: session.header }),
      },
      {
        // Answered by the gateway itself (session lookup from its cache, no forwarding): its own floor.
        name: 'gateway alone (GET /api/login)',
        via: 'gateway-only',
        url: `${stack.url}/api/login`,
        headers: () => ({ cookie: session.header }),
      },
    ];
    const results = [];
    for (const target of targets) results.push(await measure(stack, target));

    const [direct, gateway] = results;
    const overhead = {
      throughputLossPercent: (1 - gateway.requestsPerSecond / direct.requestsPerSecond) * 100,
      p50AddedMs: gateway.latencyMs.p50 - direct.latencyMs.p50,
      p99AddedMs: gateway.latencyMs.p99 - direct.latencyMs.p99,
    };
    const date = new Date().toISOString();
    const rows = results.map((r) => [
      r.name,
      `\`GET ${new URL(r.url).pathname}\``,
      r.requestsPerSecond.toFixed(0),
      r.latencyMs.mean.toFixed(2),
      String(r.latencyMs.p50),
      String(r.latencyMs.p99),
      String(r.errors + r.timeouts + r.non2xx),
      cpuCell(r.cpuMsPerRequest),
    ]);
    console.log(
      `\n### Gateway overhead (${mode}, ${CONNECTIONS} connections, ${DURATION_S} s after ${WARMUP_S} s warm-up, ${date.slice(0, 10)})\n`,
    );
    console.log(
      markdownTable(
        ['target', 'call', 'req/s', 'mean ms', 'p50 ms', 'p99 ms', 'errors + non-2xx', 'CPU ms per request'],
        rows,
      ),
    );
    console.log(
      `\nThrough the gateway: ${overhead.throughputLossPercent.toFixed(0)}% fewer requests/s, ` +
        `p50 +${overhead.p50AddedMs} ms, p99 +${overhead.p99AddedMs} ms.`,
    );
    const name = [
      'gateway-overhead',
      mode === 'one-process' ? '-one-process' : '',
      CONNECTIONS !== 50 ? `-c${CONNECTIONS}` : '',
    ].join('');
    const file = await writeResults(name, {
      benchmark: 'gateway-overhead',
      date,
      mode,
      machine: { ...machine(), ...quiet },
      settings: {
        connections: CONNECTIONS,
        durationS: DURATION_S,
        warmupS: WARMUP_S,
        logLevel: process.env.BENCH_LOG_LEVEL || 'warn',
        loadGenerator: 'autocannon 9 in its own Node process, on the same machine',
      },
      results,
      overhead,
    });
    console.error(`\nresults: ${path.relative(process.cwd(), file)}`);
  } finally {
    await stack.stop();
  }
}

await main();
