import { useIntl } from 'react-intl';

/**
 * Texts of the reusable library pieces (select modals, tag input, upload progress, reactions), in both locales. They live
 * here rather than in the platform's catalogue so that these components stay self-contained.
 */
const TEXTS = {
  en: {
    uploading: 'Please wait while uploading...',
    cancel: 'Cancel',
    canceled: 'Operation canceled by the user.',
    progress: 'Upload progress',
    selectTitle: 'Select from library',
    selectOneTitle: 'Select an image',
    accept: 'Accept',
    close: 'Close',
    selected: '{n} selected',
    loadMore: 'Load more',
    noImages: 'No images found.',
    tags: 'Tags',
    tagPlaceholder: 'Type a tag',
    removeTag: 'Remove tag {tag}',
    suggestions: 'Tag suggestions',
    newTag: 'new tag',
    markersTitle: 'Select a marker',
    uploadSvg: 'Upload an SVG marker',
    svgOnly: 'Only SVG images (image/svg+xml) are accepted.',
    noMarkers: 'No markers yet.',
    loading: 'Loading…',
    failed: 'The list could not be loaded.',
    reactionsLabel: 'Reactions',
    like: 'Like',
    dislike: 'Dislike',
    ownItem: 'You cannot react to your own item.',
    loginToReact: 'Log in to react.',
  },
  el: {
    uploading: 'Παρακαλώ περιμένετε όσο γίνεται η μεταφόρτωση...',
    cancel: 'Ακύρωση',
    canceled: 'Η λειτουργία ακυρώθηκε από τον χρήστη.',
    progress: 'Πρόοδος μεταφόρτωσης',
    selectTitle: 'Επιλογή από τη βιβλιοθήκη',
    selectOneTitle: 'Επιλογή εικόνας',
    accept: 'Αποδοχή',
    close: 'Κλείσιμο',
    selected: '{n} επιλεγμένες',
    loadMore: 'Περισσότερα',
    noImages: 'Δεν βρέθηκαν εικόνες.',
    tags: 'Ετικέτες',
    tagPlaceholder: 'Πληκτρολογήστε ετικέτα',
    removeTag: 'Αφαίρεση ετικέτας {tag}',
    suggestions: 'Προτάσεις ετικετών',
    newTag: 'νέα ετικέτα',
    markersTitle: 'Επιλογή δείκτη',
    uploadSvg: 'Μεταφόρτωση δείκτη SVG',
    svgOnly: 'Γίνονται δεκτές μόνο εικόνες SVG (image/svg+xml).',
    noMarkers: 'Δεν υπάρχουν ακόμη δείκτες.',
    loading: 'Φόρτωση…',
    failed: 'Η λίστα δεν φορτώθηκε.',
    reactionsLabel: 'Αντιδράσεις',
    like: 'Μου αρέσει',
    dislike: 'Δεν μου αρέσει',
    ownItem: 'Δεν μπορείτε να αντιδράσετε στο δικό σας στοιχείο.',
    loginToReact: 'Συνδεθείτε για να αντιδράσετε.',
  },
} as const;

export type LibraryTextKey = keyof (typeof TEXTS)['en'];

/** `t('selected', {n: 2})` in the current locale (Greek for 'el', English otherwise). */
export function useLibraryText(): (key: LibraryTextKey, values?: Record<string, string | number>) => string {
  const { locale } = useIntl();
  const table = locale.startsWith('el') ? TEXTS.el : TEXTS.en;
  return (key, values) => {
    let text: string = table[key];
    for (const [k, v] of Object.entries(values ?? {})) text = text.replace(`{${k}}`, String(v));
    return text;
  };
}
