import type { Catalogue } from '@agora/platform';
import el from './messages/el.json';
import en from './messages/en.json';
import { reactionMessages } from './questionnaire/reactionMessages';

/** Messages of the mf-consultation remote. */
export const messages: Catalogue = {
  el: { ...reactionMessages.el, ...el },
  en: { ...reactionMessages.en, ...en },
};
