/**
 * Short names (`mname`) derived from a title as the user types (spec part 2 §5): Greek transliterated to Latin
 * (ELOT 743, simplified: ου, αυ, ευ, ηυ, γγ, γξ, γχ are read as pairs), other
 * accents dropped, lowercase, every run of other characters turned into one '-', at most `max` characters.
 */
const PAIRS: ReadonlyArray<[string, string]> = [
  ['ου', 'ou'],
  ['αυ', 'av'],
  ['ευ', 'ev'],
  ['ηυ', 'iv'],
  ['γγ', 'ng'],
  ['γξ', 'nx'],
  ['γχ', 'nch'],
  ['θ', 'th'],
  ['χ', 'ch'],
  ['ψ', 'ps'],
];

const LETTERS: Readonly<Record<string, string>> = {
  α: 'a',
  β: 'v',
  γ: 'g',
  δ: 'd',
  ε: 'e',
  ζ: 'z',
  η: 'i',
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
  ω: 'o',
};

/** The default length limit (the structure's mname rule). */
export const SHORT_NAME_MAX = 60;

/** Lowercase, accents dropped, Greek written in Latin letters; other characters are left as they are. */
function latinLetters(text: string): string {
  // Split accents off (ά → α + ◌́) and drop them, so Greek and Latin letters are bare.
  let out = text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '');
  for (const [greek, latin] of PAIRS) out = out.split(greek).join(latin);
  return Array.from(out, (ch) => LETTERS[ch] ?? ch).join('');
}

export function toShortName(title: string, max: number = SHORT_NAME_MAX): string {
  return latinLetters(title)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+/, '')
    .slice(0, max)
    .replace(/-+$/, '');
}

/**
 * The same rule for a short name typed into its own field: `_` is kept (the server's pattern allows it) and a
 * trailing '-' stays, so that the next word can be typed after a space.
 */
export function typedShortName(typed: string, max: number = SHORT_NAME_MAX): string {
  return latinLetters(typed)
    .replace(/[^a-z0-9_-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/^[-_]+/, '')
    .slice(0, max);
}
