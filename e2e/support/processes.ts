import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { ROOT, waitForHttp } from '../../scripts/lib/stack.mjs';

export interface Spawned {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Runs a Node script of the repository as a child process, keeping its output for failure messages. */
export function runScript(script: string, env: Record<string, string | undefined>): Spawned {
  const child = spawn(process.execPath, [path.join(ROOT, script)], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  const keep = (d: Buffer) => {
    out = (out + d.toString()).slice(-20_000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return {
    child,
    output: () => out,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
        child.kill('SIGTERM');
      }),
  };
}

/** Waits until `predicate(output)` holds, failing with the output when the process dies or time runs out. */
export async function waitForOutput(p: Spawned, predicate: (out: string) => boolean, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (!predicate(p.output())) {
    if (p.child.exitCode !== null) throw new Error(`process exited (${p.child.exitCode}):\n${p.output()}`);
    if (Date.now() > deadline) throw new Error(`timed out waiting; output so far:\n${p.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export { waitForHttp };
