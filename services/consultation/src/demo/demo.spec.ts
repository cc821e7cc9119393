import { DEMO_LIBRARY_ITEM_IDS, VALUE_TYPES } from '@agora/contracts';
import { demoConsultation, isoDay, LIBRARY_DEMO_PICTURES } from './demo-data.js';
import { demoProfile, demoStructure, IDEA_PICTURES, SEAFRONT_BOUNDARY } from './demo-structure.js';

/** Greek text, ' — ', then English: how every demo title reads. */
const BILINGUAL = /[\u0370-\u03ff].* — [A-Za-z0-9]/;
const PICTURE = new RegExp(`^/api/library/files/demo/(${LIBRARY_DEMO_PICTURES.join('|')})\\.svg$`);

describe('demo consultation data', () => {
  const now = new Date('2026-11-21T12:00:00Z');
  const categories = demoConsultation(now);
  const projects = categories.flatMap((c) => c.projects);

  it('has two categories and three projects with Greek and English titles', () => {
    expect(categories).toHaveLength(2);
    expect(projects).toHaveLength(3);
    for (const item of [...categories, ...projects])
      expect(item.title).toMatch(/[\u0370-\u03ff].* — [A-Za-z]/);
    expect(categories[0]!.title).toContain('Αστική κινητικότητα');
    expect(new Set(projects.map((p) => p.mname)).size).toBe(3);
  });

  it('dates projects around now, never ending before they start', () => {
    for (const p of projects) expect(p.end_date! >= p.start_date!).toBe(true);
    expect(projects.some((p) => p.start_date! <= '2026-11-21' && p.end_date! >= '2026-11-21')).toBe(true);
    expect(projects.some((p) => p.end_date! < '2026-11-21')).toBe(true);
  });

  it('centres projects in Greece (EPSG:4326 bounds of the spec)', () => {
    for (const p of projects) {
      const [lng, lat] = p.center!.coordinates as [number, number];
      expect(lat).toBeGreaterThanOrEqual(33.23);
      expect(lat).toBeLessThanOrEqual(41.77);
      expect(lng).toBeGreaterThanOrEqual(18.27);
      expect(lng).toBeLessThanOrEqual(29.97);
    }
  });

  it('formats days as yyyy-MM-dd', () => {
    expect(isoDay(now, 0)).toBe('2026-11-21');
    expect(isoDay(now, 10)).toBe('2026-12-01');
    expect(isoDay(now, -21)).toBe('2026-10-31');
  });

  describe('questionnaires', () => {
    const structure = demoStructure();
    const topics = structure.flatMap((s) => s.topics);
    const attributes = topics.flatMap((t) => t.attributes);
    const variables = attributes.flatMap((a) => a.variables);

    it('belong to demo projects: two topics for the seafront, one for Patras', () => {
      const slugs = new Set(projects.map((p) => p.mname));
      expect(structure.map((s) => [s.project, s.topics.length])).toEqual([
        ['thessaloniki-seafront-cycle-lane', 2],
        ['patras-pocket-parks', 1],
      ]);
      for (const s of structure) expect(slugs.has(s.project)).toBe(true);
    });

    it('are written in Greek and English, with short names unique within their parent', () => {
      for (const t of topics) expect(t.title).toMatch(BILINGUAL);
      for (const a of attributes) expect(a.name).toMatch(BILINGUAL);
      for (const v of variables) {
        expect(v.description).toMatch(BILINGUAL);
        for (const k of v.variable_type) expect(k.options.label).toMatch(BILINGUAL);
        for (const c of v.variable_type.flatMap((k) => k.options.choices ?? [])) {
          expect(c.label).toMatch(BILINGUAL);
          expect(c.id).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
        }
      }
      const unique = (names: string[]) => expect(new Set(names).size).toBe(names.length);
      for (const s of structure) unique(s.topics.map((t) => t.mname));
      for (const t of topics) unique(t.attributes.map((a) => a.mname));
      for (const a of attributes) unique(a.variables.map((v) => v.mname));
    });

    it('draw one topic on the map and ask with points, lines, polygons and all ten value types', () => {
      const seafront = structure[0]!.topics;
      expect(seafront.map((t) => t.has_geometry)).toEqual([true, false]);
      expect(seafront[0]!.attributes.map((a) => a.geom_type)).toEqual(['point', 'line', 'polygon']);
      expect(
        new Set(
          seafront
            .flatMap((t) => t.attributes.flatMap((a) => a.variables))
            .map((v) => v.variable_type[0]!.kind),
        ),
      ).toEqual(new Set(VALUE_TYPES));
      const library = seafront
        .flatMap((t) => t.attributes.flatMap((a) => a.variables))
        .map((v) => v.variable_type[0]!)
        .find((k) => k.kind === 'library')!;
      // the library question offers demo pictures by the ids the library's demo data gives them
      expect(library.options.items).toEqual(IDEA_PICTURES.map((slug) => DEMO_LIBRARY_ITEM_IDS[slug]));
      expect(library.options.allowMultiple).toBe(true);
      expect(attributes.filter((a) => a.has_predefined).map((a) => a.predefined!.features.length)).toEqual([
        3,
      ]);
    });

    it('bound the seafront with a closed ring around the project centre', () => {
      const ring = (SEAFRONT_BOUNDARY.coordinates as number[][][])[0]!;
      expect(ring[0]).toEqual(ring[ring.length - 1]);
      const lngs = ring.map((p) => p[0]!);
      const lats = ring.map((p) => p[1]!);
      const [lng, lat] = projects[0]!.center!.coordinates as [number, number];
      expect(Math.min(...lngs)).toBeLessThanOrEqual(lng);
      expect(Math.max(...lngs)).toBeGreaterThanOrEqual(lng);
      expect(Math.min(...lats)).toBeLessThan(lat);
      expect(Math.max(...lats)).toBeGreaterThanOrEqual(lat);
    });

    it("link only to the library's demo pictures", () => {
      const links = [
        ...topics.flatMap((t) => t.relative_documents.map((d) => d.file)),
        ...attributes.map((a) => a.icon).filter((icon) => icon !== ''),
        ...demoProfile().flatMap((p) => p.questions.flatMap((q) => q.choices.map((c) => c.icon))),
      ];
      for (const link of links) expect(link).toMatch(PICTURE);
    });
  });

  it('asks profile questions of both roles in the first category, with weighted bilingual choices', () => {
    const profile = demoProfile();
    expect(profile.map((p) => [p.category, p.role])).toEqual([
      [categories[0]!.mname, 'expert'],
      [categories[0]!.mname, 'normal'],
    ]);
    for (const q of profile.flatMap((p) => p.questions)) {
      expect(q.question).toMatch(BILINGUAL);
      expect(q.choices.length).toBeGreaterThanOrEqual(3);
      for (const c of q.choices) {
        expect(c.content).toMatch(BILINGUAL);
        expect(Number.isInteger(c.weight)).toBe(true);
      }
    }
  });
});
