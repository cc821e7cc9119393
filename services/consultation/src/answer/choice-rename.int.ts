import { bootTestService, type TestService } from '@agora/common/testing';
import type { SessionUser } from '@agora/contracts';
import type { EnsembleAnswer } from '@agora/contracts/api';
import { parse } from 'csv-parse/sync';
import { createConsultationService } from '../index.js';
import { ALL_KINDS, as, buildWorld, personOf, type World } from '../../test/answer-test-helpers.js';

let svc: TestService;
let w: World;
let admin: SessionUser;

// the columns of the survey variable's radio and checkbox kinds (their keys)
const RADIO = 'survey_rad';
const CHECKBOX = 'survey_chk';

beforeAll(async () => {
  svc = await bootTestService(createConsultationService({}));
  w = await buildWorld(svc);
  admin = w.people.admin;
  // three respondents: yes + {a, c}, no + {c}, yes + {b}
  for (const [radio, checkbox] of [
    ['yes', 'a;c'],
    ['no', 'c'],
    ['yes', 'b'],
  ] as const) {
    const who = as(svc, personOf('normal', w.category));
    const answer = (await who.post('/data/scope/attribute', { attribute: w.comments })).body.token as string;
    const res = await who.post('/data/scope/variable', {
      choice: answer,
      variable: w.survey,
      values: [
        { variable_type: 'radio', value: radio },
        { variable_type: 'checkbox', value: checkbox },
      ],
    });
    expect(res.status).toBe(201);
  }
});
afterAll(() => svc?.close());

/** The radio's and checkbox's statistics: each choice's id, label and cell, in the choices' order. */
async function statistics() {
  const res = await as(svc, admin).get(`/data/scope/ensemble/attribute/${w.comments}/variable/${w.survey}`);
  expect(res.status).toBe(200);
  const [variable] = (res.body as EnsembleAnswer).variables;
  const dist = (kind: string) => variable!.kinds.find((k) => k.variable_type === kind)!.dist;
  return { radio: dist('radio'), checkbox: dist('checkbox') };
}

/** The survey's choice cells of the answers, from the CSV and the GeoJSON exports. */
async function exported() {
  const files = await Promise.all(
    ['csv', 'geojson'].map((format) =>
      as(svc, admin)
        .get(`/export/project/${w.project}/output_format/${format}`)
        .buffer(true)
        .parse((res, done) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => done(null, Buffer.concat(chunks)));
        }),
    ),
  );
  const [header, ...rows] = parse(files[0]!.body as Buffer, { bom: true }) as string[][];
  const at = (name: string) => header!.indexOf(name);
  const csv = rows.map((r) => [r[at(RADIO)], r[at(CHECKBOX)]]);
  const features = (
    JSON.parse((files[1]!.body as Buffer).toString('utf8')) as {
      features: Array<{ properties: Record<string, unknown> }>;
    }
  ).features;
  const geojson = features.map((f) => [f.properties[RADIO], f.properties[CHECKBOX]]);
  return { csv, geojson };
}

describe('a renamed choice', () => {
  it('keeps its answers, statistics and exports, under its new label', async () => {
    const before = await statistics();
    expect(before.radio.map((d) => [d.choice, d.value, d.count])).toEqual([
      ['yes', 'Ναι', 2],
      ['no', 'Όχι', 1],
    ]);
    expect(await exported()).toEqual({
      csv: [
        ['Ναι', 'α;γ'],
        ['Όχι', 'γ'],
        ['Ναι', 'β'],
      ],
      geojson: [
        ['Ναι', 'α;γ'],
        ['Όχι', 'γ'],
        ['Ναι', 'β'],
      ],
    });

    // renamed and moved, by their ids
    const variable_type = ALL_KINDS.map((k) =>
      k.kind === 'radio'
        ? {
            ...k,
            options: {
              ...k.options,
              choices: [
                { id: 'no', label: 'Διαφωνώ' },
                { id: 'yes', label: 'Συμφωνώ' },
              ],
            },
          }
        : k.kind === 'checkbox'
          ? {
              ...k,
              options: {
                choices: [
                  { id: 'a', label: 'Άλφα' },
                  { id: 'b', label: 'β' },
                  { id: 'c', label: 'Γάμμα' },
                ],
              },
            }
          : k,
    );
    const renamed = await as(svc, admin).put(`/variable/token/${w.survey}`, { variable_type });
    expect(renamed.status).toBe(200);

    const after = await statistics();
    expect(after.radio.map((d) => [d.choice, d.value])).toEqual([
      ['no', 'Διαφωνώ'],
      ['yes', 'Συμφωνώ'],
    ]);
    // the same cells (counts, weights, shares) as before, under the new labels
    const cells = (dist: typeof before.radio) =>
      Object.fromEntries(dist.map(({ value: _label, ...cell }) => [cell.choice, cell]));
    expect(cells(after.radio)).toEqual(cells(before.radio));
    expect(cells(after.checkbox)).toEqual(cells(before.checkbox));
    expect(after.checkbox.map((d) => [d.value, d.count])).toEqual([
      ['Άλφα', 1],
      ['β', 1],
      ['Γάμμα', 2],
    ]);
    expect(await exported()).toEqual({
      csv: [
        ['Συμφωνώ', 'Άλφα;Γάμμα'],
        ['Διαφωνώ', 'Γάμμα'],
        ['Συμφωνώ', 'β'],
      ],
      geojson: [
        ['Συμφωνώ', 'Άλφα;Γάμμα'],
        ['Διαφωνώ', 'Γάμμα'],
        ['Συμφωνώ', 'β'],
      ],
    });
  });

  it('keeps its id when an editor sends the choices by label, the unchanged ones found by their labels', async () => {
    const variable_type = ALL_KINDS.map((k) =>
      k.kind === 'radio' ? { ...k, options: { ...k.options, choices: ['Συμφωνώ', 'Ίσως', 'Διαφωνώ'] } } : k,
    );
    const res = await as(svc, admin).put(`/variable/token/${w.survey}`, { variable_type });
    expect(res.status).toBe(200);
    const radio = (res.body as { variable_type: typeof ALL_KINDS }).variable_type[0]!;
    const choices = (radio.options as { choices: Array<{ id: string; label: string }> }).choices;
    expect(choices[0]).toEqual({ id: 'yes', label: 'Συμφωνώ' });
    expect(choices[2]).toEqual({ id: 'no', label: 'Διαφωνώ' });
    expect(choices[1]!.id).not.toMatch(/^(yes|no)$/);
    expect((await statistics()).radio.map((d) => [d.value, d.count])).toEqual([
      ['Συμφωνώ', 2],
      ['Ίσως', 0],
      ['Διαφωνώ', 1],
    ]);
  });
});
