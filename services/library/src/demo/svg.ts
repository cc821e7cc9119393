/** Escapes text for SVG/XML content and attribute values. */
export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

export interface DemoPicture {
  /** Greek caption (first line) and English caption (second line). */
  el: string;
  en: string;
  background: string;
  /** SVG elements drawn on a 800×600 canvas above the caption band. */
  scene: string;
}

export const DEMO_WIDTH = 800;
export const DEMO_HEIGHT = 600;

/** A simple, self-contained SVG picture: a scene and a two-line caption. No scripts, no external refs. */
export function demoSvg(p: DemoPicture): string {
  const label = `${p.el} — ${p.en}`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${DEMO_WIDTH}" height="${DEMO_HEIGHT}" viewBox="0 0 ${DEMO_WIDTH} ${DEMO_HEIGHT}" role="img" aria-label="${escapeXml(label)}">`,
    `<title>${escapeXml(label)}</title>`,
    `<rect width="800" height="600" fill="${p.background}"/>`,
    p.scene,
    `<rect y="480" width="800" height="120" fill="#1f2933" fill-opacity="0.85"/>`,
    `<text x="40" y="532" font-family="DejaVu Sans, Arial, sans-serif" font-size="36" font-weight="bold" fill="#ffffff">${escapeXml(p.el)}</text>`,
    `<text x="40" y="574" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#d9e2ec">${escapeXml(p.en)}</text>`,
    `</svg>`,
    '',
  ].join('\n');
}
