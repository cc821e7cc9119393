import type { Locator, Page } from 'playwright-core';
import { until } from './wait.js';

/**
 * Starts leaflet-draw's polygon tool on `map` and clicks the vertices `corners` (fractions of the map's box).
 * leaflet-draw ignores a click that comes within 50 ms of the previous vertex, so each click is repeated until its
 * vertex is there. Answers how to click a point of the map (to close the polygon on the first vertex).
 */
export async function clickPolygonVertices(
  page: Page,
  map: Locator,
  corners: ReadonlyArray<readonly [number, number]>,
): Promise<(x: number, y: number) => Promise<void>> {
  await map.locator('.leaflet-draw-draw-polygon').click();
  const box = await map.boundingBox();
  if (!box) throw new Error('no map');
  const at = (x: number, y: number) => page.mouse.click(box.x + box.width * x, box.y + box.height * y);
  const vertices = map.locator('.leaflet-marker-icon.leaflet-editing-icon');
  for (const [i, [x, y]] of corners.entries()) {
    await until(
      async () => {
        if ((await vertices.count()) <= i) await at(x, y);
        return vertices.count();
      },
      (n) => n === i + 1,
      `vertex ${i + 1}`,
    );
  }
  return at;
}
