import { DEFAULT_MIME, dispositionOf, mimeOfKey } from './files.mapper.js';
import { fileUrl } from './file-url.js';

describe('file responses', () => {
  it.each([
    ['demo/park.svg', 'image/svg+xml'],
    ['items/a.PNG', 'image/png'],
    ['a.jpeg', 'image/jpeg'],
    ['docs/rules.pdf', 'application/pdf'],
    ['docs/rules.docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
    ['script.html', DEFAULT_MIME],
    ['noextension', DEFAULT_MIME],
    ['dir.svg/file', DEFAULT_MIME],
    ['.svg', DEFAULT_MIME],
  ])('serves %s as %s', (key, mime) => {
    expect(mimeOfKey(key)).toBe(mime);
  });

  it('shows images inline and offers other files as downloads', () => {
    expect(dispositionOf('demo/park.svg', 'image/svg+xml')).toBe('inline; filename="park.svg"');
    expect(dispositionOf('x/page.html', DEFAULT_MIME)).toBe('attachment; filename="page.html"');
  });

  it('builds gateway URLs of stored files', () => {
    expect(fileUrl('demo/park.svg')).toBe('/api/library/files/demo/park.svg');
  });
});
