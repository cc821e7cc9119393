import { htmlToText, sanitizeMailHtml } from './html.js';
import {
  renderHtmlShortcodes,
  renderShortcodes,
  renderSubject,
  shortcodeValues,
  TEMPLATE_SHORTCODES,
} from './shortcodes.js';

describe('renderShortcodes', () => {
  it('replaces the known shortcodes and leaves other bracketed text alone', () => {
    expect(
      renderShortcodes('Dear [firstname] [lastname] ([email]): [link] [unknown] [FIRSTNAME]', {
        firstname: 'Ada',
        lastname: 'Lovelace',
        email: 'ada@example.org',
        link: 'https://x.example/accept/1',
      }),
    ).toBe('Dear Ada Lovelace (ada@example.org): https://x.example/accept/1 [unknown] [FIRSTNAME]');
  });

  it('does not expand shortcodes that appear inside values (one pass)', () => {
    expect(renderShortcodes('[message] / [link]', { message: 'click [link] [firstname]', link: 'L' })).toBe(
      'click [link] [firstname] / L',
    );
  });

  it('renders a missing value as empty without leaving a run of blank lines', () => {
    expect(renderShortcodes('Hello\n\n[message]\n\nBye', {})).toBe('Hello\n\nBye');
    expect(renderShortcodes('Hello\r\n\r\n[message]\r\n\r\nBye', { message: 'Μήνυμα' })).toBe(
      'Hello\n\nΜήνυμα\n\nBye',
    );
  });

  it('knows the shortcodes of every template', () => {
    expect(TEMPLATE_SHORTCODES).toEqual({
      invitation: ['firstname', 'lastname', 'email', 'link', 'message'],
      password_recovery: ['firstname', 'lastname', 'username', 'link', 'minutes'],
      enrolment: ['firstname', 'lastname', 'category', 'role', 'link'],
      results_published: ['firstname', 'lastname', 'project', 'category', 'link', 'profile'],
    });
  });

  it("replaces only the template's own shortcodes", () => {
    expect(
      renderShortcodes('[firstname] [category] [minutes]', { firstname: 'A', category: 'C' }, ['firstname']),
    ).toBe('A [category] [minutes]');
  });

  it('keeps the known values of a request, numbers as text, and ignores the rest', () => {
    expect(shortcodeValues({ firstname: 'A', minutes: 60, other: 'x', link: null })).toEqual({
      firstname: 'A',
      minutes: '60',
    });
  });
});

describe('renderSubject', () => {
  it('keeps the subject on one line whatever the values hold', () => {
    expect(renderSubject('Invitation for [firstname]', { firstname: 'Ada\r\nBcc: x@evil.example' })).toBe(
      'Invitation for Ada Bcc: x@evil.example',
    );
  });
});

describe('renderHtmlShortcodes', () => {
  it('escapes the values and turns their line breaks into <br>', () => {
    expect(
      renderHtmlShortcodes('<p>[firstname]</p><a href="[link]">x</a>', {
        firstname: '<script>"Ada" & \'co\'\nnext',
        link: 'https://x.example/?a=1&b=2',
      }),
    ).toBe(
      '<p>&lt;script&gt;&quot;Ada&quot; &amp; &#39;co&#39;<br>next</p><a href="https://x.example/?a=1&amp;b=2">x</a>',
    );
  });
});

describe('sanitizeMailHtml', () => {
  it('keeps the structure of a mail and drops scripts, handlers, frames and unsafe URLs', () => {
    expect(
      sanitizeMailHtml(
        '<h2 style="color:#333;position:fixed">T</h2><p onclick="x()">a<script>b</script></p><form><input></form>' +
          '<a href="javascript:x()">j</a><a href="mailto:a@b.example">m</a><img src="data:image/png;base64,AA">' +
          '<table><tr><td colspan="2">c</td></tr></table><iframe src="https://x.example"></iframe>',
      ),
    ).toBe(
      '<h2 style="color:#333">T</h2><p>a</p><a>j</a><a href="mailto:a@b.example">m</a><img />' +
        '<table><tr><td colspan="2">c</td></tr></table>',
    );
  });
});

describe('htmlToText', () => {
  it('writes blocks, lists and links as plain text', () => {
    expect(
      htmlToText(
        '<h1>Title</h1><p>One &amp; two<br>three</p><ul><li>a</li><li>b</li></ul>' +
          '<p><a href="https://x.example/">https://x.example/</a> <a href="https://y.example/">Y</a></p>',
      ),
    ).toBe('Title\n\nOne & two\nthree\n\n- a\n- b\n\nhttps://x.example/ Y (https://y.example/)');
  });
});
