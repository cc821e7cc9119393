import type { Locator, Page } from 'playwright-core';
import { until } from './wait.js';

/** Two animation frames: dnd-kit has handled the pointer moves sent before (it works per frame). */
export function frames(page: Page): Promise<void> {
  return page.evaluate(
    () => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))),
  );
}

/**
 * Drags `from` (a drag handle) with the mouse to the point `to` and drops it there: lifts it past dnd-kit's 5 px
 * activation distance, moves in steps, and lets dnd-kit see the pointer at the target before the drop. `zone`:
 * a drop zone that must show it is the target (`is-over`) first, which on a busy machine can lag the pointer.
 */
export async function dragTo(page: Page, from: Locator, to: { x: number; y: number }, zone?: Locator) {
  await from.scrollIntoViewIfNeeded();
  const a = await from.boundingBox();
  if (!a) throw new Error('nothing to drag');
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2);
  await page.mouse.down();
  await page.mouse.move(a.x + a.width / 2, a.y + a.height / 2 + 8, { steps: 4 });
  await frames(page);
  await page.mouse.move(to.x, to.y, { steps: 12 });
  await frames(page);
  await page.mouse.move(to.x + 1, to.y, { steps: 2 });
  await frames(page);
  if (zone) {
    await until(
      async () => (await zone.getAttribute('class')) ?? '',
      (c) => c.split(' ').includes('is-over'),
      'the drop target to be highlighted',
    );
  }
  await page.mouse.up();
}
