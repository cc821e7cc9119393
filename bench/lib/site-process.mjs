// A bench stack (startBenchStack) in a process of its own, for the benchmarks that start more than one Agora: two
// one-process stacks cannot share a Node process (their services' data sources are registered by name).
//
//   startSiteProcess({ mode, env })   resolves with { url, stop }
import { fork } from 'node:child_process';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { startBenchStack } from './common.mjs';

/** Forks this file, which starts the stack and answers its URL; `stop()` stops the stack and waits for the exit. */
export async function startSiteProcess({ mode, env = {} }) {
  const child = fork(fileURLToPath(import.meta.url), [JSON.stringify({ mode, env })], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const exited = once(child, 'exit');
  const [first] = await Promise.race([
    once(child, 'message'),
    exited.then(([code]) => {
      throw new Error(`the site process exited with ${code} before it was ready`);
    }),
  ]);
  return {
    url: first.url,
    stop: async () => {
      if (child.exitCode !== null) return;
      child.send('stop');
      await exited;
    },
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { mode, env } = JSON.parse(process.argv[2]);
  const stack = await startBenchStack({
    mode,
    env,
    log: (m) => process.env.BENCH_VERBOSE && console.error(m),
  });
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await stack.stop();
    process.exit(0);
  };
  process.on('message', (m) => m === 'stop' && void stop());
  // the benchmark ended without stopping it (killed, crashed), or Ctrl-C reached the whole process group
  process.on('disconnect', () => void stop());
  process.once('SIGINT', () => void stop());
  process.once('SIGTERM', () => void stop());
  process.send({ url: stack.url });
}
