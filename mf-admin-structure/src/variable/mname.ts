// Greek letters written with Latin ones (ELOT 743, simplified: one Latin spelling per letter).
const GREEK: Record<string, string> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
  θ: 'th',
  ι: 'i',
  κ: 'k',
  λ: 'l',
  μ: 'm',
  ν: 'n',
  ξ: 'x',
  ο: 'o',
  π: 'p',
  ρ: 'r',
  σ: 's',
  ς: 's',
  τ: 't',
  υ: 'y',
  φ: 'f',
  χ: 'ch',
  ψ: 'ps',
  ω: 'o',
};

/**
 * A short name derived from what the user types (spec part 2 §5): lower case, accents removed, Greek written in
 * Latin letters, spaces and other separators as '-', anything else left out, so that it matches the server's
 * short-name pattern (`[a-z0-9][a-z0-9_-]*`).
 */
export function deriveMname(typed: string): string {
  const plain = typed
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  let out = '';
  for (const ch of plain) {
    if (/[a-z0-9_-]/.test(ch)) out += ch;
    else if (GREEK[ch]) out += GREEK[ch];
    else if (/[\s.,;:/\\]/.test(ch)) out += '-';
  }
  return out.replace(/-{2,}/g, '-').replace(/^[-_]+/, '');
}
