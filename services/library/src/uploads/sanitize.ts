import sanitizeHtmlLib from 'sanitize-html';
import { documentHtmlOptions } from '@agora/common/html';
import { UploadErrors, UPLOAD_LIMITS } from './upload-errors.js';

const HTML_OPTIONS = documentHtmlOptions(['class', 'id', 'lang', 'dir']);

/**
 * Cleans an HTML body for documentation pages: keeps formatting, links and images; removes scripts, styles,
 * event handlers, frames, forms and `javascript:`/`data:` URLs.
 */
export function sanitizeHtml(html: string): string {
  if (Buffer.byteLength(html) > UPLOAD_LIMITS.html)
    throw UploadErrors.tooLarge(UPLOAD_LIMITS.html / 1024 / 1024);
  return sanitizeHtmlLib(html, HTML_OPTIONS);
}

const SVG_TAGS = [
  'svg',
  'g',
  'defs',
  'symbol',
  'use',
  'title',
  'desc',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'filter',
  'feGaussianBlur',
  'feOffset',
  'feBlend',
  'feFlood',
  'feComposite',
  'feMerge',
  'feMergeNode',
  'feColorMatrix',
  'feDropShadow',
];

const SVG_ATTRIBUTES = [
  'id',
  'class',
  'xmlns',
  'xmlns:xlink',
  'version',
  'viewBox',
  'preserveAspectRatio',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'x2',
  'y1',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'd',
  'points',
  'transform',
  'fill',
  'fill-opacity',
  'fill-rule',
  'clip-rule',
  'stroke',
  'stroke-width',
  'stroke-opacity',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-miterlimit',
  'opacity',
  'color',
  'font-family',
  'font-size',
  'font-weight',
  'text-anchor',
  'dominant-baseline',
  'offset',
  'stop-color',
  'stop-opacity',
  'gradientUnits',
  'gradientTransform',
  'patternUnits',
  'patternTransform',
  'clip-path',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'filter',
  'filterUnits',
  'stdDeviation',
  'dx',
  'dy',
  'in',
  'in2',
  'result',
  'mode',
  'operator',
  'values',
  'type',
  'flood-color',
  'flood-opacity',
  'href',
  'xlink:href',
  'style',
];

const SVG_OPTIONS: sanitizeHtmlLib.IOptions = {
  allowedTags: SVG_TAGS,
  allowedAttributes: { '*': SVG_ATTRIBUTES },
  // Only same-document references (#id) survive: no scheme at all is allowed.
  allowedSchemes: [],
  allowedSchemesAppliedToAttributes: ['href', 'xlink:href'],
  allowProtocolRelative: false,
  parser: { xmlMode: true, lowerCaseTags: false, lowerCaseAttributeNames: false },
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'foreignObject', 'textarea', 'noscript'],
};

/** What makes an SVG refused outright (checked on the raw text, before any cleaning). */
const HOSTILE: Array<[RegExp, string]> = [
  [/<\s*script\b/i, 'a script'],
  [/<\s*foreignObject\b/i, 'a foreignObject element'],
  [/<!\s*(DOCTYPE|ENTITY)\b/i, 'a DOCTYPE or entity declaration'],
  [/\son[a-z]+\s*=/i, 'an event handler attribute'],
  [/\b(href|xlink:href)\s*=\s*["']?\s*(?!#)[^\s"'>]/i, 'an external reference'],
  [/url\(\s*["']?\s*(?!#)/i, 'an external url() reference'],
  [/@import\b/i, 'an @import'],
  [/javascript\s*:/i, 'a javascript: URL'],
  [/<\s*(iframe|embed|object|animate|set|image|a|style|handler|listener)\b/i, 'a forbidden element'],
];

/**
 * Checks an uploaded marker: UTF-8 text whose root element is `<svg>`, without scripts, event handlers,
 * foreignObject, DOCTYPE/entities, external references (href, xlink:href, url()) or other active content.
 * Refuses anything hostile (415 LIBRARY.UNSAFE_SVG) rather than guessing; answers the SVG passed through a
 * strict allow-list as a second line of defence.
 */
export function sanitizeSvg(data: Buffer): string {
  if (data.length > UPLOAD_LIMITS.svg) throw UploadErrors.tooLarge(UPLOAD_LIMITS.svg / 1024 / 1024);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(data).replace(/^\uFEFF/, '');
  if (text.includes('\uFFFD') || text.includes('\0')) throw UploadErrors.notAnSvg();
  for (const [pattern, what] of HOSTILE) if (pattern.test(text)) throw UploadErrors.unsafeSvg(what);
  const body = text
    .replace(/^\s*<\?xml[^>]*\?>/, '')
    .replace(/<!--[\s\S]*?-->/g, '')
    .trimStart();
  const closed = /<\/svg\s*>\s*$/.test(body) || /^<svg[^>]*\/>\s*$/.test(body);
  if (!/^<svg[\s>/]/.test(body) || !closed) throw UploadErrors.notAnSvg();
  const clean = sanitizeHtmlLib(body, SVG_OPTIONS).trim();
  if (!clean.startsWith('<svg')) throw UploadErrors.notAnSvg();
  return `<?xml version="1.0" encoding="UTF-8"?>\n${clean}\n`;
}
