import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { parse } from '@formatjs/icu-messageformat-parser';

const ROOT = path.resolve(__dirname, '../..');

const apps = readdirSync(ROOT)
  .filter((name) => name === 'shell' || name.startsWith('mf-'))
  .map((name) => path.join(name, 'src'))
  .concat('packages/platform/src');

/** An app's catalogue: its `messages/<locale>.json`, or the merge of one such file per feature folder. */
function catalogue(dir: string, locale: string): Record<string, string> {
  const files = messageFiles(path.join(ROOT, dir), locale);
  expect(files.length).toBeGreaterThan(0);
  return Object.assign(
    {},
    ...files.map((f) => JSON.parse(readFileSync(f, 'utf8')) as Record<string, string>),
  ) as Record<string, string>;
}

function messageFiles(dir: string, locale: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (!statSync(full).isDirectory()) return [];
    const own = path.join(full, `${locale}.json`);
    return [...(name === 'messages' && existsSync(own) ? [own] : []), ...messageFiles(full, locale)];
  });
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

describe.each(apps)('messages of %s', (dir) => {
  const el = catalogue(dir, 'el');
  const en = catalogue(dir, 'en');

  it('has every message in Greek and in English', () => {
    expect(Object.keys(el).sort()).toEqual(Object.keys(en).sort());
    for (const [id, text] of [...Object.entries(el), ...Object.entries(en)]) {
      expect([id, text.trim().length > 0]).toEqual([id, true]);
    }
  });

  it('has valid ICU messages with the same arguments in both languages', () => {
    const args = (message: string) =>
      parse(message)
        .filter((el) => 'value' in el && el.type !== 0)
        .map((el) => (el as { value: string }).value)
        .sort();
    for (const id of Object.keys(en)) {
      expect([id, args(el[id] ?? '')]).toEqual([id, args(en[id] ?? '')]);
    }
  });

  it('calls a map marker by the usual Greek GIS term (δείκτης), not a buoy (σημαντήρας)', () => {
    const texts = [
      ...Object.values(el),
      ...sourceFiles(path.join(ROOT, dir)).map((f) => readFileSync(f, 'utf8')),
    ];
    expect(texts.filter((t) => /σημαντ[ήη]ρ/i.test(t))).toEqual([]);
  });

  it('defines every message id that its code uses literally', () => {
    const known = new Set([...Object.keys(en), ...Object.keys(catalogue('packages/platform/src', 'en'))]);
    const used = new Set<string>();
    for (const file of sourceFiles(path.join(ROOT, dir))) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\bid(?:=|:\s*)\{?\s*["']([a-z]+(?:\.[A-Za-z0-9]+)+)["']/g))
        used.add(m[1] ?? '');
      for (const m of text.matchAll(/\b(?:title|text|label):\s*'([a-z]+(?:\.[A-Za-z0-9]+)+)'/g))
        used.add(m[1] ?? '');
    }
    expect([...used].filter((id) => !known.has(id))).toEqual([]);
  });
});
