// The distributed launcher's restarts: a process that crashes is started again with a doubling, capped delay, and
// a stop stops it for good. The process here is a small HTTP server with a /health route, like a deployable's.
import { freePort, spawnProcess, supervise, type Supervised } from './lib/stack.mjs';

const SERVER = `require('node:http')
  .createServer((req, res) => res.writeHead(req.url === '/health' ? 200 : 404).end())
  .listen(Number(process.env.PORT), '127.0.0.1');`;

/** Polls `check` until it holds, for at most 20 s. */
async function until(what: string, check: () => boolean | Promise<boolean>): Promise<void> {
  const deadline = Date.now() + 20_000;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within 20 s: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const answers = async (url: string) => {
  try {
    return (await fetch(`${url}/health`, { signal: AbortSignal.timeout(1000) })).ok;
  } catch {
    return false;
  }
};

describe('a supervised process', () => {
  let proc: Supervised | undefined;
  const log: string[] = [];

  afterEach(async () => {
    await proc?.stop();
    proc = undefined;
    log.length = 0;
  });

  const start = async (backoff: { initialMs: number; maxMs: number; stableMs: number }) => {
    const port = await freePort();
    proc = await supervise('fake', () => spawnProcess('fake', ['-e', SERVER], { PORT: String(port) }, port), {
      log: (m) => log.push(m),
      backoff,
    });
    return proc;
  };

  it('comes back after a crash, answering /health, each restart later than the one before, up to the cap', async () => {
    const p = await start({ initialMs: 20, maxMs: 80, stableMs: 600_000 });
    const pids = [p.child.pid];
    for (let i = 1; i <= 4; i++) {
      p.child.kill('SIGKILL');
      await until(`restart ${i}`, () => p.restarts === i);
      expect(await answers(p.url)).toBe(true);
      pids.push(p.child.pid);
    }
    expect(new Set(pids).size).toBe(5);
    const delays = log
      .map((m) => /exited with SIGKILL; restarting in (\d+) ms/.exec(m)?.[1])
      .filter((d) => d !== undefined)
      .map(Number);
    expect(delays).toEqual([20, 40, 80, 80]);
    expect(log.filter((m) => m.includes('fake restarted'))).toHaveLength(4);
  });

  it('is not restarted once stopped, nor when stopped while a restart is pending', async () => {
    const p = await start({ initialMs: 20, maxMs: 80, stableMs: 600_000 });
    const { url } = p;
    await p.stop();
    expect(p.child.exitCode !== null || p.child.signalCode !== null).toBe(true);
    expect(await answers(url)).toBe(false);
    expect(log.some((m) => m.includes('exited'))).toBe(false);

    // started again, it crashes; the stop comes while its restart waits
    const late = await start({ initialMs: 600_000, maxMs: 600_000, stableMs: 600_000 });
    late.child.kill('SIGKILL');
    await until('the crash is seen', () => log.some((m) => m.includes('restarting in 600000 ms')));
    await late.stop();
    expect(late.restarts).toBe(0);
    expect(await answers(late.url)).toBe(false);
  });

  it('throws when the first start fails', async () => {
    const port = await freePort();
    await expect(
      supervise('broken', () => spawnProcess('broken', ['-e', 'process.exit(3)'], {}, port)),
    ).rejects.toThrow(/process exited with code 3/);
  });
});
