import sanitizeHtmlLib from 'sanitize-html';

/**
 * The `sanitize-html` options of the documentation allow-list (library HTML pages; the front page and policy texts,
 * decision 0045): headings, paragraphs, emphasis, lists, quotes, tables, links and images by http(s) URL. No
 * scripts, styles, forms, frames, event handlers or `javascript:`/`data:` URLs; links opening a new tab cannot reach
 * back to the page. `globalAttributes` are the attributes any element may keep.
 */
export function documentHtmlOptions(globalAttributes: readonly string[]): sanitizeHtmlLib.IOptions {
  return {
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
      '*': [...globalAttributes],
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
}
