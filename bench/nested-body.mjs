#!/usr/bin/env node
// What deeply nested JSON costs the site: anonymous clients posting ~80 KB of `[[[…]]]` to /api/registration
// while another client reads /api/settings. Measured: the latency of the settings reads alone, then with the
// nested posts running, and what the nested posts themselves were answered.
//
//   node bench/nested-body.mjs [--mode one-process|distributed] [--duration 10] [--attackers 4]
//
// Needs the servers' build (`npx tsc -b tsconfig.build.json`); the front end is not used. Results: a markdown
// table on stdout and bench/results/nested-body.json (nested-body-<label>.json with BENCH_LABEL=<label>).
import {
  machine,
  markdownTable,
  modeArg,
  numberArg,
  startBenchStack,
  stopOnSignal,
  visitorCsrf,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';
import { runLoad } from './lib/load.mjs';

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'one-process');
const DURATION_S = numberArg(argv, '--duration', 10, 60);
const ATTACKERS = numberArg(argv, '--attackers', 4, 100);
const NESTED = `${'['.repeat(40_000)}${']'.repeat(40_000)}`;

const quiet = await waitForQuietMachine();
const stack = await startBenchStack({ mode });
stopOnSignal(stack.stop);
try {
  const base = stack.url;
  const csrf = await visitorCsrf(base);
  const reads = { url: `${base}/api/settings`, connections: 1, duration: DURATION_S };
  const attack = {
    url: `${base}/api/registration`,
    method: 'POST',
    connections: ATTACKERS,
    duration: DURATION_S,
    headers: { 'content-type': 'application/json', cookie: csrf.cookie, 'x-csrf-token': csrf.token },
    body: NESTED,
  };
  await runLoad({ ...reads, duration: 2 }); // warm-up, discarded
  const alone = await runLoad(reads);
  const [underAttack, nested] = await Promise.all([runLoad(reads), runLoad(attack)]);
  const row = (name, r) => [
    name,
    r.requests,
    r.latencyMs.p50,
    r.latencyMs.p99,
    r.latencyMs.max,
    Object.keys(r.statusCodes ?? {}).join(', '),
  ];
  console.log(
    markdownTable(
      ['requests', 'count', 'p50 ms', 'p99 ms', 'max ms', 'statuses'],
      [
        row('GET /api/settings alone', alone),
        row(`GET /api/settings with ${ATTACKERS} nested posters`, underAttack),
        row('POST /api/registration, 80 KB nested', nested),
      ],
    ),
  );
  const label = process.env.BENCH_LABEL ? `-${process.env.BENCH_LABEL}` : '';
  await writeResults(`nested-body${label}`, {
    mode,
    durationS: DURATION_S,
    attackers: ATTACKERS,
    bodyBytes: NESTED.length,
    machine: { ...machine(), ...quiet },
    settingsAlone: alone,
    settingsUnderAttack: underAttack,
    nestedPosts: nested,
  });
} finally {
  await stack.stop();
}
