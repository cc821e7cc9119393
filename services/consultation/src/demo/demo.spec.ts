import { demoConsultation, isoDay } from './demo-data.js';

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

  it('makes exactly one category active (at most one may be)', () => {
    expect(categories.filter((c) => c.active).map((c) => c.mname)).toEqual(['urban-mobility']);
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
});
