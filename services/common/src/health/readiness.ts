import { Injectable } from '@nestjs/common';

export type ReadinessCheck = () => Promise<unknown>;

/**
 * Features register what must work for the service to take traffic (database, queues). Once the process is
 * stopping (`drain`), it is not ready, whatever the checks would say: the load balancer stops sending it traffic.
 */
@Injectable()
export class Readiness {
  private readonly checks = new Map<string, ReadinessCheck>();
  private draining = false;

  register(name: string, check: ReadinessCheck): void {
    this.checks.set(name, check);
  }

  /** From now on `run` answers not ready at once. */
  drain(): void {
    this.draining = true;
  }

  async run(timeoutMs = 2000): Promise<{ ok: boolean; checks: Record<string, string> }> {
    if (this.draining) return { ok: false, checks: { shutdown: 'draining' } };
    const results: Record<string, string> = {};
    await Promise.all(
      [...this.checks].map(async ([name, check]) => {
        let timer: NodeJS.Timeout | undefined;
        try {
          await Promise.race([
            check(),
            new Promise((_, reject) => {
              timer = setTimeout(() => reject(new Error('timed out')), timeoutMs);
            }),
          ]);
          results[name] = 'ok';
        } catch (e) {
          results[name] = e instanceof Error ? e.message : 'failed';
        } finally {
          clearTimeout(timer);
        }
      }),
    );
    return { ok: Object.values(results).every((r) => r === 'ok'), checks: results };
  }
}
