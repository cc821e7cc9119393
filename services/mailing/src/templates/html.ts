import sanitizeHtmlLib from 'sanitize-html';

/**
 * What a template's HTML part may hold (decision 0045): text structure, emphasis, links, images by URL, simple
 * tables and inline styles of a safe few properties, as mail clients render them. No scripts, forms, frames,
 * event handlers, `<style>` blocks or `javascript:` URLs. `[link]` stays a valid href (a relative URL to the
 * sanitiser), so shortcodes can be used in links and images.
 */
const MAIL_HTML: sanitizeHtmlLib.IOptions = {
  allowedTags: [
    'a',
    'b',
    'blockquote',
    'br',
    'div',
    'em',
    'h1',
    'h2',
    'h3',
    'h4',
    'hr',
    'i',
    'img',
    'li',
    'ol',
    'p',
    'pre',
    's',
    'small',
    'span',
    'strong',
    'sub',
    'sup',
    'table',
    'tbody',
    'td',
    'tfoot',
    'th',
    'thead',
    'tr',
    'u',
    'ul',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    td: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    th: ['colspan', 'rowspan', 'align', 'valign', 'width'],
    table: ['width', 'cellpadding', 'cellspacing', 'border', 'align'],
    '*': ['style', 'align'],
  },
  allowedStyles: {
    '*': {
      color: [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/i, /^[a-z]+$/i],
      'background-color': [/^#[0-9a-f]{3,8}$/i, /^rgb\(\s*\d+\s*,\s*\d+\s*,\s*\d+\s*\)$/i, /^[a-z]+$/i],
      'text-align': [/^(left|right|center|justify)$/],
      'font-weight': [/^(bold|normal|\d00)$/],
      'font-style': [/^(italic|normal)$/],
      'font-size': [/^\d+(?:\.\d+)?(px|em|rem|%)$/],
      'text-decoration': [/^(underline|none|line-through)$/],
      padding: [/^[\d.\s]+(px|em)?(\s+[\d.]+(px|em)?)*$/],
      margin: [/^[\d.\s]+(px|em)?(\s+[\d.]+(px|em)?)*$/],
    },
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  // links open outside the mail client's frame
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, ...(attribs.target ? { target: '_blank', rel: 'noopener noreferrer' } : {}) },
    }),
  },
};

/** The HTML part as it may be stored and sent. */
export function sanitizeMailHtml(html: string): string {
  return sanitizeHtmlLib(html, MAIL_HTML).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decodeEntities(s: string): string {
  return s.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (m, e: string) => {
    if (e[0] === '#') {
      const code = e[1] === 'x' || e[1] === 'X' ? parseInt(e.slice(2), 16) : parseInt(e.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : m;
    }
    return ENTITIES[e.toLowerCase()] ?? m;
  });
}

/**
 * A plain-text rendering of an HTML part (for a template whose plain-text part is left empty): paragraphs and
 * headings become blank-line separated blocks, list items lines starting with "- ", a link "text (href)" unless the
 * text is the address itself.
 */
export function htmlToText(html: string): string {
  const linked = sanitizeHtmlLib(html, {
    allowedTags: ['a', 'br', 'p', 'div', 'h1', 'h2', 'h3', 'h4', 'li', 'tr', 'hr', 'blockquote', 'pre'],
    allowedAttributes: { a: ['href'] },
    allowedSchemes: ['http', 'https', 'mailto'],
    disallowedTagsMode: 'discard',
    nonTextTags: ['style', 'script', 'textarea', 'option', 'noscript', 'title', 'head'],
  });
  const text = linked
    .replace(/<a\s+href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_m, href: string, inner: string) => {
      const label = inner.replace(/<[^>]*>/g, '').trim();
      const url = decodeEntities(href);
      return !label || decodeEntities(label) === url ? url : `${label} (${url})`;
    })
    .replace(/\r?\n/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<hr[^>]*>/gi, '\n\n---\n\n')
    .replace(/<\/?(p|div|h[1-4]|tr|blockquote|pre)[^>]*>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decodeEntities(text)
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
