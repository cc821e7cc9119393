// The SQL forms of the project dates agree with the functions, on the real Postgres.
import { createTestDatabase, type TestDatabase } from '@agora/common/testing';
import { projectOpenSql, projectState, projectStateSql, type ProjectDates } from './project-dates.js';

const ROWS: ProjectDates[] = [
  { active: true, start_date: '2026-11-07', end_date: '2026-12-21' },
  { active: false, start_date: '2026-11-07', end_date: '2026-12-21' },
  { active: true, start_date: '2026-11-07', end_date: '2026-11-07' },
];
const DAYS = ['2026-11-06', '2026-11-07', '2026-11-08', '2026-12-21', '2026-12-22'];

let db: TestDatabase;

beforeAll(async () => {
  db = await createTestDatabase('agora_project_dates');
});
afterAll(() => db?.drop());

it('tests the same state inside a query', async () => {
  const values = ROWS.map(
    (r, i) => `(${i}, ${r.active}, '${r.start_date}'::date, '${r.end_date}'::date)`,
  ).join(', ');
  for (const today of DAYS) {
    const rows = await db.query<{ i: number; open: boolean; state: string }>(
      `SELECT p.i, ${projectOpenSql('p', '$1')} AS open, ${projectStateSql('p', '$1')} AS state
       FROM (VALUES ${values}) AS p (i, "active", "start_date", "end_date") ORDER BY p.i`,
      [today],
    );
    expect(rows).toEqual(
      ROWS.map((r, i) => ({ i, open: projectState(r, today) === 'open', state: projectState(r, today) })),
    );
  }
});
