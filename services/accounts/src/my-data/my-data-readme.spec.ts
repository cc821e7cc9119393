import { archiveReadme, fileEntryName } from './my-data-readme.js';

const ids = { answer: '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01', id: '3f1c6a52-2b1e-4c1a-9d3e-7a0b8c9d0e1f' };
const folder = `files/${ids.answer}/${ids.id}-`;

describe("the archive of one's own data", () => {
  it.each([
    ['bench.png', 'bench.png'],
    ['Φωτογραφία παγκακιού.jpg', 'Φωτογραφία παγκακιού.jpg'],
    // no way out of the answer's folder, no hidden file, no control character
    ['../../etc/passwd', '__.._etc_passwd'],
    ['..\\windows\\x.txt', '__windows_x.txt'],
    ['.profile', '_profile'],
    ['a\u0000b\nc\u007f.txt', 'a_b_c_.txt'],
    ['', 'file'],
  ])('keeps an answer file %j inside its answer folder as %j', (name, safe) => {
    const entry = fileEntryName({ ...ids, name });
    expect(entry).toBe(`${folder}${safe}`);
    expect(entry.split('/')).toHaveLength(3);
  });

  it('cuts a long file name', () => {
    expect(fileEntryName({ ...ids, name: `${'x'.repeat(300)}.pdf` })).toBe(`${folder}${'x'.repeat(120)}`);
  });

  it('describes every file of the archive in Greek and in English', () => {
    const readme = archiveReadme(new Date('2026-12-07T10:00:00Z'));
    expect(readme).toContain('2026-12-07T10:00:00.000Z');
    const [el, en] = readme.split('## English') as [string, string];
    const names = (part: string) => [...part.matchAll(/^- `([^`]+)`: \S/gm)].map((m) => m[1]);
    expect(names(el)).toEqual(names(en));
    expect(names(en)).toHaveLength(7);
    expect(names(en)).toEqual(
      expect.arrayContaining(['profile.json', 'answers.geojson', 'files.json, files/']),
    );
  });
});
