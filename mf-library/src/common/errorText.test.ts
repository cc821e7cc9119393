import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { platformMessages } from '@agora/platform';

const SERVICE = path.join(__dirname, '../../../services/library/src');

/** Every error code the library service sends (`'LIBRARY.…'`, `'BACKUP.…'`, … in its non-test sources). */
function serviceCodes(): string[] {
  const codes = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.ts$/.test(entry.name) && !/\.(int|spec|test)\.ts$/.test(entry.name))
        for (const m of readFileSync(full, 'utf8').matchAll(
          /'((?:LIBRARY|BACKUP|FILE_BROWSER|STORAGE)\.[A-Z_]+)'/g,
        ))
          codes.add(m[1] as string);
    }
  };
  walk(SERVICE);
  return [...codes].sort();
}

describe('the library service error codes', () => {
  it('each has a message platform.error.<code> in Greek and in English', () => {
    const codes = serviceCodes();
    expect(codes).toEqual(expect.arrayContaining(['BACKUP.CORRUPT', 'LIBRARY.UNSAFE_SVG']));
    for (const locale of ['el', 'en'] as const) {
      const missing = codes.filter((code) => !platformMessages[locale][`platform.error.${code}`]);
      expect({ locale, missing }).toEqual({ locale, missing: [] });
    }
  });
});
