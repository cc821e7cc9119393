// The texts of the reused reaction buttons (see ./reactions), taken from the library's catalogue.
import libraryEl from '../../../mf-library/src/messages/el.json';
import libraryEn from '../../../mf-library/src/messages/en.json';

const pick = (catalogue: Record<string, string>) =>
  Object.fromEntries(Object.entries(catalogue).filter(([id]) => id.startsWith('library.social.')));

/** The texts of `Reactions`, by locale. */
export const reactionMessages = { el: pick(libraryEl), en: pick(libraryEn) };
