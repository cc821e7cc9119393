import type {
  Choice,
  ConsultationRole,
  GeoJsonFeatureCollection,
  GeoJsonGeometry,
  GeomType,
  TitledFile,
  VariableKind,
} from '@agora/contracts';
import { DEMO_LIBRARY_ITEM_IDS } from '@agora/contracts';
import type { ChoiceInput } from '../profile/profile.input.js';
import { img, type LibraryDemoPicture } from './demo-data.js';

/** A variable as the admin screens send it (`POST variable`, without its attribute). */
export interface DemoVariable {
  mname: string;
  description: string;
  tooltip: string;
  variable_type: VariableKind[];
}

/** An attribute as the admin screens send it (`POST attribute`, without its topic), with its variables. */
export interface DemoAttribute {
  name: string;
  mname: string;
  icon: string;
  icon_alt: string;
  has_geometry: boolean;
  geom_type?: GeomType;
  geom_color?: string;
  max_geom?: number;
  allow_drag?: boolean;
  allow_resize?: boolean;
  has_predefined?: boolean;
  /** EPSG:4326 */
  predefined?: GeoJsonFeatureCollection;
  variables: DemoVariable[];
}

/** A topic as the admin screens send it (`POST node`, without its project), with its attributes. */
export interface DemoTopic {
  title: string;
  mname: string;
  description: string;
  has_geometry: boolean;
  /** EPSG:4326 */
  boundary?: GeoJsonGeometry;
  geom_type?: GeomType;
  max_geom?: number;
  geom_color: string;
  relative_documents: TitledFile[];
  attributes: DemoAttribute[];
}

/** The topics of one project (by short name). */
export interface DemoStructure {
  project: string;
  topics: DemoTopic[];
}

/** The consultation-profile questions of one category (by short name) for one enrolment role. */
export interface DemoProfile {
  category: string;
  role: ConsultationRole;
  questions: Array<{ question: string; weight: number; choices: ChoiceInput[] }>;
}

/**
 * The strip along Thessaloniki's New Waterfront (Nea Paralia), about 100 m wide, from the White Tower south-east
 * to the Concert Hall: [lng, lat] in EPSG:4326, counter-clockwise (the sea side southwards, the city side back).
 */
export const SEAFRONT_BOUNDARY: GeoJsonGeometry = {
  type: 'Polygon',
  coordinates: [
    [
      [22.948, 40.6264],
      [22.9511, 40.6225],
      [22.9539, 40.6186],
      [22.9551, 40.612],
      [22.9526, 40.605],
      [22.9501, 40.596],
      [22.9513, 40.596],
      [22.9538, 40.605],
      [22.9563, 40.612],
      [22.9551, 40.6186],
      [22.9523, 40.6225],
      [22.9492, 40.6264],
      [22.948, 40.6264],
    ],
  ],
};

const rack = (id: string, name: string, spaces: number, lng: number, lat: number) => ({
  type: 'Feature' as const,
  id,
  geometry: { type: 'Point' as const, coordinates: [lng, lat] },
  properties: { name, spaces },
});

/** The bicycle stands already on the seafront (inside its boundary). */
const EXISTING_RACKS: GeoJsonFeatureCollection = {
  type: 'FeatureCollection',
  features: [
    rack('white-tower', 'Λευκός Πύργος — White Tower', 12, 22.9486, 40.6262),
    rack('macedonia-palace', 'Μακεδονία Πάλας — Macedonia Palace', 8, 22.9547, 40.618),
    rack('concert-hall', 'Μέγαρο Μουσικής — Concert Hall', 20, 22.9509, 40.5965),
  ],
};

/** A demo choice's id: its English label's words (`Μεταλλικές βάσεις — Metal stands` → `metal-stands`). */
const demoChoice = (label: string): Choice => ({
  id: (label.split(' — ').pop() ?? label)
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  label,
});

const ask = (
  mname: string,
  description: string,
  tooltip: string,
  kind: VariableKind['kind'],
  { choices, ...options }: Omit<VariableKind['options'], 'choices'> & { choices?: string[] },
): DemoVariable => ({
  mname,
  description,
  tooltip,
  variable_type: [
    { kind, options: { ...options, ...(choices ? { choices: choices.map(demoChoice) } : {}) } },
  ],
});

/** The library pictures that the seafront's ideas question offers, in its order. */
export const IDEA_PICTURES: readonly LibraryDemoPicture[] = [
  'seafront-cycle-lane',
  'pedestrian-crossing',
  'bus-stop',
  'neighbourhood-park',
];

/**
 * The questionnaire of the seafront cycle lane (a topic on the map, with a point, a line and a polygon attribute,
 * and a topic without geometry) and a small one for the Patras pocket parks. Variables use all ten value types;
 * the library question names the library's demo pictures by their shared ids.
 */
export function demoStructure(): DemoStructure[] {
  return [
    {
      project: 'thessaloniki-seafront-cycle-lane',
      topics: [
        {
          title: 'Διαδρομή στη Νέα Παραλία — Route along the New Waterfront',
          mname: 'seafront-route',
          description:
            'Ο ποδηλατόδρομος από τον Λευκό Πύργο ως το Μέγαρο Μουσικής: σημειώστε τι χρειάζεται μέσα στην ' +
            'περιοχή του χάρτη. The cycle lane from the White Tower to the Concert Hall: mark what it needs ' +
            'within the area on the map.',
          has_geometry: true,
          boundary: SEAFRONT_BOUNDARY,
          geom_type: 'point',
          max_geom: 10,
          geom_color: '#e53e3e',
          relative_documents: [
            {
              title: 'Σκαρίφημα του ποδηλατόδρομου — Sketch of the cycle lane',
              file: img('seafront-cycle-lane'),
            },
          ],
          attributes: [
            {
              name: 'Θέση στάθμευσης ποδηλάτων — Bicycle parking',
              mname: 'bicycle-parking',
              icon: img('seafront-cycle-lane'),
              icon_alt: 'Ποδήλατο σε κόκκινη λωρίδα — Bicycle on a red lane',
              has_geometry: true,
              geom_type: 'point',
              geom_color: '#2b6cb0',
              max_geom: 5,
              allow_drag: true,
              has_predefined: true,
              predefined: EXISTING_RACKS,
              variables: [
                ask(
                  'spaces',
                  'Πόσες θέσεις ποδηλάτων χρειάζονται εδώ; — How many bicycle spaces are needed here?',
                  'Μετρήστε και τα ποδήλατα που δένονται σε κάγκελα. — Count the bicycles locked to railings too.',
                  'number',
                  { required: true, label: 'Θέσεις — Spaces' },
                ),
                ask(
                  'stand-type',
                  'Τι είδους βάσεις προτιμάτε; — Which kind of stand do you prefer?',
                  '',
                  'radio',
                  {
                    required: true,
                    label: 'Είδος βάσης — Kind of stand',
                    choices: [
                      'Μεταλλικές βάσεις — Metal stands',
                      'Στεγασμένες βάσεις — Covered stands',
                      'Κλειστές θυρίδες — Bicycle lockers',
                    ],
                  },
                ),
              ],
            },
            {
              name: 'Διάβαση που λείπει — Missing crossing',
              mname: 'missing-crossing',
              icon: img('pedestrian-crossing'),
              icon_alt: 'Διάβαση πεζών — Pedestrian crossing',
              has_geometry: true,
              geom_type: 'line',
              geom_color: '#dd6b20',
              max_geom: 3,
              allow_resize: true,
              variables: [
                ask(
                  'who-crosses',
                  'Ποιοι χρειάζονται τη διάβαση; — Who needs the crossing?',
                  'Επιλέξτε όσα ισχύουν. — Choose all that apply.',
                  'checkbox',
                  {
                    required: true,
                    label: 'Ποιοι περνούν — Who crosses',
                    choices: [
                      'Πεζοί — Pedestrians',
                      'Ποδηλάτες — Cyclists',
                      'Άτομα με αμαξίδιο — Wheelchair users',
                      'Παιδιά που πάνε σχολείο — Children on their way to school',
                    ],
                  },
                ),
                ask(
                  'noticed-on',
                  'Πότε δυσκολευτήκατε τελευταία φορά να περάσετε; — When did you last find it hard to cross?',
                  '',
                  'date',
                  { required: false, label: 'Ημερομηνία — Date' },
                ),
              ],
            },
            {
              name: 'Περιοχή για πεζοδρόμηση — Area to pedestrianise',
              mname: 'pedestrian-zone',
              icon: img('aristotelous-square'),
              icon_alt: 'Πλατεία με δέντρα — Square with trees',
              has_geometry: true,
              geom_type: 'polygon',
              geom_color: '#38a169',
              max_geom: 2,
              allow_drag: true,
              allow_resize: true,
              variables: [
                ask(
                  'place-name',
                  'Πώς λέγεται ο δρόμος ή η πλατεία; — What is the street or square called?',
                  '',
                  'string',
                  {
                    required: true,
                    label: 'Οδός ή πλατεία — Street or square',
                    placeholder: 'π.χ. Παύλου Μελά — e.g. Pavlou Mela',
                    maxLength: 120,
                  },
                ),
                ask(
                  'reason',
                  'Γιατί να γίνει πεζόδρομος; — Why should it become pedestrian?',
                  'Περιγράψτε τι θα αλλάξει για όσους περπατούν. — Describe what would change for people on foot.',
                  'text',
                  { required: true, label: 'Αιτιολόγηση — Reason', minLength: 20, maxLength: 1000 },
                ),
              ],
            },
          ],
        },
        {
          title: 'Οι μετακινήσεις σας με ποδήλατο — Your trips by bicycle',
          mname: 'cycling-habits',
          description:
            'Λίγες ερωτήσεις για το πώς και πόσο συχνά κάνετε ποδήλατο. ' +
            'A few questions on how and how often you cycle.',
          has_geometry: false,
          geom_color: '',
          relative_documents: [],
          attributes: [
            {
              name: 'Συχνότητα και σκοπός — How often and why',
              mname: 'trips',
              icon: img('seafront-cycle-lane'),
              icon_alt: 'Ποδήλατο — Bicycle',
              has_geometry: false,
              variables: [
                ask(
                  'frequency',
                  'Πόσο συχνά κάνετε ποδήλατο στην παραλία; — How often do you cycle along the seafront?',
                  '',
                  'radio',
                  {
                    required: true,
                    label: 'Συχνότητα — Frequency',
                    choices: [
                      'Καθημερινά — Every day',
                      'Κάθε εβδομάδα — Every week',
                      'Μία φορά τον μήνα ή σπανιότερα — Once a month or less',
                      'Ποτέ — Never',
                    ],
                  },
                ),
                ask(
                  'purpose',
                  'Για ποιους λόγους μετακινείστε με ποδήλατο; — What do you cycle for?',
                  'Επιλέξτε όσα ισχύουν. — Choose all that apply.',
                  'checkbox',
                  {
                    required: false,
                    label: 'Σκοπός — Purpose',
                    choices: [
                      'Εργασία — Work',
                      'Σχολείο ή σπουδές — School or studies',
                      'Ψώνια — Shopping',
                      'Αναψυχή και άθληση — Leisure and exercise',
                    ],
                  },
                ),
                ask(
                  'trip-minutes',
                  'Πόσα λεπτά κρατά συνήθως η διαδρομή σας; — How many minutes does your usual trip take?',
                  '',
                  'number',
                  { required: false, label: 'Λεπτά — Minutes' },
                ),
              ],
            },
            {
              name: 'Ιδέες και σχόλια — Ideas and comments',
              mname: 'ideas',
              icon: '',
              icon_alt: '',
              has_geometry: false,
              variables: [
                ask(
                  'idea',
                  'Τι θα σας έκανε να χρησιμοποιείτε περισσότερο το ποδήλατο; — What would make you cycle more?',
                  '',
                  'text',
                  { required: false, label: 'Η ιδέα σας — Your idea', maxLength: 2000 },
                ),
                ask(
                  'neighbourhood',
                  'Σε ποια γειτονιά μένετε; — Which neighbourhood do you live in?',
                  '',
                  'string',
                  {
                    required: false,
                    label: 'Γειτονιά — Neighbourhood',
                    placeholder: 'π.χ. Καλαμαριά — e.g. Kalamaria',
                    maxLength: 80,
                  },
                ),
                ask(
                  'photo',
                  'Μια φωτογραφία του σημείου; — A photo of the place?',
                  'Χωρίς πρόσωπα και πινακίδες αυτοκινήτων. — No faces and no number plates.',
                  'photo',
                  { required: false, label: 'Φωτογραφία — Photo', maxSize: 5 * 1024 * 1024 },
                ),
                ask(
                  'sketch',
                  'Ένα σχέδιο ή έγγραφο για την ιδέα σας; — A sketch or document of your idea?',
                  '',
                  'document',
                  { required: false, label: 'Έγγραφο (PDF) — Document (PDF)', accepts: ['pdf'] },
                ),
                ask(
                  'address',
                  'Σε ποια διεύθυνση αφορά η ιδέα; — Which address is the idea about?',
                  '',
                  'resource',
                  { required: false, label: 'Διεύθυνση — Address' },
                ),
                ask(
                  'looks-like',
                  'Ποιες από αυτές τις εικόνες μοιάζουν με την ιδέα σας; — Which of these pictures look like your idea?',
                  '',
                  'library',
                  {
                    required: false,
                    label: 'Εικόνες — Pictures',
                    items: IDEA_PICTURES.map((slug) => DEMO_LIBRARY_ITEM_IDS[slug]),
                    allowMultiple: true,
                  },
                ),
              ],
            },
          ],
        },
      ],
    },
    {
      project: 'patras-pocket-parks',
      topics: [
        {
          title: 'Οικόπεδα για πάρκα τσέπης — Sites for pocket parks',
          mname: 'pocket-park-sites',
          description:
            'Μικρά οικόπεδα της γειτονιάς που μπορούν να γίνουν χώροι πρασίνου. ' +
            'Small plots in the neighbourhood that could become green spaces.',
          has_geometry: false,
          geom_color: '',
          relative_documents: [],
          attributes: [
            {
              name: 'Προτεινόμενο οικόπεδο — Proposed site',
              mname: 'proposed-site',
              icon: img('neighbourhood-park'),
              icon_alt: 'Δέντρα και παγκάκι — Trees and a bench',
              has_geometry: true,
              geom_type: 'point',
              geom_color: '#2f855a',
              max_geom: 3,
              allow_drag: true,
              variables: [
                ask(
                  'what-to-add',
                  'Τι θα θέλατε να έχει το πάρκο; — What would you like the park to have?',
                  '',
                  'checkbox',
                  {
                    required: true,
                    label: 'Εξοπλισμός — Features',
                    choices: [
                      'Δέντρα και σκιά — Trees and shade',
                      'Παγκάκια — Benches',
                      'Παιδική χαρά — Playground',
                      'Βρύση — Drinking fountain',
                    ],
                  },
                ),
              ],
            },
          ],
        },
      ],
    },
  ];
}

/** A profile choice pictured by one of the library's demo pictures. */
const choice = (content: string, picture: LibraryDemoPicture, weight: number): ChoiceInput => ({
  content,
  icon: img(picture),
  weight,
});

/**
 * Consultation-profile questions of the urban-mobility category, for experts and for other participants: each
 * choice pictured by the library's demo picture closest to it.
 */
export function demoProfile(): DemoProfile[] {
  return [
    {
      category: 'urban-mobility',
      role: 'expert',
      questions: [
        {
          question:
            'Σε ποιο πεδίο της κινητικότητας έχετε εμπειρία; — In which area of mobility are you experienced?',
          weight: 3,
          choices: [
            choice('Δημόσιες συγκοινωνίες — Public transport', 'bus-stop', 5),
            choice('Ποδηλασία — Cycling', 'seafront-cycle-lane', 5),
            choice('Ασφάλεια πεζών — Pedestrian safety', 'pedestrian-crossing', 4),
            choice('Σχεδιασμός δημόσιου χώρου — Public space design', 'aristotelous-square', 3),
          ],
        },
        {
          question: 'Πού εργάζεστε; — Where do you work?',
          weight: 2,
          choices: [
            choice('Σε δήμο ή περιφέρεια — At a municipality or region', 'recycling-bins', 3),
            choice('Σε γραφείο μελετών — At a design consultancy', 'aristotelous-square', 2),
            choice('Σε φορέα συγκοινωνιών — At a transport operator', 'bus-stop', 2),
          ],
        },
      ],
    },
    {
      category: 'urban-mobility',
      role: 'normal',
      questions: [
        {
          question: 'Πώς μετακινείστε συνήθως στην πόλη; — How do you usually get around the city?',
          weight: 2,
          choices: [
            choice('Με τα πόδια — On foot', 'pedestrian-crossing', 3),
            choice('Με ποδήλατο — By bicycle', 'seafront-cycle-lane', 3),
            choice('Με λεωφορείο — By bus', 'bus-stop', 2),
          ],
        },
        {
          question: 'Πού μένετε; — Where do you live?',
          weight: 1,
          choices: [
            choice('Στο κέντρο της πόλης — In the city centre', 'aristotelous-square', 3),
            choice('Σε άλλη γειτονιά της πόλης — In another neighbourhood', 'neighbourhood-park', 2),
            choice('Εκτός δήμου — Outside the municipality', 'bus-stop', 1),
          ],
        },
      ],
    },
  ];
}
