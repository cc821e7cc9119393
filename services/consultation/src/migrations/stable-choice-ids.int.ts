import { createMigrationTestBed, type MigrationTestBed } from '@agora/common/testing';
import type { DataSource } from 'typeorm';
import { consultationStorage } from '../index.js';
import { StableChoiceIds1795400700000 } from './1795400700000-StableChoiceIds.js';

const CATEGORY = '00000000-0000-4000-8000-0000000000c1';
const PROJECT = '00000000-0000-4000-8000-0000000000a1';
const NODE = '00000000-0000-4000-8000-0000000000b1';
const ATTRIBUTE = '00000000-0000-4000-8000-0000000000d1';
const RADIO = '00000000-0000-4000-8000-0000000000e1';
const POINTS = '00000000-0000-4000-8000-0000000000e2';
const ANSWER = '00000000-0000-4000-8000-0000000000f1';
const OWNER = '00000000-0000-4000-8000-000000000099';

const name = new StableChoiceIds1795400700000().name;

/** A database at the migration before the stable choice ids, with answers that name their choices by label. */
describe('stable choice ids migration', () => {
  let bed: MigrationTestBed;
  let ds: DataSource;

  beforeAll(async () => {
    bed = await createMigrationTestBed(consultationStorage, 'agora_consultation_choice_ids');
    await bed.migrate();
    ds = await bed.dataSource();
  });
  afterAll(() => bed?.close());

  /** Undoes the migrations down to (and with) the stable choice ids. */
  async function beforeChoiceIds(): Promise<void> {
    const ran = async () =>
      ((await ds.query(`SELECT name FROM consultation.migrations`)) as Array<{ name: string }>).map(
        (m) => m.name,
      );
    while ((await ran()).includes(name)) await ds.undoLastMigration({ transaction: 'each' });
  }

  async function seed(choices: string[]): Promise<void> {
    await ds.query(`DELETE FROM consultation.category`);
    await ds.query(`INSERT INTO consultation.category (token, mname, title) VALUES ($1, 'c', 'C')`, [
      CATEGORY,
    ]);
    await ds.query(
      `INSERT INTO consultation.project (token, mname, title, start_date, end_date, category)
       VALUES ($1, 'p', 'P', '2026-01-01', '2026-12-31', $2)`,
      [PROJECT, CATEGORY],
    );
    await ds.query(`INSERT INTO consultation.node (token, project, title, mname) VALUES ($1, $2, 'T', 't')`, [
      NODE,
      PROJECT,
    ]);
    await ds.query(
      `INSERT INTO consultation.attribute (token, node, name, mname) VALUES ($1, $2, 'A', 'a')`,
      [ATTRIBUTE, NODE],
    );
    const variable = (token: string, mname: string, kinds: unknown) =>
      ds.query(
        `INSERT INTO consultation.variable (token, attribute, mname, variable_type) VALUES ($1, $2, $3, $4::jsonb)`,
        [token, ATTRIBUTE, mname, JSON.stringify(kinds)],
      );
    await variable(RADIO, 'r', [
      { kind: 'radio', options: { choices } },
      { kind: 'checkbox', options: { choices: ['α', 'β', 'γ'] } },
    ]);
    await variable(POINTS, 'g', [
      { kind: 'geom_point', options: { geometricChoices: [{ label: 'Bench' }, { label: 'Tree' }] } },
    ]);
    await ds.query(
      `INSERT INTO consultation.answer (token, project, node, attribute, owner) VALUES ($1, $2, $3, $4, $5)`,
      [ANSWER, PROJECT, NODE, ATTRIBUTE, OWNER],
    );
    const drawn = {
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [22.9, 40.6] },
          properties: { choice: 1 },
        },
      ],
    };
    await ds.query(
      `INSERT INTO consultation.answer_value (answer, variable, kind, text_value, list_value) VALUES
         ($1, $2, 'radio', 'Ναι', NULL), ($1, $2, 'checkbox', NULL, ARRAY['γ', 'α']),
         ($1, $3, 'geom_point', $4, NULL)`,
      [ANSWER, RADIO, POINTS, JSON.stringify(drawn)],
    );
  }

  const kindsOf = async (token: string) =>
    (
      (await ds.query(`SELECT variable_type FROM consultation.variable WHERE token = $1`, [token])) as Array<{
        variable_type: Array<{ kind: string; options: Record<string, Array<{ id: string; label: string }>> }>;
      }>
    )[0]!.variable_type;
  const values = async () =>
    (await ds.query(
      `SELECT kind, text_value, list_value FROM consultation.answer_value ORDER BY kind`,
    )) as Array<{ kind: string; text_value: string | null; list_value: string[] | null }>;

  it('gives every choice an id and turns the answers from labels and positions into ids', async () => {
    await beforeChoiceIds();
    await seed(['Ναι', 'Όχι']);
    await ds.runMigrations({ transaction: 'each' });

    const [radio, checkbox] = await kindsOf(RADIO);
    expect(radio!.options.choices!.map((c) => c.label)).toEqual(['Ναι', 'Όχι']);
    expect(checkbox!.options.choices!.map((c) => c.label)).toEqual(['α', 'β', 'γ']);
    const ids = [...radio!.options.choices!, ...checkbox!.options.choices!].map((c) => c.id);
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
    const [points] = await kindsOf(POINTS);
    const [bench, tree] = points!.options.geometricChoices!;
    expect([bench!.label, tree!.label]).toEqual(['Bench', 'Tree']);

    const idOf = (choices: Array<{ id: string; label: string }>, label: string) =>
      choices.find((c) => c.label === label)!.id;
    const [c, g, r] = await values();
    expect(r).toEqual({ kind: 'radio', text_value: idOf(radio!.options.choices!, 'Ναι'), list_value: null });
    expect(c!.list_value).toEqual([
      idOf(checkbox!.options.choices!, 'γ'),
      idOf(checkbox!.options.choices!, 'α'),
    ]);
    expect(JSON.parse(g!.text_value!).features[0].properties).toEqual({ choice: tree!.id });

    // and back: labels and positions again
    await beforeChoiceIds();
    const [after] = await values();
    expect(after!.list_value).toEqual(['γ', 'α']);
    const back = await values();
    expect(back.find((v) => v.kind === 'radio')!.text_value).toBe('Ναι');
    expect(JSON.parse(back.find((v) => v.kind === 'geom_point')!.text_value!).features[0].properties).toEqual(
      {
        choice: 1,
      },
    );
    expect((await kindsOf(RADIO))[0]!.options.choices).toEqual(['Ναι', 'Όχι']);
    await ds.runMigrations({ transaction: 'each' });
  });

  it('refuses, changing nothing, where a label names no single choice, and names the rows', async () => {
    await beforeChoiceIds();
    // two radio choices labelled 'Όχι', and the stored 'Ναι' is no choice any more
    await seed(['Όχι', 'Όχι']);
    const refusal = ds.runMigrations({ transaction: 'each' });
    await expect(refusal).rejects.toThrow(`variable ${RADIO} (radio): two choices are labelled "Όχι"`);
    await expect(refusal).rejects.toThrow(
      new RegExp(`variable ${RADIO} \\(radio\\): no choice is labelled "Ναι"`),
    );
    expect(
      (await ds.query(`SELECT name FROM consultation.migrations`)).map((m: { name: string }) => m.name),
    ).not.toContain(name);
    expect((await kindsOf(RADIO))[1]!.options.choices).toEqual(['α', 'β', 'γ']);
    expect((await values()).find((v) => v.kind === 'checkbox')!.list_value).toEqual(['γ', 'α']);

    // fixed, it runs
    await ds.query(
      `UPDATE consultation.variable SET variable_type = jsonb_set(variable_type, '{0,options,choices}', '["Ναι", "Όχι"]')
       WHERE token = $1`,
      [RADIO],
    );
    await ds.runMigrations({ transaction: 'each' });
    expect((await values()).find((v) => v.kind === 'radio')!.text_value).toBe(
      (await kindsOf(RADIO))[0]!.options.choices!.find((c) => c.label === 'Ναι')!.id,
    );
  });
});
