import sanitizeHtmlLib from 'sanitize-html';

/**
 * What the front page and policy bodies may hold (decision 0045): headings, paragraphs, emphasis, lists, quotes,
 * tables, links and images by http(s) URL. No scripts, styles, forms, frames, event handlers or `javascript:` and
 * `data:` URLs; links opening a new tab cannot reach back to the page.
 */
const SITE_HTML: sanitizeHtmlLib.IOptions = {
  allowedTags: [
    ...sanitizeHtmlLib.defaults.allowedTags.filter((t) => t !== 'style'),
    'img',
    'h1',
    'h2',
    'span',
    'u',
    's',
    'sub',
    'sup',
    'figure',
    'figcaption',
  ],
  allowedAttributes: {
    a: ['href', 'name', 'target', 'rel', 'title'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    ol: ['start', 'type'],
    '*': ['lang', 'dir'],
  },
  allowedSchemes: ['http', 'https', 'mailto', 'tel'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) =>
      attribs.target
        ? { tagName, attribs: { ...attribs, rel: 'noopener noreferrer' } }
        : { tagName, attribs },
  },
};

/** A front page or policy body as it may be stored and shown. */
export function sanitizeSiteHtml(html: string): string {
  return sanitizeHtmlLib(html, SITE_HTML).trim();
}
