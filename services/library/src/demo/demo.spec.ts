import { demoLibrary, DEMO_ITEMS } from './demo-data.js';
import { sanitizeSvg } from '../uploads/sanitize.js';
import { demoSvg, escapeXml } from './svg.js';

describe('demo library data', () => {
  const now = new Date('2026-11-21T12:00:00.000Z');
  const { files, items } = demoLibrary(now);

  it('has six items, each with a Greek and an English title and tags', () => {
    expect(items).toHaveLength(6);
    for (const item of items) {
      expect(item.title).toMatch(/[\u0370-\u03ff].* — [A-Za-z]/);
      expect(item.tags.length).toBeGreaterThan(1);
      expect(item.alt_text).not.toBe('');
    }
  });

  it('points every item to its own SVG file, newest first', () => {
    expect(new Set(files.map((f) => f.key)).size).toBe(6);
    expect(items.map((i) => i.resource_key)).toEqual(files.map((f) => f.key));
    const times = items.map((i) => i.created!.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
  });

  it('writes well-formed, script-free SVG', () => {
    for (const f of files) {
      expect(f.content.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
      expect(f.content.trimEnd().endsWith('</svg>')).toBe(true);
      expect(f.content).not.toMatch(/<script|on[a-z]+=|href=/i);
      // what a restore checks an SVG library image with: a backup of the demo library can be restored
      expect(() => sanitizeSvg(Buffer.from(f.content))).not.toThrow();
    }
  });

  it('escapes text placed in SVG', () => {
    expect(escapeXml(`<a & "b" 'c'>`)).toBe('&lt;a &amp; &quot;b&quot; &apos;c&apos;&gt;');
    const svg = demoSvg({ ...DEMO_ITEMS[0]!, el: '<script>', en: 'a&b' });
    expect(svg).toContain('&lt;script&gt;');
    expect(svg).not.toContain('<script>');
  });
});
