import { DEMO_PARTICIPANTS } from '@agora/contracts';
import { demoAnswers } from './demo-answers.js';
import { demoStructure, SEAFRONT_BOUNDARY } from './demo-structure.js';

/** Ray casting: whether [x, y] lies inside the ring. */
function inside([x, y]: number[], ring: number[][]): boolean {
  let odd = false;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [xi, yi] = ring[i]!;
    const [xj, yj] = ring[j]!;
    if (yi! > y! !== yj! > y! && x! < ((xj! - xi!) * (y! - yi!)) / (yj! - yi!) + xi!) odd = !odd;
  }
  return odd;
}

const today = new Date('2026-11-26T12:00:00Z');
const seafrontRing = (SEAFRONT_BOUNDARY as { coordinates: number[][][] }).coordinates[0]!;
const attributes = new Map(
  demoStructure().flatMap(({ project, topics }) =>
    topics.flatMap((topic) => topic.attributes.map((a) => [`${project}/${a.mname}`, { topic, a }] as const)),
  ),
);

describe('demo answers', () => {
  const { answers, profiles, reactions } = demoAnswers(today);

  it('are a few hundred, the same at every start', () => {
    expect(answers.length).toBeGreaterThanOrEqual(200);
    expect(answers.length).toBeLessThan(400);
    expect(demoAnswers(today)).toEqual({ answers, profiles, reactions });
  });

  it('answer existing attributes with the geometry type they ask for, inside the boundary', () => {
    const kinds = new Set<string>();
    for (const answer of answers) {
      const found = attributes.get(`${answer.project}/${answer.attribute}`);
      expect(found).toBeDefined();
      const { topic, a } = found!;
      expect(answer.topic).toBe(topic.mname);
      const wanted = { point: 'Point', line: 'LineString', polygon: 'Polygon' }[a.geom_type ?? 'point'];
      expect(answer.geometry?.type).toBe(a.has_geometry ? wanted : undefined);
      if (answer.geometry) kinds.add(answer.geometry.type);
      if (answer.geometry?.type === 'Point' && topic.boundary)
        expect(inside(answer.geometry.coordinates as number[], seafrontRing)).toBe(true);
      if (answer.geometry?.type === 'Polygon')
        for (const p of (answer.geometry.coordinates as number[][][])[0]!)
          expect(inside(p, seafrontRing)).toBe(true);
      // Every value answers a variable of the attribute, every required variable is answered.
      const variables = new Map(a.variables.map((v) => [v.mname, v]));
      for (const name of Object.keys(answer.values)) expect(variables.has(name)).toBe(true);
      for (const v of a.variables)
        if (v.variable_type[0]!.options.required) expect(answer.values[v.mname]).toBeTruthy();
    }
    expect([...kinds].sort()).toEqual(['LineString', 'Point', 'Polygon']);
  });

  it('keep within each attribute’s and each topic’s max_geom', () => {
    const perAttribute = new Map<string, number>();
    const perTopic = new Map<string, number>();
    for (const answer of answers.filter((x) => x.geometry)) {
      const add = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
      add(perAttribute, `${answer.owner}/${answer.project}/${answer.attribute}`);
      add(perTopic, `${answer.owner}/${answer.project}/${answer.topic}`);
    }
    for (const [key, n] of perAttribute) {
      const [, project, attribute] = key.split('/');
      expect(n).toBeLessThanOrEqual(attributes.get(`${project}/${attribute}`)!.a.max_geom!);
    }
    for (const [key, n] of perTopic) {
      const [, project, topic] = key.split('/');
      const max = demoStructure()
        .find((s) => s.project === project)!
        .topics.find((t) => t.mname === topic)!.max_geom;
      if (max) expect(n).toBeLessThanOrEqual(max);
    }
  });

  it('come from enrolled participants, with a profile each and reactions on others’ answers', () => {
    const byUuid = new Map(DEMO_PARTICIPANTS.map((p) => [p.uuid, p]));
    for (const answer of answers) {
      const category = answer.project === 'patras-pocket-parks' ? 'public-spaces' : 'urban-mobility';
      expect(byUuid.get(answer.owner)?.enrolments[category]).toBeDefined();
    }
    expect(profiles).toHaveLength(DEMO_PARTICIPANTS.filter((p) => p.enrolments['urban-mobility']).length);
    expect(reactions.length).toBeGreaterThan(100);
    for (const r of reactions) expect(r.user).not.toBe(answers[r.answer]!.owner);
  });
});
