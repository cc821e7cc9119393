import type { Catalogue } from '@agora/platform';
import el from './messages/el.json';
import en from './messages/en.json';

/** Messages of the shell (the platform kit's messages are merged in by MessagesProvider). */
export const shellMessages: Catalogue = { el, en };
