import { DEMO_CATEGORY_TOKENS, DEMO_LIBRARY_ITEM_IDS, type DemoLibraryPicture } from '@agora/contracts';
import type { NewCategory } from '../category/category.service.js';
import { toPoint } from '../project/project.mapper.js';

/** `yyyy-MM-dd` of `now` shifted by `days` (UTC). */
export function isoDay(now: Date, days: number): string {
  return new Date(now.getTime() + days * 86_400_000).toISOString().slice(0, 10);
}

/** The pictures the library's demo data adds (`services/library/src/demo/demo-data.ts`), under their shared ids. */
export const LIBRARY_DEMO_PICTURES = Object.keys(DEMO_LIBRARY_ITEM_IDS) as DemoLibraryPicture[];
export type LibraryDemoPicture = DemoLibraryPicture;

/** The URL of one of the library's demo pictures (summary images, attribute and profile-choice icons). */
export const img = (slug: LibraryDemoPicture) => `/api/library/files/demo/${slug}.svg`;

/**
 * A small Greek municipal data set: two categories (under the fixed tokens that the demo participants'
 * enrolments name), three projects in Thessaloniki, Athens
 * and Patras, dated around `now` (one open, one open with published results, one closed with published results).
 */
export function demoConsultation(now: Date): NewCategory[] {
  return [
    {
      token: DEMO_CATEGORY_TOKENS['urban-mobility'],
      mname: 'urban-mobility',
      title: 'Αστική κινητικότητα — Urban mobility',
      summary:
        'Πεζόδρομοι, ποδηλατόδρομοι και συγκοινωνίες: πείτε μας πώς κινείστε στην πόλη. ' +
        'Pedestrian streets, cycle lanes and public transport: tell us how you move around the city.',
      summary_img: img('seafront-cycle-lane'),
      summary_img_alt: 'Ποδηλατόδρομος δίπλα στη θάλασσα',
      autosubscribe: true,
      forum_welcome_message:
        'Καλώς ήρθατε στη συζήτηση για την κινητικότητα. Welcome to the mobility discussion.',
      sort_order: 1,
      projects: [
        {
          mname: 'thessaloniki-seafront-cycle-lane',
          title: 'Ποδηλατόδρομος Νέας Παραλίας — Seafront cycle lane, Thessaloniki',
          summary:
            'Σημειώστε στον χάρτη πού χρειάζονται θέσεις στάθμευσης ποδηλάτων και διαβάσεις. ' +
            'Mark on the map where bicycle parking and crossings are needed.',
          summary_img: img('seafront-cycle-lane'),
          summary_img_alt: 'Ποδήλατο σε κόκκινη λωρίδα δίπλα στη θάλασσα',
          start_date: isoDay(now, -14),
          end_date: isoDay(now, 30),
          active: true,
          is_public: false,
          public_date: null,
          zoom: 14,
          center: toPoint({ lat: 40.612, lng: 22.9557 }),
          legislation: [{ title: 'Ν. 4784/2021 — Βιώσιμη αστική κινητικότητα', file: 'https://www.et.gr/' }],
          sort_order: 1,
        },
        {
          mname: 'athens-aiolou-pedestrian-street',
          title: 'Πεζοδρόμηση οδού Αιόλου — Aiolou pedestrian street, Athens',
          summary:
            'Προτείνετε σημεία για παγκάκια, δέντρα και φωτισμό στον νέο πεζόδρομο. ' +
            'Suggest places for benches, trees and lighting on the new pedestrian street.',
          summary_img: img('pedestrian-crossing'),
          summary_img_alt: 'Λευκές λωρίδες διάβασης πεζών',
          start_date: isoDay(now, -7),
          end_date: isoDay(now, 45),
          active: true,
          is_public: true,
          public_date: isoDay(now, -1),
          zoom: 17,
          center: toPoint({ lat: 37.9768, lng: 23.7276 }),
          sort_order: 2,
        },
      ],
    },
    {
      token: DEMO_CATEGORY_TOKENS['public-spaces'],
      mname: 'public-spaces',
      title: 'Δημόσιοι χώροι και πράσινο — Public spaces and greenery',
      summary:
        'Πάρκα, πλατείες και παιδικές χαρές της γειτονιάς σας. Parks, squares and playgrounds in your neighbourhood.',
      summary_img: img('neighbourhood-park'),
      summary_img_alt: 'Δέντρα και παγκάκι σε πράσινο λόφο',
      autosubscribe: false,
      forum_welcome_message: '',
      sort_order: 2,
      projects: [
        {
          mname: 'patras-pocket-parks',
          title: 'Πάρκα τσέπης στην Πάτρα — Pocket parks in Patras',
          summary:
            'Η διαβούλευση ολοκληρώθηκε· δείτε τις προτάσεις των κατοίκων. ' +
            'The consultation is closed; see what residents proposed.',
          summary_img: img('neighbourhood-park'),
          summary_img_alt: 'Δέντρα και παγκάκι σε πράσινο λόφο',
          start_date: isoDay(now, -90),
          end_date: isoDay(now, -10),
          active: false,
          is_public: true,
          public_date: isoDay(now, -5),
          zoom: 14,
          center: toPoint({ lat: 38.2466, lng: 21.7346 }),
          sort_order: 3,
        },
      ],
    },
  ];
}
