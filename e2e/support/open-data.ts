import { randomUUID } from 'node:crypto';
import type { TestDatabase } from '@agora/common/testing';

/** What `seedPublishedProject` made: the project's token and the short names of its category and itself. */
export interface PublishedProject {
  project: string;
  category: string;
  mname: string;
}

/**
 * A project whose results are public (published, its publication day past), in the category `open`, with
 * one topic `squares` (its boundary around both places) and two attributes with a place: `spots` (points, a number `score` and a choice `mood`)
 * answered by four respondents at one place and one alone elsewhere, and `routes` (lines), two through one place.
 * Written to the database directly, for the tests of the open data and the results page (decisions 0085, 0087).
 */
export async function seedPublishedProject(db: TestDatabase): Promise<PublishedProject> {
  const [category, project, topic, spots, routes, score, mood] = Array.from({ length: 7 }, () =>
    randomUUID(),
  );
  await db.query(`INSERT INTO consultation.category (token, mname, title) VALUES ($1, 'open', 'Ανοιχτά')`, [
    category,
  ]);
  await db.query(
    `INSERT INTO consultation.project (token, mname, title, start_date, end_date, category, is_public, public_date)
     VALUES ($1, 'squares', 'Πλατείες', '2026-01-01', '2026-02-01', $2, true, '2026-02-02')`,
    [project, category],
  );
  await db.query(
    `INSERT INTO consultation.node (token, project, title, mname, has_geometry, boundary, geom_type, max_geom)
     VALUES ($1, $2, 'Πλατείες', 'squares', true,
       public.ST_GeomFromText('POLYGON((22.93 40.61, 22.97 40.61, 22.97 40.65, 22.93 40.65, 22.93 40.61))', 4326),
       'point', 10)`,
    [topic, project],
  );
  await db.query(
    `INSERT INTO consultation.attribute (token, node, name, mname, has_geometry, geom_type, sort_order)
     VALUES ($1, $3, 'Σημεία', 'spots', true, 'point', 0), ($2, $3, 'Διαδρομές', 'routes', true, 'line', 1)`,
    [spots, routes, topic],
  );
  await db.query(
    `INSERT INTO consultation.variable (token, attribute, mname, variable_type, sort_order)
     VALUES ($1, $3, 'score', '[{"kind": "number", "options": {"label": "Βαθμός"}}]', 0),
       ($2, $3, 'mood', '[{"kind": "radio", "options": {"label": "Διάθεση",
         "choices": [{"id": "a", "label": "Καλή"}, {"id": "b", "label": "Κακή"}]}}]', 1)`,
    [score, mood, spots],
  );
  const answer = (attribute: string, geom: string) =>
    db.query<{ token: string }>(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom)
       VALUES ($1, $2, $3, $4, public.ST_SetSRID(public.ST_GeomFromText($5), 4326)) RETURNING token`,
      [project, topic, attribute, randomUUID(), geom],
    );
  for (const [n, choice] of [
    [1.5, 'a'],
    [2.5, 'a'],
    [3.5, 'a'],
    [4.5, 'b'],
  ] as const) {
    const [{ token }] = await answer(spots, 'POINT(22.9444 40.6401)');
    await db.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, number_value, text_value)
       VALUES ($1, $2, 'number', $3, NULL), ($1, $4, 'radio', NULL, $5)`,
      [token, score, n, mood, choice],
    );
  }
  await answer(spots, 'POINT(22.96 40.62)');
  for (let k = 0; k < 2; k++) await answer(routes, 'LINESTRING(22.9440 40.6400, 22.9441 40.6400)');
  return { project, category: 'open', mname: 'squares' };
}
