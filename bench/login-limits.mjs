#!/usr/bin/env node
// Login guessing: 50 wrong passwords for `admin` sent at once from one address, through the gateway; then the
// right password from that address and from another one.
//
//   node bench/login-limits.mjs [--mode distributed|one-process] [--guesses 50]
//
// Records how many guesses were checked (401: the password was compared), how many were refused without a check
// (429, with their Retry-After), the time until every answer was in, and whether the owner logs in afterwards.
// The client addresses are given to the gateway with X-Forwarded-For (TRUST_PROXY=loopback): the attacker is
// 203.0.113.66, the owner 198.51.100.20. Results: a markdown table on stdout and bench/results/login-limits.json
// (login-limits-one-process.json for the one-process mode, where the counters are in PostgreSQL).
import { spawnSync } from 'node:child_process';
import {
  ADMIN_PASSWORD,
  machine,
  markdownTable,
  modeArg,
  numberArg,
  ROOT,
  startBenchStack,
  visitorCsrf,
  stopOnSignal,
  waitForQuietMachine,
  writeResults,
} from './lib/common.mjs';

const argv = process.argv.slice(2);
const mode = modeArg(argv, 'distributed');
const GUESSES = numberArg(argv, '--guesses', 50, 1000);
const ATTACKER = '203.0.113.66';
const OWNER = '198.51.100.20';

/** The servers are built from the current sources (incremental); this benchmark needs no front end. */
function buildServers() {
  const r = spawnSync('npx', ['tsc', '-b', 'tsconfig.build.json'], { cwd: ROOT, stdio: 'inherit' });
  if (r.status !== 0) throw new Error(`tsc -b failed with ${r.status}`);
}

/** The CSRF token of a fresh visitor from `ip`, and the cookies it is bound to. */
function csrfToken(base, ip) {
  return visitorCsrf(base, { 'x-forwarded-for': ip });
}

async function login(base, ip, csrf, username, password) {
  const started = performance.now();
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-forwarded-for': ip,
      'x-csrf-token': csrf.token,
      cookie: csrf.cookie,
    },
    body: JSON.stringify({ username, password }),
  });
  const body = await res.json().catch(() => null);
  return {
    status: res.status,
    code: body?.code,
    retryAfter: res.headers.get('retry-after'),
    ms: performance.now() - started,
  };
}

async function main() {
  buildServers();
  const quiet = await waitForQuietMachine();
  process.env.TRUST_PROXY = 'loopback';
  console.error(`starting Agora (${mode}) on a fresh database…`);
  const stack = await startBenchStack({ mode, log: (m) => process.env.BENCH_VERBOSE && console.error(m) });
  stopOnSignal(() => stack.stop());
  try {
    const attackerToken = await csrfToken(stack.url, ATTACKER);
    const started = performance.now();
    const answers = await Promise.all(
      Array.from({ length: GUESSES }, (_, n) =>
        login(stack.url, ATTACKER, attackerToken, 'admin', `wrong-password-${n}`),
      ),
    );
    const totalMs = performance.now() - started;
    const count = (s) => answers.filter((a) => a.status === s).length;
    const retryAfter = answers.filter((a) => a.status === 429).map((a) => Number(a.retryAfter));
    const checkedMs = answers.filter((a) => a.status === 401).map((a) => a.ms);
    const refusedMs = answers.filter((a) => a.status === 429).map((a) => a.ms);
    const attackerRight = await login(stack.url, ATTACKER, attackerToken, 'admin', ADMIN_PASSWORD);
    const owner = await login(stack.url, OWNER, await csrfToken(stack.url, OWNER), 'admin', ADMIN_PASSWORD);

    const result = {
      guesses: GUESSES,
      checked: count(401),
      refused: count(429),
      other: answers.filter((a) => a.status !== 401 && a.status !== 429).map((a) => a.status),
      totalMs: Math.round(totalMs),
      slowestCheckedMs: Math.round(Math.max(...checkedMs, 0)),
      slowestRefusedMs: Math.round(Math.max(...refusedMs, 0)),
      retryAfterS: retryAfter.length ? { min: Math.min(...retryAfter), max: Math.max(...retryAfter) } : null,
      rightPasswordFromAttacker: { status: attackerRight.status, retryAfter: attackerRight.retryAfter },
      ownerFromElsewhere: { status: owner.status },
    };
    const rows = [
      [
        mode,
        `${GUESSES} at once`,
        result.checked,
        result.refused,
        result.other.length,
        result.totalMs,
        result.retryAfterS ? `${result.retryAfterS.min}–${result.retryAfterS.max}` : '-',
        result.rightPasswordFromAttacker.status,
        result.ownerFromElsewhere.status,
      ],
    ];
    console.log(
      markdownTable(
        [
          'mode',
          'wrong passwords',
          'checked (401)',
          'refused (429)',
          'other',
          'all answered, ms',
          'Retry-After s',
          'right password, same address',
          'owner, other address',
        ],
        rows,
      ),
    );
    const file = await writeResults(mode === 'distributed' ? 'login-limits' : 'login-limits-one-process', {
      benchmark: 'login-limits',
      date: new Date().toISOString(),
      mode,
      machine: { ...machine(), ...quiet },
      result,
    });
    console.error(`results: ${file}`);
  } finally {
    await stack.stop();
  }
}

await main();
