import { renderShortcodes, renderSubject, SHORTCODES } from './shortcodes.js';

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

  it('knows the invitation shortcodes', () => {
    expect(SHORTCODES).toEqual(['firstname', 'lastname', 'email', 'link', 'message']);
  });
});

describe('renderSubject', () => {
  it('keeps the subject on one line whatever the values hold', () => {
    expect(renderSubject('Invitation for [firstname]', { firstname: 'Ada\r\nBcc: x@evil.example' })).toBe(
      'Invitation for Ada Bcc: x@evil.example',
    );
  });
});
