import { DEMO_PARTICIPANTS, DEMO_RESIDENTS, valueSchema } from '@agora/contracts';
import { ADDRESS_TEXT_PATTERN_SOURCE } from '@agora/contracts';
import { demoAnswers } from './demo-answers.js';
import { checkedDemoFile } from './demo-files.js';
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

  const citizens = new Set(DEMO_PARTICIPANTS.map((p) => p.uuid));
  const ofCitizens = answers.filter((a) => citizens.has(a.owner));

  it('are a few hundred of the participants and a few thousand of the residents, the same at every start', () => {
    expect(ofCitizens.length).toBeGreaterThanOrEqual(200);
    expect(ofCitizens.length).toBeLessThan(400);
    // the participants' answers come first, as before the residents were added
    expect(answers.slice(0, ofCitizens.length)).toEqual(ofCitizens);
    const points = answers.filter((a) => a.geometry?.type === 'Point' && !citizens.has(a.owner));
    expect(points.length).toBeGreaterThanOrEqual(1_800);
    expect(answers.length).toBeLessThan(6_000);
    expect(demoAnswers(today)).toEqual({ answers, profiles, reactions });
  });

  it('of the residents gather around a few places and spread over the last 90 days', () => {
    const residents = answers.filter((a) => !citizens.has(a.owner));
    expect(new Set(residents.map((a) => a.owner)).size).toBe(DEMO_RESIDENTS.length);
    // the points' latitudes in 40 bands: the busiest quarter of the bands holds most of the points
    const lats = residents
      .filter((a) => a.geometry?.type === 'Point')
      .map((a) => (a.geometry!.coordinates as number[])[1]!);
    const [lo, hi] = [Math.min(...lats), Math.max(...lats)];
    const bands = Array.from({ length: 40 }, () => 0);
    for (const lat of lats) bands[Math.min(39, Math.floor(((lat - lo) / (hi - lo)) * 40))]!++;
    const busiest = [...bands].sort((a, b) => b - a).slice(0, 10);
    expect(busiest.reduce((a, b) => a + b, 0)).toBeGreaterThan(lats.length * 0.5);
    const days = new Set(residents.map((a) => a.daysAgo));
    expect(Math.max(...days)).toBeGreaterThanOrEqual(80);
    expect(Math.min(...days)).toBe(0);
    expect(days.size).toBeGreaterThan(60);
    // profiles of differing choices, so that the weights differ
    const choices = new Set(profiles.filter((p) => !citizens.has(p.owner)).map((p) => p.choices.join()));
    expect(choices.size).toBeGreaterThanOrEqual(9);
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
    const byUuid = new Map([...DEMO_PARTICIPANTS, ...DEMO_RESIDENTS].map((p) => [p.uuid, p]));
    for (const answer of answers) {
      const category = answer.project === 'patras-pocket-parks' ? 'public-spaces' : 'urban-mobility';
      expect(byUuid.get(answer.owner)?.enrolments[category]).toBeDefined();
    }
    expect(profiles).toHaveLength(
      DEMO_PARTICIPANTS.filter((p) => p.enrolments['urban-mobility']).length + DEMO_RESIDENTS.length,
    );
    expect(reactions.length).toBeGreaterThan(100);
    for (const r of reactions) expect(r.user).not.toBe(answers[r.answer]!.owner);
  });

  it('give photos, documents and addresses to some ideas, as a participant would', async () => {
    const ideas = answers.filter((a) => a.attribute === 'ideas');
    const photos = ideas.filter((a) => a.files?.['photo']);
    const sketches = ideas.filter((a) => a.files?.['sketch']);
    const addresses = ideas.filter((a) => a.values['address']);
    expect(photos.length).toBeGreaterThanOrEqual(20);
    expect(sketches.length).toBeGreaterThanOrEqual(5);
    expect(addresses.length).toBeGreaterThanOrEqual(20);
    // some of each from the participants themselves (the accounts a newcomer signs in with)
    for (const some of [photos, sketches, addresses])
      expect(some.some((a) => citizens.has(a.owner))).toBe(true);
    // only the ideas have them
    expect(answers.filter((a) => a.attribute !== 'ideas' && (a.files || a.locations))).toEqual([]);
    const address = new RegExp(`^(?:${ADDRESS_TEXT_PATTERN_SOURCE})$`, 'u');
    for (const a of addresses) {
      expect(a.values['address']).toMatch(address);
      const [lat, lon] = a.locations!['address']!.split(';').map(Number);
      expect(lat).toBeGreaterThan(40.59);
      expect(lat).toBeLessThan(40.64);
      expect(lon).toBeGreaterThan(22.94);
      expect(lon).toBeLessThan(22.96);
    }
    // each file's name unique; the files pass the checks of an upload
    const files = ideas.flatMap((a) => Object.values(a.files ?? {}));
    expect(new Set(files.map((f) => f.name)).size).toBe(files.length);
    const photo = await checkedDemoFile(photos[0]!.files!['photo']!);
    expect(photo.mime).toBe('image/png');
    const sketch = await checkedDemoFile(sketches[0]!.files!['sketch']!);
    expect(sketch.mime).toBe('application/pdf');
    expect(sketch.data.subarray(0, 5).toString()).toBe('%PDF-');
    expect(sketch.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('name one or two library pictures in some ideas, each accepted by the question’s value rule', () => {
    const { a } = attributes.get('thessaloniki-seafront-cycle-lane/ideas')!;
    const kind = a.variables.find((v) => v.mname === 'looks-like')!.variable_type[0]!;
    const rule = valueSchema(kind.kind, kind.options);
    const ideas = answers.filter((x) => x.attribute === 'ideas');
    const withPictures = ideas.filter((x) => x.values['looks-like']);
    expect(withPictures.length).toBeGreaterThanOrEqual(20);
    expect(withPictures.length).toBeLessThan(ideas.length);
    expect(withPictures.some((x) => citizens.has(x.owner))).toBe(true);
    const sizes = new Set<number>();
    for (const x of withPictures) {
      const verdict = rule.parse({ value: x.values['looks-like']! });
      expect(verdict).toMatchObject({ ok: true });
      sizes.add(x.values['looks-like']!.split(';').length);
    }
    expect([...sizes].sort()).toEqual([1, 2]);
    expect(answers.filter((x) => x.attribute !== 'ideas' && x.values['looks-like'])).toEqual([]);
  });
});
