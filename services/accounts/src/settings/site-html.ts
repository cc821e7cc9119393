import sanitizeHtmlLib from 'sanitize-html';
import { documentHtmlOptions } from '@agora/common/html';

/**
 * What the front page and policy bodies may hold (decision 0045): the documentation allow-list, with `lang` and
 * `dir` (not `class` or `id`) on any element.
 */
const SITE_HTML = documentHtmlOptions(['lang', 'dir']);

/** A front page or policy body as it may be stored and shown. */
export function sanitizeSiteHtml(html: string): string {
  return sanitizeHtmlLib(html, SITE_HTML).trim();
}
