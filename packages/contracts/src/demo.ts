/**
 * The demonstration data's fixed identities, shared by the services that seed it: accounts creates the demo
 * participants and their enrolments, consultation creates the demo categories under these tokens and the
 * participants' answers. Fixed values let each service seed its own part without calling the other.
 */

/** The demo categories' tokens, by short name. */
export const DEMO_CATEGORY_TOKENS = {
  'urban-mobility': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01',
  'public-spaces': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a02',
} as const;

export type DemoCategory = keyof typeof DEMO_CATEGORY_TOKENS;

export interface DemoParticipant {
  uuid: string;
  username: string;
  firstname: string;
  lastname: string;
  /** enrolments: category short name -> enrolment role */
  enrolments: Partial<Record<DemoCategory, 'expert' | 'normal'>>;
}

const NAMES: ReadonlyArray<readonly [string, string]> = [
  ['Maria', 'Papadopoulou'],
  ['Giorgos', 'Nikolaidis'],
  ['Eleni', 'Georgiou'],
  ['Dimitris', 'Konstantinou'],
  ['Katerina', 'Ioannidou'],
  ['Nikos', 'Vasileiou'],
  ['Sofia', 'Christodoulou'],
  ['Kostas', 'Athanasiou'],
  ['Anna', 'Pappa'],
  ['Yannis', 'Makris'],
  ['Despina', 'Karali'],
  ['Panagiotis', 'Oikonomou'],
  ['Ioanna', 'Stavrou'],
  ['Christos', 'Antoniou'],
  ['Vasiliki', 'Lazaridou'],
  ['Michalis', 'Economou'],
  ['Georgia', 'Theodorou'],
  ['Stelios', 'Petridis'],
  ['Angeliki', 'Dimitriou'],
  ['Thanasis', 'Kyriakou'],
  ['Foteini', 'Alexiou'],
  ['Spyros', 'Galanis'],
  ['Marina', 'Sarri'],
  ['Alexandros', 'Zervas'],
];

/**
 * Demo participants `citizen01`…`citizen24` (site role authorized): all enrolled in urban mobility, the first two
 * as experts; every third also in public spaces.
 */
export const DEMO_PARTICIPANTS: readonly DemoParticipant[] = NAMES.map(([firstname, lastname], i) => {
  const n = String(i + 1).padStart(2, '0');
  return {
    uuid: `7d3c2b1a-0f4e-4a5b-8c6d-0000000000${n}`,
    username: `citizen${n}`,
    firstname,
    lastname,
    enrolments: {
      'urban-mobility': i < 2 ? 'expert' : 'normal',
      ...(i % 3 === 0 ? { 'public-spaces': 'normal' as const } : {}),
    },
  };
});

/** How many demo residents there are. */
export const DEMO_RESIDENT_COUNT = 500;

/**
 * Demo residents `resident001`…`resident500` (site role authorized, enrolled in urban mobility with the role normal,
 * the demo participants' password): the many respondents of the seafront questionnaire, so that its statistics,
 * point clusters and heat map show something real. A resident's names are a demo participant's first name and
 * another's surname of the same gender.
 */
export const DEMO_RESIDENTS: readonly DemoParticipant[] = Array.from(
  { length: DEMO_RESIDENT_COUNT },
  (_, i) => {
    const n = String(i + 1).padStart(3, '0');
    // NAMES alternate women and men: an even step keeps the gender
    const [firstname] = NAMES[i % NAMES.length]!;
    const [, lastname] = NAMES[(i + 2 * (1 + Math.floor(i / NAMES.length))) % NAMES.length]!;
    return {
      uuid: `7d3c2b1a-0f4e-4a5b-8c6d-100000000${n}`,
      username: `resident${n}`,
      firstname,
      lastname,
      enrolments: { 'urban-mobility': 'normal' },
    };
  },
);

/**
 * The demo library's items, by short name, under fixed ids: the library service adds its demo pictures under
 * these ids, and the consultation demo's library question names them without asking the library.
 */
export const DEMO_LIBRARY_ITEM_IDS = {
  'aristotelous-square': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1b01',
  'seafront-cycle-lane': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1b02',
  'bus-stop': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1b03',
  'neighbourhood-park': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1b04',
  'pedestrian-crossing': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1b05',
  'recycling-bins': '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1b06',
} as const;

export type DemoLibraryPicture = keyof typeof DEMO_LIBRARY_ITEM_IDS;
