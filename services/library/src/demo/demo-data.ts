import { DEMO_LIBRARY_ITEM_IDS, type DemoLibraryPicture } from '@agora/contracts';
import type { NewLibraryItem } from '../library/library.service.js';
import { DEMO_HEIGHT, DEMO_WIDTH, demoSvg, type DemoPicture } from './svg.js';

interface DemoItem extends DemoPicture {
  slug: DemoLibraryPicture;
  tags: string[];
  description: string;
  tooltip: string;
  alt_text: string;
  documentation: string;
}

const tree = (x: number, y: number, r = 38) =>
  `<rect x="${x - 6}" y="${y}" width="12" height="${r * 1.4}" fill="#7c5a3a"/><circle cx="${x}" cy="${y}" r="${r}" fill="#2f855a"/>`;

/** Six pictures of a Greek municipality's public space, with Greek and English text. */
export const DEMO_ITEMS: readonly DemoItem[] = [
  {
    slug: 'aristotelous-square',
    el: 'Πλατεία Αριστοτέλους',
    en: 'Aristotelous Square',
    background: '#f0e6d2',
    scene:
      `<rect x="120" y="90" width="560" height="330" fill="#e3d5b8" stroke="#b08d57" stroke-width="6"/>` +
      `<circle cx="400" cy="255" r="70" fill="#9ecae1" stroke="#3182bd" stroke-width="6"/>` +
      tree(170, 130) +
      tree(630, 130) +
      tree(170, 340) +
      tree(630, 340),
    tags: ['πλατεία', 'square', 'Θεσσαλονίκη'],
    description:
      'Κάτοψη της ανάπλασης της πλατείας με το σιντριβάνι και τα δέντρα. Plan of the redesigned square, with the fountain and trees.',
    tooltip: 'Πλατεία Αριστοτέλους / Aristotelous Square',
    alt_text: 'Σχέδιο πλατείας με σιντριβάνι στο κέντρο και τέσσερα δέντρα στις γωνίες',
    documentation: '',
  },
  {
    slug: 'seafront-cycle-lane',
    el: 'Ποδηλατόδρομος παραλίας',
    en: 'Seafront cycle lane',
    background: '#cfe8f7',
    scene:
      `<rect y="300" width="800" height="180" fill="#2b6cb0"/>` +
      `<rect y="230" width="800" height="70" fill="#48bb78"/>` +
      `<rect y="250" width="800" height="30" fill="#e53e3e" fill-opacity="0.8"/>` +
      `<circle cx="330" cy="215" r="28" fill="none" stroke="#1a202c" stroke-width="6"/>` +
      `<circle cx="420" cy="215" r="28" fill="none" stroke="#1a202c" stroke-width="6"/>` +
      `<path d="M330 215 L365 170 L420 215 M365 170 L395 170" stroke="#1a202c" stroke-width="6" fill="none"/>`,
    tags: ['ποδήλατο', 'cycling', 'κινητικότητα', 'mobility'],
    description: 'Ο νέος ποδηλατόδρομος κατά μήκος της παραλίας. The new cycle lane along the seafront.',
    tooltip: 'Ποδηλατόδρομος / Cycle lane',
    alt_text: 'Ποδήλατο σε κόκκινη λωρίδα δίπλα στη θάλασσα',
    documentation: '',
  },
  {
    slug: 'bus-stop',
    el: 'Στάση λεωφορείου',
    en: 'Bus stop',
    background: '#fefcbf',
    scene:
      `<rect x="180" y="150" width="440" height="180" rx="30" fill="#3182bd"/>` +
      `<rect x="210" y="180" width="90" height="70" fill="#bee3f8"/><rect x="320" y="180" width="90" height="70" fill="#bee3f8"/>` +
      `<rect x="430" y="180" width="90" height="70" fill="#bee3f8"/>` +
      `<circle cx="260" cy="335" r="32" fill="#1a202c"/><circle cx="540" cy="335" r="32" fill="#1a202c"/>` +
      `<rect x="660" y="110" width="14" height="260" fill="#4a5568"/><circle cx="667" cy="100" r="34" fill="#dd6b20"/>`,
    tags: ['συγκοινωνία', 'transport', 'κινητικότητα', 'mobility'],
    description: 'Προσβάσιμη στάση με στέγαστρο. An accessible bus stop with a shelter.',
    tooltip: 'Στάση / Bus stop',
    alt_text: 'Μπλε λεωφορείο δίπλα σε πινακίδα στάσης',
    documentation: '',
  },
  {
    slug: 'neighbourhood-park',
    el: 'Πάρκο γειτονιάς',
    en: 'Neighbourhood park',
    background: '#c6f6d5',
    scene:
      `<path d="M0 420 Q200 330 400 400 T800 380 L800 480 L0 480 Z" fill="#38a169"/>` +
      tree(150, 250, 50) +
      tree(320, 220, 60) +
      tree(560, 240, 55) +
      `<rect x="400" y="360" width="120" height="14" fill="#7c5a3a"/><rect x="410" y="374" width="10" height="26" fill="#7c5a3a"/>` +
      `<rect x="500" y="374" width="10" height="26" fill="#7c5a3a"/><circle cx="700" cy="90" r="45" fill="#f6e05e"/>`,
    tags: ['πράσινο', 'park', 'δημόσιος χώρος', 'public space'],
    description: 'Νέο πάρκο τσέπης με δέντρα και παγκάκια. A new pocket park with trees and benches.',
    tooltip: 'Πάρκο / Park',
    alt_text: 'Δέντρα, παγκάκι και ήλιος σε πράσινο λόφο',
    documentation: '',
  },
  {
    slug: 'pedestrian-crossing',
    el: 'Διάβαση πεζών',
    en: 'Pedestrian crossing',
    background: '#4a5568',
    scene:
      [0, 1, 2, 3, 4, 5]
        .map((i) => `<rect x="${110 + i * 100}" y="170" width="60" height="220" fill="#f7fafc"/>`)
        .join('') +
      `<rect y="120" width="800" height="12" fill="#ecc94b"/><rect y="428" width="800" height="12" fill="#ecc94b"/>`,
    tags: ['πεζοί', 'pedestrians', 'οδική ασφάλεια', 'road safety'],
    description: 'Υπερυψωμένη διάβαση πεζών κοντά σε σχολείο. A raised crossing near a school.',
    tooltip: 'Διάβαση / Crossing',
    alt_text: 'Λευκές λωρίδες διάβασης πεζών σε γκρι δρόμο',
    documentation: '',
  },
  {
    slug: 'recycling-bins',
    el: 'Κάδοι ανακύκλωσης',
    en: 'Recycling bins',
    background: '#e2e8f0',
    scene: [
      ['#3182bd', 'Χαρτί'],
      ['#d69e2e', 'Πλαστικό'],
      ['#38a169', 'Γυαλί'],
    ]
      .map(
        ([color, label], i) =>
          `<rect x="${140 + i * 190}" y="170" width="140" height="230" rx="12" fill="${color}"/>` +
          `<rect x="${130 + i * 190}" y="150" width="160" height="30" rx="8" fill="#2d3748"/>` +
          `<text x="${210 + i * 190}" y="300" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" font-size="24" fill="#ffffff">${label}</text>`,
      )
      .join(''),
    tags: ['ανακύκλωση', 'recycling', 'καθαριότητα'],
    description: 'Κάδοι για χαρτί, πλαστικό και γυαλί. Bins for paper, plastic and glass.',
    tooltip: 'Ανακύκλωση / Recycling',
    alt_text: 'Τρεις κάδοι ανακύκλωσης σε μπλε, κίτρινο και πράσινο',
    documentation: '',
  },
];

export interface DemoFile {
  key: string;
  content: string;
}

/** The demo files and rows, under the ids shared with the consultation demo; items are dated an hour apart, the first newest. */
export function demoLibrary(now: Date): { files: DemoFile[]; items: NewLibraryItem[] } {
  const files: DemoFile[] = [];
  const items: NewLibraryItem[] = [];
  DEMO_ITEMS.forEach((d, i) => {
    const key = `demo/${d.slug}.svg`;
    files.push({ key, content: demoSvg(d) });
    items.push({
      id: DEMO_LIBRARY_ITEM_IDS[d.slug],
      title: `${d.el} — ${d.en}`,
      tags: d.tags,
      tooltip: d.tooltip,
      description: d.description,
      documentation: d.documentation,
      alt_text: d.alt_text,
      resource_key: key,
      mime: 'image/svg+xml',
      width: DEMO_WIDTH,
      height: DEMO_HEIGHT,
      thumbnail_key: null,
      owner: null,
      created: new Date(now.getTime() - i * 3_600_000),
    });
  });
  return { files, items };
}
