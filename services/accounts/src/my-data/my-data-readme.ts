import type { UserDataFile } from '@agora/contracts/api';

/** What a file's name may not carry into an archive's path: control characters and path separators. */
// eslint-disable-next-line no-control-regex
const UNSAFE = /[\u0000-\u001f\u007f/\\]/g;

/** The archive's entry of an answer file: `files/<answer>/<file id>-<its name, made safe>`. */
export function fileEntryName(file: Pick<UserDataFile, 'answer' | 'id' | 'name'>): string {
  const safe = file.name.replace(UNSAFE, '_').replace(/^\.+/, '_').slice(0, 120);
  return `files/${file.answer}/${file.id}-${safe || 'file'}`;
}

/** Every entry of the archive with what it holds, in Greek and in English. */
const ENTRIES: ReadonlyArray<readonly [string, string, string]> = [
  [
    'profile.json',
    'Ο λογαριασμός σας: όνομα χρήστη, ονοματεπώνυμο, e-mail, ρόλος, τηλέφωνο, διεύθυνση, τοποθεσία, γλώσσα, ' +
      'αν ζητήσατε e-mail για τα δημοσιευμένα αποτελέσματα (results_mail), ημερομηνίες δημιουργίας και ' +
      'τελευταίας σύνδεσης, και οι συνδέσεις μέσω άλλων υπηρεσιών. Ο κωδικός ' +
      'πρόσβασης δεν φυλάσσεται ως κείμενο και δεν περιλαμβάνεται.',
    'Your account: user name, names, e-mail, role, phone, address, location, language, whether you asked to be ' +
      'e-mailed about published results (results_mail), the dates it was created and last used, and your logins ' +
      'through other services. Your password is not stored as text and is not included.',
  ],
  [
    'enrolments.json',
    'Οι κατηγορίες διαβουλεύσεων στις οποίες είστε εγγεγραμμένοι, με τον ρόλο σας (expert ή normal) και την ' +
      'ημερομηνία εγγραφής.',
    'The consultation categories you are enrolled in, with your role (expert or normal) and the date.',
  ],
  [
    'consultation-profile.json',
    'Οι απαντήσεις σας στο προφίλ διαβούλευσης κάθε κατηγορίας: η ερώτηση και η επιλογή σας.',
    "Your answers to each category's consultation profile: the question and the choice you made.",
  ],
  [
    'answers.geojson',
    'Κάθε απάντησή σας, ως GeoJSON (RFC 7946, EPSG:4326, μήκος και πλάτος σε μοίρες): η γεωμετρία της (ή null), ' +
      'το έργο, το θέμα και το χαρακτηριστικό της, οι ημερομηνίες και οι τιμές της ανά μεταβλητή.',
    'Every answer you gave, as GeoJSON (RFC 7946, EPSG:4326, longitude and latitude in degrees): its geometry ' +
      '(or null), its project, topic and attribute, its dates and its values by variable.',
  ],
  [
    'likes.json',
    'Οι αντιδράσεις σας (likes) σε έργα, θέματα, χαρακτηριστικά και μεταβλητές.',
    'Your reactions (likes) to projects, topics, attributes and variables.',
  ],
  [
    'forum-posts.json',
    'Οι αναρτήσεις σας στις συζητήσεις, με τον τίτλο της συζήτησης.',
    'Your forum posts, with the title of their discussion.',
  ],
  [
    'files.json, files/',
    'Όλα τα αρχεία που ανεβάσατε στις απαντήσεις σας, ολόκληρα, στον φάκελο files/<απάντηση>/. Το files.json ' +
      'λέει σε ποια απάντηση και μεταβλητή ανήκει το καθένα· ένα αρχείο με path null διαγράφηκε ενώ ' +
      'φτιαχνόταν το αρχείο δεδομένων.',
    'Every file you uploaded with your answers, whole, in files/<answer>/. files.json says which answer and ' +
      'variable each belongs to; a file whose path is null was deleted while the archive was being made.',
  ],
];

/** The archive's README.md: what each file holds, in Greek, then in English. */
export function archiveReadme(made: Date): string {
  const when = made.toISOString();
  return [
    '# Τα δεδομένα μου στην Agora / My data on Agora',
    '',
    `Δημιουργήθηκε / Made: ${when}`,
    '',
    '## Ελληνικά',
    '',
    'Όσα κρατά η πλατφόρμα για εσάς. Τα αρχεία .json και .geojson είναι UTF-8 και ανοίγουν με κάθε ' +
      'επεξεργαστή κειμένου· το answers.geojson ανοίγει και σε QGIS.',
    '',
    ...ENTRIES.map(([name, el]) => `- \`${name}\`: ${el}`),
    '',
    '## English',
    '',
    'What the platform holds about you. The .json and .geojson files are UTF-8 and open in any text editor; ' +
      'answers.geojson opens in QGIS too.',
    '',
    ...ENTRIES.map(([name, , en]) => `- \`${name}\`: ${en}`),
    '',
  ].join('\n');
}
