import type * as Leaflet from 'leaflet';

type DrawTexts = typeof Leaflet.drawLocal;

/**
 * The texts of leaflet-draw's toolbar and tooltips in Greek. leaflet-draw reads them from the global
 * `L.drawLocal` when a toolbar or tooltip is made, so `applyDrawLocale` sets them before each map is made; the
 * English ones are leaflet-draw's own, kept from the first load.
 */
export const DRAW_LOCAL_EL: DrawTexts = {
  draw: {
    toolbar: {
      actions: { title: 'Ακύρωση σχεδίασης', text: 'Ακύρωση' },
      finish: { title: 'Τέλος σχεδίασης', text: 'Τέλος' },
      undo: { title: 'Διαγραφή του τελευταίου σημείου', text: 'Διαγραφή τελευταίου σημείου' },
      buttons: {
        polyline: 'Σχεδίαση γραμμής',
        polygon: 'Σχεδίαση πολυγώνου',
        rectangle: 'Σχεδίαση ορθογωνίου',
        circle: 'Σχεδίαση κύκλου',
        marker: 'Τοποθέτηση σημείου',
        circlemarker: 'Τοποθέτηση κυκλικού σημείου',
      },
    },
    handlers: {
      circle: { tooltip: { start: 'Κάντε κλικ και σύρετε για να σχεδιάσετε κύκλο.' }, radius: 'Ακτίνα' },
      circlemarker: { tooltip: { start: 'Κάντε κλικ στον χάρτη για να τοποθετήσετε σημείο.' } },
      marker: { tooltip: { start: 'Κάντε κλικ στον χάρτη για να τοποθετήσετε σημείο.' } },
      polygon: {
        tooltip: {
          start: 'Κάντε κλικ για να αρχίσει η σχεδίαση.',
          cont: 'Κάντε κλικ για να συνεχίσει η σχεδίαση.',
          end: 'Κάντε κλικ στο πρώτο σημείο για να κλείσει το σχήμα.',
        },
      },
      polyline: {
        error: '<strong>Σφάλμα:</strong> οι πλευρές δεν μπορούν να τέμνονται!',
        tooltip: {
          start: 'Κάντε κλικ για να αρχίσει η γραμμή.',
          cont: 'Κάντε κλικ για να συνεχίσει η γραμμή.',
          end: 'Κάντε κλικ στο τελευταίο σημείο για να τελειώσει η γραμμή.',
        },
      },
      rectangle: { tooltip: { start: 'Κάντε κλικ και σύρετε για να σχεδιάσετε ορθογώνιο.' } },
      simpleshape: { tooltip: { end: 'Αφήστε το κουμπί για να τελειώσει η σχεδίαση.' } },
    },
  },
  edit: {
    toolbar: {
      actions: {
        save: { title: 'Αποθήκευση αλλαγών', text: 'Αποθήκευση' },
        cancel: { title: 'Ακύρωση επεξεργασίας, οι αλλαγές χάνονται', text: 'Ακύρωση' },
        clearAll: { title: 'Διαγραφή όλων', text: 'Διαγραφή όλων' },
      },
      buttons: {
        edit: 'Επεξεργασία σχημάτων',
        editDisabled: 'Δεν υπάρχουν σχήματα για επεξεργασία',
        remove: 'Διαγραφή σχημάτων',
        removeDisabled: 'Δεν υπάρχουν σχήματα για διαγραφή',
      },
    },
    handlers: {
      edit: {
        tooltip: {
          text: 'Σύρετε τις λαβές ή τα σημεία για να αλλάξετε τα σχήματα.',
          subtext: 'Πατήστε ακύρωση για να αναιρέσετε τις αλλαγές.',
        },
      },
      remove: { tooltip: { text: 'Κάντε κλικ σε ένα σχήμα για να διαγραφεί.' } },
    },
  },
};

let english: DrawTexts | undefined;

/** A deep copy (the texts are plain JSON). */
export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Sets leaflet-draw's texts for the locale ('el' Greek, otherwise English). */
export function applyDrawLocale(L: typeof Leaflet, locale: string): void {
  english ??= clone(L.drawLocal);
  Object.assign(L.drawLocal, clone(locale === 'el' ? DRAW_LOCAL_EL : english));
}
