// The map benchmarks' shared pieces: a topic with one point attribute, many point answers inserted directly,
// and a scripted pan of a Leaflet map in a Playwright page with the frame times meanwhile.
/* global window, document, getComputedStyle, requestAnimationFrame -- functions run in the page */
import pg from 'pg';
import { median, quantile } from './common.mjs';
import { BOUNDARY, CENTRE, HALF } from './geo.mjs';

/** A topic (the benchmarks' boundary) with one point attribute in `project`; names start with `mname`. */
export async function addPointTopic(admin, project, mname, title) {
  const topic = await admin.POST('/api/node', {
    body: {
      project: project.token,
      title: `${title} topic`,
      mname: `${mname}-topic`,
      has_geometry: true,
      boundary: BOUNDARY,
      geom_type: 'point',
      max_geom: 1,
      geom_color: '#2b6cb0',
    },
  });
  const attribute = await admin.POST('/api/attribute', {
    body: {
      node: topic.token,
      name: `${title} point`,
      mname: `${mname}-point`,
      has_geometry: true,
      geom_type: 'point',
      max_geom: 1,
      geom_color: '#2b6cb0',
    },
  });
  return { topic, attribute };
}

/**
 * `count` point answers of the attribute, each by its own owner, inside the boundary: spread evenly, or
 * (`peaked`) denser towards the centre.
 */
export async function insertPointAnswers(databaseUrl, q, count, { peaked = false } = {}) {
  const offset = peaked ? '(random() + random() - 1)' : '(random() * 2 - 1)';
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    await db.query(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       SELECT $1, $2, $3, gen_random_uuid(),
         public.ST_SetSRID(public.ST_MakePoint($4 + ${offset} * $6, $5 + ${offset} * $6), 4326)
       FROM generate_series(1, $7)`,
      [q.project.token, q.topic.token, q.attribute.token, CENTRE.lng, CENTRE.lat, HALF * 0.9, count],
    );
  } finally {
    await db.end();
  }
}

/**
 * The mouse drags the map in `selector` by (-300, -150) and back, 45 moves each 16 ms apart, while
 * requestAnimationFrame deltas are recorded: their count, median, p95 and max. Throws when the map did not move.
 */
export async function panFrames(page, selector) {
  const box = await page.locator(selector).boundingBox();
  const x = box.x + box.width / 2;
  const y = box.y + box.height / 2;
  await page.evaluate(() => {
    const deltas = [];
    window.__benchFrames = deltas;
    window.__benchStop = false;
    let last = performance.now();
    const tick = (now) => {
      deltas.push(now - last);
      last = now;
      if (!window.__benchStop) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.mouse.move(x, y);
  await page.mouse.down();
  const paneShift = () =>
    page.evaluate(() => getComputedStyle(document.querySelector('.leaflet-map-pane')).transform);
  const before = await paneShift();
  let moved = false;
  let from = [x, y];
  for (const [toX, toY] of [
    [x - 300, y - 150],
    [x, y],
  ]) {
    const steps = 45;
    for (let i = 1; i <= steps; i++) {
      await page.mouse.move(from[0] + ((toX - from[0]) * i) / steps, from[1] + ((toY - from[1]) * i) / steps);
      await new Promise((r) => setTimeout(r, 16));
    }
    from = [toX, toY];
    if (!moved) moved = (await paneShift()) !== before;
  }
  await page.mouse.up();
  if (!moved) throw new Error('the drag did not move the map');
  const frames = await page.evaluate(() => {
    window.__benchStop = true;
    return window.__benchFrames.slice(1);
  });
  return {
    count: frames.length,
    medianMs: median(frames),
    p95Ms: quantile(frames, 0.95),
    maxMs: Math.max(...frames),
  };
}
