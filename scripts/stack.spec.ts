import { INTERNAL_CALLS } from '@agora/common';
import { DEMO_PARTICIPANT_PASSWORD, demoLoginText, SERVICES, startOrder } from './lib/stack.mjs';

describe('the launchers', () => {
  it('start each service after those whose internal routes it calls, so it is given their URLs', () => {
    const order = startOrder(INTERNAL_CALLS);
    expect([...order].sort()).toEqual([...SERVICES].sort());
    for (const [caller, targets] of Object.entries(INTERNAL_CALLS)) {
      for (const target of targets ?? []) expect(order.indexOf(target)).toBeLessThan(order.indexOf(caller));
    }
    expect(() => startOrder({ accounts: ['consultation'], consultation: ['accounts'] })).toThrow(/cycle/);
  });

  it('print the demo participants only in development mode, on the start that creates them', () => {
    const dev = { AGORA_DEV_MODE: 'true' };
    expect(demoLoginText({ created: true }, dev)).toBe(`citizen01…citizen24 / ${DEMO_PARTICIPANT_PASSWORD}`);
    expect(demoLoginText({ created: false }, dev)).toBeNull();
    expect(demoLoginText({ created: true }, {})).toBeNull();
  });
});
