import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { AppError } from '@agora/common';
import { checkDocument, sniffDocument } from './document.js';
import {
  contentTypes,
  makeDoc,
  makeDocx,
  makeImage,
  makeOle2,
  makePdf,
  makeZip,
} from '@agora/common/uploads/fixtures';
import { processImage, THUMBNAIL_WIDTH } from './image.js';
import { parseTags, parseUuidList, URI_PATTERN } from './rules.js';
import { sanitizeHtml, sanitizeSvg } from './sanitize.js';
import { stripGif, stripJpeg, stripPng, stripWebp } from '@agora/common/uploads';

async function failure(p: Promise<unknown> | (() => unknown)): Promise<AppError> {
  try {
    await (typeof p === 'function' ? p() : p);
  } catch (e) {
    if (e instanceof AppError) return e;
    throw e;
  }
  throw new Error('accepted');
}

describe('processImage', () => {
  it.each(['png', 'jpeg', 'webp', 'gif', 'avif'] as const)(
    'accepts a real %s, keeps its format and size',
    async (f) => {
      const img = await processImage(await makeImage(f, 960, 640));
      expect(img.format).toBe(f);
      expect([img.width, img.height]).toEqual([960, 640]);
      const thumb = await sharp(img.thumbnail).metadata();
      expect(thumb.format).toBe('webp');
      expect(thumb.width).toBe(THUMBNAIL_WIDTH);
    },
  );

  it('removes EXIF metadata', async () => {
    const original = await makeImage('jpeg', 200, 100, { exif: true });
    expect(original.includes(Buffer.from('secret-owner'))).toBe(true);
    const img = await processImage(original);
    expect(img.data.includes(Buffer.from('secret-owner'))).toBe(false);
    expect((await sharp(img.data).metadata()).exif).toBeUndefined();
  });

  it('refuses a decompression bomb (a tiny PNG declaring 100000 x 100000 pixels)', async () => {
    const png = Buffer.from(await makeImage('png', 16, 16));
    png.writeUInt32BE(100_000, 16);
    png.writeUInt32BE(100_000, 20);
    png.writeUInt32BE(crc32(png.subarray(12, 29)), 29);
    expect((await sharp(png, { limitInputPixels: false }).metadata()).width).toBe(100_000);
    const e = await failure(processImage(png));
    expect([e.status, e.code]).toEqual([415, 'LIBRARY.NOT_AN_IMAGE']);
  });

  it('does not enlarge small images for the thumbnail', async () => {
    const img = await processImage(await makeImage('png', 100, 50));
    expect((await sharp(img.thumbnail).metadata()).width).toBe(100);
  });

  it.each([
    ['text', Buffer.from('hello, I am not an image')],
    ['a PDF', makePdf()],
    ['an SVG (not a raster image)', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')],
    ['a truncated PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0])],
    ['empty bytes', Buffer.alloc(0)],
  ])('refuses %s with 415 LIBRARY.NOT_AN_IMAGE', async (_what, data) => {
    const e = await failure(processImage(data));
    expect([e.status, e.code, e.message]).toEqual([415, 'LIBRARY.NOT_AN_IMAGE', 'not an image']);
  });
});

describe('documents by content', () => {
  it('recognises PDF, DOC and DOCX by their bytes', () => {
    expect(sniffDocument(makePdf())).toBe('pdf');
    expect(sniffDocument(makeDoc())).toBe('doc');
    expect(sniffDocument(makeDocx())).toBe('docx');
    // stored (not deflated) parts, and a Word document with more streams than WordDocument
    expect(
      sniffDocument(makeZip([{ name: '[Content_Types].xml', data: contentTypes() }, 'word/document.xml'])),
    ).toBe('docx');
    expect(sniffDocument(makeOle2(['CompObj', 'WordDocument', '1Table']))).toBe('doc');
    expect(sniffDocument(makeZip(['a.txt']))).toBeNull();
    expect(sniffDocument(Buffer.from('plain'))).toBeNull();
  });

  it.each([
    ['a ZIP renamed .pdf', makeZip(['word/document.xml']), 'x.pdf'],
    ['a plain ZIP renamed .docx', makeZip(['a.txt']), 'x.docx'],
    ['a PDF named .docx', makePdf(), 'x.docx'],
    ['a PDF named .exe', makePdf(), 'x.exe'],
    ['text named .pdf', Buffer.from('hello'), 'x.pdf'],
    ['an Excel workbook (OLE2) named .doc', makeOle2(['Workbook']), 'x.doc'],
    ['an empty OLE2 file named .doc', makeOle2([]), 'x.doc'],
    ['a truncated OLE2 header named .doc', makeDoc().subarray(0, 600), 'x.doc'],
    ['a ZIP with some word/ entry only', makeZip(['word/a.xml', 'word/document.xml']), 'x.docx'],
    [
      'an Excel workbook (.xlsx) named .docx',
      makeZip([
        {
          name: '[Content_Types].xml',
          data: contentTypes(
            'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml',
            '/xl/workbook.xml',
          ),
        },
        'xl/workbook.xml',
        'word/document.xml',
      ]),
      'x.docx',
    ],
    [
      'a macro-enabled document named .docx',
      makeZip([
        {
          name: '[Content_Types].xml',
          data: contentTypes('application/vnd.ms-word.document.macroEnabled.main+xml'),
        },
        'word/document.xml',
      ]),
      'x.docx',
    ],
    [
      'content types without word/document.xml',
      makeZip([{ name: '[Content_Types].xml', data: contentTypes() }, 'word/other.xml']),
      'x.docx',
    ],
  ])('refuses %s with 415', (_what, data, name) => {
    expect(() => checkDocument(data, name)).toThrow(AppError);
    try {
      checkDocument(data, name);
    } catch (e) {
      expect((e as AppError).status).toBe(415);
      expect((e as AppError).code).toBe('LIBRARY.NOT_A_DOCUMENT');
    }
  });
});

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: URLs but keeps formatting, links and images', () => {
    const out = sanitizeHtml(
      '<h2 onclick="x()">Τίτλος</h2><script>alert(1)</script><p><b>bold</b> <a href="javascript:alert(1)">bad</a> ' +
        '<a href="https://example.org" target="_blank">good</a><img src="https://example.org/a.png" onerror="alert(1)" alt="a">' +
        '<iframe src="https://evil.example"></iframe><style>body{}</style><svg onload="x()"></svg></p>',
    );
    expect(out).not.toMatch(/script|onclick|onerror|onload|javascript|iframe|style|svg/i);
    expect(out).toContain('<h2>Τίτλος</h2>');
    expect(out).toContain('<b>bold</b>');
    expect(out).toContain('<a href="https://example.org" target="_blank" rel="noopener noreferrer">good</a>');
    expect(out).toContain('<img src="https://example.org/a.png" alt="a" />');
    expect(out).toContain('<a>bad</a>');
  });

  it('drops data: image sources', () => {
    expect(sanitizeHtml('<img src="data:image/svg+xml;base64,AAAA">')).toBe('<img />');
  });
});

describe('sanitizeSvg', () => {
  const ok =
    '<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24"><defs><linearGradient id="g"><stop offset="0" stop-color="#f00"/></linearGradient></defs><path d="M0 0L24 24" fill="url(#g)"/><use href="#g"/></svg>';

  it('keeps a plain marker, case-sensitive attributes included', () => {
    const out = sanitizeSvg(Buffer.from(ok));
    expect(out).toContain('viewBox="0 0 24 24"');
    expect(out).toContain('linearGradient');
    expect(out).toContain('fill="url(#g)"');
    expect(out).toContain('href="#g"');
  });

  it.each([
    ['a script', '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'],
    [
      'a script in CDATA',
      '<svg xmlns="http://www.w3.org/2000/svg"><script><![CDATA[alert(1)]]></script></svg>',
    ],
    ['an event handler', '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><path d="M0 0"/></svg>'],
    [
      'an event handler on a child',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect\nonclick=alert(1) /></svg>',
    ],
    [
      'foreignObject',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><p>x</p></foreignObject></svg>',
    ],
    [
      'an external href',
      '<svg xmlns="http://www.w3.org/2000/svg"><use href="https://evil.example/x.svg#a"/></svg>',
    ],
    [
      'an external xlink:href',
      '<svg xmlns="http://www.w3.org/2000/svg"><use xlink:href="//evil.example/a"/></svg>',
    ],
    [
      'a javascript: link',
      '<svg xmlns="http://www.w3.org/2000/svg"><a href="javascript:alert(1)"><text>x</text></a></svg>',
    ],
    [
      'an external url()',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect style="fill:url(https://evil.example/t)"/></svg>',
    ],
    ['an entity declaration', '<!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg>&x;</svg>'],
    [
      'an embedded image',
      '<svg xmlns="http://www.w3.org/2000/svg"><image href="data:image/png;base64,AA"/></svg>',
    ],
    [
      'animation that sets href',
      '<svg xmlns="http://www.w3.org/2000/svg"><set attributeName="href" to="#x"/></svg>',
    ],
  ])('refuses %s with 415 LIBRARY.UNSAFE_SVG', async (_what, svg) => {
    const e = await failure(() => sanitizeSvg(Buffer.from(svg)));
    expect([e.status, e.code]).toEqual([415, 'LIBRARY.UNSAFE_SVG']);
  });

  it.each([
    ['HTML', '<html><body>x</body></html>'],
    ['a PNG', Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe])],
    ['an unclosed svg', '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0"/>'],
  ])('refuses %s with 415 LIBRARY.NOT_AN_SVG', async (_what, data) => {
    const e = await failure(() => sanitizeSvg(Buffer.isBuffer(data) ? data : Buffer.from(data)));
    expect([e.status, e.code]).toEqual([415, 'LIBRARY.NOT_AN_SVG']);
  });
});

describe('field parsing', () => {
  it('reads tags as a JSON list, trimmed and without duplicates', () => {
    expect(parseTags('["a", " b ", "a", ""]')).toEqual(['a', 'b']);
    expect(parseTags(undefined)).toBeUndefined();
    for (const bad of ['a,b', '{"a":1}', '[1]', '["a;b"]']) expect(() => parseTags(bad)).toThrow(AppError);
  });

  it('reads ;-joined uuids and refuses anything else', () => {
    const a = '6f1d2c1e-8a4b-4d57-9a43-2f0a3f3c9b10';
    expect(parseUuidList(`${a};${a.toUpperCase()}`)).toEqual([a, a]);
    for (const bad of ['x', `${a};../etc`, '']) expect(() => parseUuidList(bad)).toThrow(AppError);
  });

  it('allows lowercase letters, digits and - in /-separated uri segments', () => {
    const re = new RegExp(`^(?:${URI_PATTERN})$`, 'u');
    for (const good of ['a', 'help/maps-2', 'x/y/z']) expect(re.test(good)).toBe(true);
    for (const bad of ['A', 'a//b', '/a', 'a/', '../a', 'a b', 'a_b', '-a', 'α'])
      expect(re.test(bad)).toBe(false);
  });
});

describe('metadata removal without re-encoding', () => {
  const secret = Buffer.from('secret-owner');

  it.each(['jpeg', 'png', 'webp', 'gif'] as const)('keeps the %s pixels and drops EXIF', async (f) => {
    const original = await makeImage(f, 300, 200, { exif: true });
    const img = await processImage(original);
    expect(img.data.includes(secret)).toBe(false);
    const [a, b] = await Promise.all([sharp(original).raw().toBuffer(), sharp(img.data).raw().toBuffer()]);
    expect(Buffer.compare(a, b)).toBe(0);
    expect(img.data.length).toBeLessThanOrEqual(original.length);
  });

  it('drops comments and text chunks, and anything appended after the image', async () => {
    const png = await makeImage('png', 40, 40);
    const text = Buffer.alloc(12 + 16);
    text.writeUInt32BE(16, 0);
    text.write('tEXt', 4, 'latin1');
    text.write('Comment\0secret!!', 8, 'latin1');
    const withText = Buffer.concat([
      png.subarray(0, 33),
      text,
      png.subarray(33),
      Buffer.from('<html>appended</html>'),
    ]);
    const out = stripPng(withText)!;
    expect(out.includes(Buffer.from('secret'))).toBe(false);
    expect(out.includes(Buffer.from('appended'))).toBe(false);
    expect(Buffer.compare(out, png)).toBe(0);

    const jpeg = await makeImage('jpeg', 40, 40);
    const com = Buffer.concat([Buffer.from([0xff, 0xfe, 0x00, 0x08]), Buffer.from('secret')]);
    const withCom = Buffer.concat([jpeg.subarray(0, 2), com, jpeg.subarray(2), Buffer.from('PK\x03\x04zip')]);
    const cleanJpeg = stripJpeg(withCom)!;
    expect(cleanJpeg.includes(Buffer.from('secret'))).toBe(false);
    expect(cleanJpeg.includes(Buffer.from('PK'))).toBe(false);
    expect(cleanJpeg.subarray(-2)).toEqual(Buffer.from([0xff, 0xd9]));
  });

  it('turns a rotated camera JPEG upright (its orientation lived in the EXIF block)', async () => {
    const rotated = await sharp(await makeImage('jpeg', 300, 100))
      .withMetadata({ orientation: 6 })
      .jpeg()
      .toBuffer();
    const img = await processImage(rotated);
    expect([img.width, img.height]).toEqual([100, 300]);
  });

  it('answers null for bytes without the expected structure', () => {
    expect(stripJpeg(Buffer.from('nope'))).toBeNull();
    expect(stripPng(Buffer.from('nope'))).toBeNull();
    expect(stripWebp(Buffer.from('nope'))).toBeNull();
    expect(stripGif(Buffer.from('nope'))).toBeNull();
  });
});
