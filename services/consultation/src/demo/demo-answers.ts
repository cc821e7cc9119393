import {
  DEMO_LIBRARY_ITEM_IDS,
  DEMO_PARTICIPANTS,
  DEMO_RESIDENTS,
  type DemoParticipant,
  type GeoJsonGeometry,
} from '@agora/contracts';
import type { DemoAnswerFile } from './demo-files.js';
import { IDEA_PICTURES, SEAFRONT_BOUNDARY } from './demo-structure.js';

/**
 * The demo participants' answers: a few hundred answers to the seafront and Patras questionnaires (points, lines,
 * polygons and values of every kind those questionnaires ask), their consultation profiles and their likes, so
 * that a newcomer opens a living consultation; then a few thousand answers of the demo residents to the seafront
 * questionnaire over the last 90 days, gathered around a few busy places, with profiles of every weight, so that
 * the data views, point clusters, heat map and weighted statistics show something real. Generated from fixed
 * seeds: every start makes the same answers.
 */

/** One answer: an attribute of a project (short names), its geometry (EPSG:4326) and values by variable. */
export interface DemoAnswer {
  owner: string;
  project: string;
  topic: string;
  attribute: string;
  geometry: GeoJsonGeometry | null;
  /** the spec's wire value of each answered variable, by the variable's short name */
  values: Record<string, string>;
  /** the location ('lat;lon') of an address (resource) value, by the variable's short name */
  locations?: Record<string, string>;
  /** the file of a photo or document value, by the variable's short name */
  files?: Record<string, DemoAnswerFile>;
  /** days before the seeding day the answer was given */
  daysAgo: number;
}

/** A profile answer: the chosen choice's position (0-based) for each question of the participant's role. */
export interface DemoProfileAnswer {
  owner: string;
  category: string;
  choices: number[];
}

/** A like or dislike of one answer (by its index in the answers) by a participant. */
export interface DemoReaction {
  user: string;
  answer: number;
  reaction: 'like' | 'dislike';
}

export interface DemoAnswers {
  answers: DemoAnswer[];
  profiles: DemoProfileAnswer[];
  reactions: DemoReaction[];
}

/** mulberry32: a small seeded generator, enough for demo data. */
function generator(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    between: (lo: number, hi: number) => lo + (hi - lo) * next(),
    int: (lo: number, hi: number) => lo + Math.floor((hi - lo + 1) * next()),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    /** 1 to `max` distinct entries of `list`, in the list's order */
    some: <T>(list: readonly T[], max = list.length): T[] => {
      const wanted = 1 + Math.floor(next() * Math.min(max, list.length));
      const chosen = new Set<number>();
      while (chosen.size < wanted) chosen.add(Math.floor(next() * list.length));
      return [...chosen].sort((x, y) => x - y).map((i) => list[i]!);
    },
  };
}
type Random = ReturnType<typeof generator>;

const round = (v: number) => Math.round(v * 1e6) / 1e6;

/**
 * The seafront strip as pairs of (city side, sea side) vertices at the same height, from the White Tower
 * southwards: a place inside the strip is a position `t` along it (0..1) and `s` across it (0..1).
 */
const STRIP: ReadonlyArray<readonly [number[], number[]]> = (() => {
  const ring = (SEAFRONT_BOUNDARY as { coordinates: number[][][] }).coordinates[0]!;
  const side = ring.slice(0, 6);
  const other = ring.slice(6, 12).reverse();
  return side.map((p, i) => [p, other[i]!] as const);
})();

/** The point at `t` along and `s` across the strip. */
function stripPoint(t: number, s: number): number[] {
  const scaled = Math.min(t, 0.999_999) * (STRIP.length - 1);
  const i = Math.floor(scaled);
  const f = scaled - i;
  const [a0, b0] = STRIP[i]!;
  const [a1, b1] = STRIP[i + 1]!;
  const lerp = (p: number[], q: number[], k: number) => [
    p[0]! + (q[0]! - p[0]!) * k,
    p[1]! + (q[1]! - p[1]!) * k,
  ];
  const a = lerp(a0, a1, f);
  const b = lerp(b0, b1, f);
  const p = lerp(a, b, s);
  return [round(p[0]!), round(p[1]!)];
}

const PARKING = [
  'Μεταλλικές βάσεις — Metal stands',
  'Στεγασμένες βάσεις — Covered stands',
  'Κλειστές θυρίδες — Bicycle lockers',
];
const CROSSERS = [
  'Πεζοί — Pedestrians',
  'Ποδηλάτες — Cyclists',
  'Άτομα με αμαξίδιο — Wheelchair users',
  'Παιδιά που πάνε σχολείο — Children on their way to school',
];
const PLACES = [
  'Παύλου Μελά',
  'Πλατεία Αριστοτέλους',
  'Αγίας Σοφίας',
  'Εθνικής Αμύνης',
  'Μητροπόλεως',
  'Τσιμισκή',
];
const REASONS = [
  'Πολλοί πεζοί περπατούν εδώ κάθε μέρα και τα αυτοκίνητα περνούν πολύ γρήγορα.',
  'Τα παιδιά πηγαίνουν στο σχολείο από αυτόν τον δρόμο και δεν υπάρχει ασφαλές πεζοδρόμιο.',
  'Οι καφετέριες και τα μαγαζιά θα είχαν περισσότερο κόσμο αν ο δρόμος ήταν πεζόδρομος.',
  'Many people walk here every day and the cars are far too fast for the narrow pavement.',
  'The square would become a real meeting place for the neighbourhood without through traffic.',
];
const FREQUENCY = [
  'Καθημερινά — Every day',
  'Κάθε εβδομάδα — Every week',
  'Μία φορά τον μήνα ή σπανιότερα — Once a month or less',
  'Ποτέ — Never',
];
const PURPOSE = [
  'Εργασία — Work',
  'Σχολείο ή σπουδές — School or studies',
  'Ψώνια — Shopping',
  'Αναψυχή και άθληση — Leisure and exercise',
];
const IDEAS = [
  'Ασφαλείς θέσεις στάθμευσης κοντά στις στάσεις του λεωφορείου.',
  'Φωτισμός στον ποδηλατόδρομο τη νύχτα.',
  'A continuous lane without gaps at the crossings.',
  'Κοινόχρηστα ποδήλατα και στις ανατολικές γειτονιές.',
];
const NEIGHBOURHOODS = ['Καλαμαριά', 'Κέντρο', 'Τούμπα', 'Χαριλάου', 'Νέα Κρήνη', 'Ευκαρπία'];
const PARK_FEATURES = [
  'Δέντρα και σκιά — Trees and shade',
  'Παγκάκια — Benches',
  'Παιδική χαρά — Playground',
  'Βρύση — Drinking fountain',
];

/** Addresses along the seafront ('street+number+town+zip') with their location ('lat;lon'). */
const ADDRESSES: ReadonlyArray<readonly [string, string]> = [
  ['Λεωφόρος Νίκης+1+Θεσσαλονίκη+546 21', '40.6262;22.9489'],
  ['Λεωφόρος Νίκης+35+Θεσσαλονίκη+546 22', '40.6301;22.9433'],
  ['Μεγάλου Αλεξάνδρου+2+Θεσσαλονίκη+546 40', '40.6181;22.9541'],
  ['Μεγάλου Αλεξάνδρου+26+Θεσσαλονίκη+546 41', '40.6052;22.9534'],
  ['Θεμιστοκλή Σοφούλη+10+Καλαμαριά+551 31', '40.5968;22.9503'],
];
const PHOTO_TITLES = ['Η γωνία — The corner', 'Η διάβαση — The crossing', 'Το πεζοδρόμιο — The pavement'];
const SKETCH_TITLES = ['Proposal for a protected cycle lane', 'Sketch of a bicycle shelter'];

/**
 * A photo, a sketch (PDF), an address and one or two library pictures now and then for the ideas (answers without
 * geometry), from generators of their own: the other answers stay as they were. The files are made and checked when the demo is seeded.
 */
function ideaExtras(answers: DemoAnswer[]): void {
  const r = generator(20_261_128);
  let n = 0;
  for (const answer of answers) {
    if (answer.attribute !== 'ideas') continue;
    if (r.next() < 0.3) {
      const [address, location] = r.pick(ADDRESSES);
      answer.values['address'] = address;
      answer.locations = { address: location };
    }
    const files: Record<string, DemoAnswerFile> = {};
    if (r.next() < 0.2) {
      n += 1;
      const title = r.pick(PHOTO_TITLES);
      files['photo'] = { kind: 'photo', name: `idea-photo-${n}.png`, title, hue: r.int(0, 359) };
    }
    if (r.next() < 0.08) {
      n += 1;
      const title = r.pick(SKETCH_TITLES);
      files['sketch'] = { kind: 'document', name: `idea-sketch-${n}.pdf`, title, hue: 0 };
    }
    if (Object.keys(files).length > 0) answer.files = files;
  }
  // The library question's pictures, from a generator of their own: the extras above stay as they were.
  const pictures = generator(20_261_202);
  for (const answer of answers) {
    if (answer.attribute !== 'ideas' || pictures.next() >= 0.25) continue;
    answer.values['looks-like'] = pictures
      .some(IDEA_PICTURES, 2)
      .map((slug) => DEMO_LIBRARY_ITEM_IDS[slug])
      .join(';');
  }
}

const isoDaysAgo = (today: Date, days: number) =>
  new Date(today.getTime() - days * 86_400_000).toISOString().slice(0, 10);

function seafrontAnswers(p: DemoParticipant, r: Random, today: Date): DemoAnswer[] {
  const out: DemoAnswer[] = [];
  const base = { owner: p.uuid, project: 'thessaloniki-seafront-cycle-lane', topic: 'seafront-route' };
  // Each participant lives near a part of the seafront, and their answers cluster around it.
  const home = r.between(0.05, 0.95);
  const near = () => Math.min(0.99, Math.max(0.01, home + r.between(-0.2, 0.2)));
  // The topic takes 10 objects per participant: at most 5 points, 3 lines and 2 polygons, as the attributes allow.
  for (let i = r.int(2, 5); i > 0; i--)
    out.push({
      ...base,
      attribute: 'bicycle-parking',
      geometry: { type: 'Point', coordinates: stripPoint(near(), r.between(0.15, 0.85)) },
      values: { spaces: String(r.pick([4, 6, 8, 10, 12, 16, 20])), 'stand-type': r.pick(PARKING) },
      daysAgo: r.int(0, 13),
    });
  for (let i = r.int(1, 3); i > 0; i--) {
    const t = near();
    const values: Record<string, string> = { 'who-crosses': r.some(CROSSERS, 3).join(';') };
    if (r.next() < 0.6) values['noticed-on'] = isoDaysAgo(today, r.int(1, 60));
    out.push({
      ...base,
      attribute: 'missing-crossing',
      geometry: { type: 'LineString', coordinates: [stripPoint(t, -0.6), stripPoint(t + 0.004, 1.4)] },
      values,
      daysAgo: r.int(0, 13),
    });
  }
  for (let i = r.int(0, 2); i > 0; i--) out.push(pedestrianZone(base, r, near(), () => r.int(0, 13)));
  out.push(...habits(base, r, 0.5, () => r.int(0, 13)));
  return out;
}

type Base = Pick<DemoAnswer, 'owner' | 'project' | 'topic'>;

/** A pedestrian zone answer at `t` along the strip, given `daysAgo()` days ago. */
function pedestrianZone(base: Base, r: Random, t: number, daysAgo: () => number): DemoAnswer {
  const s = r.between(0.1, 0.5);
  const ring = [
    stripPoint(t, s),
    stripPoint(t + 0.03, s),
    stripPoint(t + 0.03, s + 0.4),
    stripPoint(t, s + 0.4),
  ];
  return {
    ...base,
    attribute: 'pedestrian-zone',
    geometry: { type: 'Polygon', coordinates: [[...ring, ring[0]!]] },
    values: { 'place-name': r.pick(PLACES), reason: r.pick(REASONS) },
    daysAgo: daysAgo(),
  };
}

/** The answers of the habits topic: the trips, and an idea with the likelihood `ideaShare`. */
function habits(base: Base, r: Random, ideaShare: number, daysAgo: () => number): DemoAnswer[] {
  const habit = { ...base, topic: 'cycling-habits', geometry: null };
  const trips: Record<string, string> = { frequency: r.pick(FREQUENCY) };
  if (r.next() < 0.8) trips['purpose'] = r.some(PURPOSE, 2).join(';');
  if (r.next() < 0.7) trips['trip-minutes'] = String(r.int(5, 45));
  const out: DemoAnswer[] = [{ ...habit, attribute: 'trips', values: trips, daysAgo: daysAgo() }];
  if (r.next() < ideaShare) {
    const ideas: Record<string, string> = { idea: r.pick(IDEAS) };
    if (r.next() < 0.7) ideas['neighbourhood'] = r.pick(NEIGHBOURHOODS);
    out.push({ ...habit, attribute: 'ideas', values: ideas, daysAgo: daysAgo() });
  }
  return out;
}

/**
 * The places along the seafront strip (0: the White Tower, 1: the south end) where the residents' answers gather,
 * and how many of the residents favour each.
 */
const HOTSPOTS: ReadonlyArray<{ t: number; share: number }> = [
  { t: 0.06, share: 0.3 },
  { t: 0.24, share: 0.15 },
  { t: 0.43, share: 0.2 },
  { t: 0.62, share: 0.1 },
  { t: 0.8, share: 0.15 },
  { t: 0.93, share: 0.1 },
];

/** A hotspot by its share. */
function hotspot(r: Random): number {
  let u = r.next();
  for (const h of HOTSPOTS) {
    if (u < h.share) return h.t;
    u -= h.share;
  }
  return HOTSPOTS.at(-1)!.t;
}

/** Near `t`: a bell-shaped spread (the mean of three draws) of ±`spread`, kept inside the strip. */
const around = (r: Random, t: number, spread: number) =>
  Math.min(0.99, Math.max(0.01, t + ((r.next() + r.next() + r.next()) / 3 - 0.5) * 2 * spread));

/** Days before today of a resident's answer: over the last 90 days, more of them lately. */
const recentDay = (r: Random) => Math.min(89, Math.floor(90 * r.next() ** 1.8));

/**
 * A demo resident's answers to the seafront questionnaire: 3 to 5 bicycle parkings gathered around a busy place
 * (most around their own), up to 2 missing crossings and 1 pedestrian zone near it (at most 8 objects of the
 * topic's 10), their trips, and now and then an idea.
 */
function residentAnswers(p: DemoParticipant, r: Random, today: Date): DemoAnswer[] {
  const out: DemoAnswer[] = [];
  const base = { owner: p.uuid, project: 'thessaloniki-seafront-cycle-lane', topic: 'seafront-route' };
  const home = hotspot(r);
  const day = recentDay(r);
  const when = () => Math.max(0, day - r.int(0, 3));
  for (let i = r.int(3, 5); i > 0; i--) {
    const at = r.next() < 0.8 ? home : hotspot(r);
    out.push({
      ...base,
      attribute: 'bicycle-parking',
      geometry: { type: 'Point', coordinates: stripPoint(around(r, at, 0.04), around(r, 0.5, 0.35)) },
      values: { spaces: String(r.pick([4, 6, 8, 10, 12, 16, 20])), 'stand-type': r.pick(PARKING) },
      daysAgo: when(),
    });
  }
  for (let i = r.int(0, 2); i > 0; i--) {
    const t = Math.min(0.99, around(r, home, 0.06));
    const values: Record<string, string> = { 'who-crosses': r.some(CROSSERS, 3).join(';') };
    if (r.next() < 0.5) values['noticed-on'] = isoDaysAgo(today, r.int(1, 60));
    out.push({
      ...base,
      attribute: 'missing-crossing',
      geometry: { type: 'LineString', coordinates: [stripPoint(t, -0.6), stripPoint(t + 0.004, 1.4)] },
      values,
      daysAgo: when(),
    });
  }
  if (r.next() < 0.3) out.push(pedestrianZone(base, r, Math.min(0.96, around(r, home, 0.05)), when));
  out.push(...habits(base, r, 0.25, when));
  return out;
}

function patrasAnswers(p: DemoParticipant, r: Random): DemoAnswer[] {
  const out: DemoAnswer[] = [];
  for (let i = r.int(2, 3); i > 0; i--)
    out.push({
      owner: p.uuid,
      project: 'patras-pocket-parks',
      topic: 'pocket-park-sites',
      attribute: 'proposed-site',
      geometry: {
        type: 'Point',
        coordinates: [round(21.7346 + r.between(-0.012, 0.012)), round(38.2466 + r.between(-0.009, 0.009))],
      },
      values: { 'what-to-add': r.some(PARK_FEATURES, 3).join(';') },
      daysAgo: r.int(12, 80),
    });
  return out;
}

/** The demo answers as of `today` (dates of answers and of "noticed on" values count back from it). */
export function demoAnswers(today: Date): DemoAnswers {
  const r = generator(20_261_126);
  const answers: DemoAnswer[] = [];
  const profiles: DemoProfileAnswer[] = [];
  for (const p of DEMO_PARTICIPANTS) {
    if (p.enrolments['urban-mobility']) {
      answers.push(...seafrontAnswers(p, r, today));
      // Every demo profile question has 3 or 4 choices; the first three exist for both roles.
      profiles.push({ owner: p.uuid, category: 'urban-mobility', choices: [r.int(0, 2), r.int(0, 2)] });
    }
    if (p.enrolments['public-spaces']) answers.push(...patrasAnswers(p, r));
  }
  const reactions: DemoReaction[] = [];
  answers.forEach((answer, index) => {
    for (const p of DEMO_PARTICIPANTS) {
      if (p.uuid === answer.owner || r.next() > 0.12) continue;
      if (!p.enrolments[answer.project === 'patras-pocket-parks' ? 'public-spaces' : 'urban-mobility'])
        continue;
      reactions.push({ user: p.uuid, answer: index, reaction: r.next() < 0.8 ? 'like' : 'dislike' });
    }
  });
  // The residents come after, from a generator of their own: the participants' answers stay as they were.
  const residents = generator(20_261_127);
  for (const p of DEMO_RESIDENTS) {
    answers.push(...residentAnswers(p, residents, today));
    profiles.push({
      owner: p.uuid,
      category: 'urban-mobility',
      choices: [residents.int(0, 2), residents.int(0, 2)],
    });
  }
  ideaExtras(answers);
  return { answers, profiles, reactions };
}
