import { serviceEdges } from '@agora/contracts';
import {
  DEMO_PARTICIPANT_PASSWORD,
  demoLoginText,
  SERVICES,
  serviceStartOrder,
  startAllInOne,
  startDistributed,
} from './lib/stack.mjs';

describe('the launchers', () => {
  it('start each service after those it calls, as the service graph declares them', async () => {
    const order = await serviceStartOrder();
    expect([...order].sort()).toEqual([...SERVICES].sort());
    // between services: the mail worker runs inside the mailing process, and the gateway starts last
    const edges = serviceEdges().filter((e) => SERVICES.includes(e.from) && SERVICES.includes(e.to));
    expect(edges.length).toBeGreaterThan(0);
    for (const { from, to } of edges) expect(order.indexOf(to)).toBeLessThan(order.indexOf(from));
  });

  it('print the demo participants only in development mode, on the start that creates them', () => {
    const dev = { AGORA_DEV_MODE: 'true' };
    expect(demoLoginText({ created: true }, dev)).toBe(`citizen01…citizen24 / ${DEMO_PARTICIPANT_PASSWORD}`);
    expect(demoLoginText({ created: false }, dev)).toBeNull();
    expect(demoLoginText({ created: true }, {})).toBeNull();
  });

  it.each([
    [{}, 'PUBLIC_URL: is required in production'],
    [{ PUBLIC_URL: 'http://localhost:8080' }, 'PUBLIC_URL: must not be localhost'],
  ])(
    'refuse to start in production without a public PUBLIC_URL (%j), before anything starts',
    async (env, why) => {
      const production = { NODE_ENV: 'production', PORT: '0', ...env };
      await expect(startAllInOne({ env: production })).rejects.toThrow(`fatal: Agora cannot start: ${why}`);
      await expect(
        startDistributed({
          env: {
            ...production,
            DATABASE_URL: 'postgres://nobody@127.0.0.1:1/none',
            REDIS_URL: 'redis://127.0.0.1:1',
          },
          gatewayPort: 0,
          log: () => undefined,
        }),
      ).rejects.toThrow(`fatal: Agora cannot start: ${why}`);
    },
  );
});
