import type { Catalogue } from '@agora/platform';
import el from './messages/el.json';
import en from './messages/en.json';

/** Messages of the mf-consultation remote. */
export const messages: Catalogue = { el, en };
