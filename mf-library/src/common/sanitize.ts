const ALLOWED_TAGS = new Set([
  'a',
  'b',
  'blockquote',
  'br',
  'code',
  'div',
  'em',
  'figure',
  'figcaption',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'li',
  'ol',
  'p',
  'pre',
  's',
  'span',
  'strong',
  'sub',
  'sup',
  'table',
  'tbody',
  'td',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
]);
const ALLOWED_ATTRS = new Set(['href', 'src', 'alt', 'title', 'colspan', 'rowspan', 'width', 'height']);
const DROP_WITH_CONTENT = new Set(['script', 'style', 'iframe', 'object', 'embed', 'template', 'noscript']);

function safeUrl(value: string): boolean {
  const v = value.trim().toLowerCase();
  return !/^(javascript|vbscript|data):/.test(v) || /^data:image\/(png|jpe?g|gif|webp);/.test(v);
}

function clean(node: Element, newTab: boolean): void {
  for (const child of [...node.children]) {
    const tag = child.tagName.toLowerCase();
    if (DROP_WITH_CONTENT.has(tag)) {
      child.remove();
      continue;
    }
    clean(child, newTab);
    if (!ALLOWED_TAGS.has(tag)) {
      child.replaceWith(...child.childNodes);
      continue;
    }
    for (const attr of [...child.attributes]) {
      const name = attr.name.toLowerCase();
      if (!ALLOWED_ATTRS.has(name) || ((name === 'href' || name === 'src') && !safeUrl(attr.value))) {
        child.removeAttribute(attr.name);
      }
    }
    if (tag === 'a' && newTab) {
      child.setAttribute('rel', 'noopener noreferrer');
      child.setAttribute('target', '_blank');
    }
  }
}

/**
 * An allowlist HTML sanitiser for documentation pages (the server sanitises on write; this is the reader's and
 * the editor's own guard): known formatting tags only, no event handlers or styles, no script URLs. Links open
 * in a new tab unless `linksInNewTab` is false (the editor keeps the links as they are written).
 */
export function sanitizeHtml(
  html: string,
  { linksInNewTab = true }: { linksInNewTab?: boolean } = {},
): string {
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  clean(doc.body, linksInNewTab);
  return doc.body.innerHTML;
}
