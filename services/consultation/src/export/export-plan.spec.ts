import type { VariableKind } from '@agora/contracts';
import { ExportPlan, uniqueKey } from './export-plan.js';
import { csvtText, dictionaryOf } from './export-writers.js';

const PROJECT = { token: 'p', mname: 'roads', category: 'c' };

/** A plan of these variables (and no profile question), as `ExportPlan.of` reads them from the database. */
function planOf(variables: Array<{ mname: string; variable_type: VariableKind[] }>) {
  const query = <T>(sql: string): Promise<T[]> =>
    Promise.resolve(
      (sql.includes('consultation.variable')
        ? variables.map((v, i) => ({ token: `v${i}`, attribute: 'Δρόμοι', ...v }))
        : []) as T[],
    );
  return ExportPlan.of(query, PROJECT, { crs: 4326, staff: true, filter: null });
}

const one = (kind: VariableKind['kind'], label?: string): VariableKind[] => [
  { kind, options: label ? { label } : {} },
];

describe('the columns of an export', () => {
  it('names variables by their mname, unique and at most 10 characters, whatever their labels', async () => {
    const plan = await planOf([
      // two variables of one label: their keys differ
      { mname: 'satisfaction_with_the_roads', variable_type: one('number', 'Ικανοποίηση / Satisfaction') },
      { mname: 'satisfaction_with_the_buses', variable_type: one('number', 'Ικανοποίηση / Satisfaction') },
      { mname: 'Σχόλιο', variable_type: one('text') },
      { mname: '2nd-choice', variable_type: one('radio') },
      // a variable named as a fixed column
      { mname: 'weight', variable_type: one('number') },
    ]);
    const keys = plan.headers.slice(6, -4);
    expect(keys).toEqual(['satisfacti', 'satisfac_2', 'scholio', 'v2nd_choic', 'weight_2']);
    for (const key of plan.headers) expect(key).toMatch(/^[a-z][a-z0-9_]{0,9}$/);
    expect(new Set(plan.headers).size).toBe(plan.headers.length);
    // the labels stay in the dictionary
    const dictionary = dictionaryOf(plan);
    expect(dictionary.columns.slice(6, 8).map((c) => c.label.en)).toEqual([
      'Ικανοποίηση / Satisfaction',
      'Ικανοποίηση / Satisfaction',
    ]);
  });

  it('gives a variable of several kinds one key per kind, and each column its GDAL type', async () => {
    const plan = await planOf([
      {
        mname: 'visit',
        variable_type: [
          { kind: 'date', options: { label: 'Πότε;' } },
          { kind: 'number', options: {} },
          { kind: 'checkbox', options: { choices: [{ id: 'a', label: 'Α' }] } },
        ],
      },
    ]);
    expect(plan.headers.slice(6, -4)).toEqual(['visit_dat', 'visit_num', 'visit_chk']);
    expect(csvtText(plan)).toBe(
      '"String","String","String","String","DateTime","DateTime","Date","Real","String","Real","WKT","Real","Real"\r\n',
    );
    expect(dictionaryOf(plan).columns[8]).toMatchObject({
      key: 'visit_chk',
      label: { el: 'Πότε; (πολλές επιλογές)', en: 'Πότε; (several choices)' },
      options: [{ id: 'a', label: 'Α' }],
    });
  });

  it('makes a key unique by replacing its end with a number', () => {
    const taken = new Set(['abcdefghij']);
    expect(uniqueKey('abcdefghijkl', taken)).toBe('abcdefgh_2');
    expect(uniqueKey('abcdefghij', taken)).toBe('abcdefgh_3');
    expect(uniqueKey('short', taken)).toBe('short');
  });
});
