import type { Catalogue } from '@agora/platform';
import attributeEl from './attribute/messages/el.json';
import attributeEn from './attribute/messages/en.json';
import categoriesEl from './categories/messages/el.json';
import categoriesEn from './categories/messages/en.json';
import planEl from './plan/messages/el.json';
import planEn from './plan/messages/en.json';
import profileEl from './profile/messages/el.json';
import profileEn from './profile/messages/en.json';
import projectsEl from './projects/messages/el.json';
import projectsEn from './projects/messages/en.json';
import sharedEl from './shared/messages/el.json';
import sharedEn from './shared/messages/en.json';
import threadEl from './thread/messages/el.json';
import threadEn from './thread/messages/en.json';
import topicEl from './topic/messages/el.json';
import topicEn from './topic/messages/en.json';
import variableEl from './variable/messages/el.json';
import variableEn from './variable/messages/en.json';

/** Messages of the mf-admin-structure remote: one catalogue per feature, merged (ids are `structure.<feature>.*`). */
export const messages: Catalogue = {
  el: {
    ...attributeEl,
    ...categoriesEl,
    ...planEl,
    ...profileEl,
    ...projectsEl,
    ...sharedEl,
    ...threadEl,
    ...topicEl,
    ...variableEl,
  },
  en: {
    ...attributeEn,
    ...categoriesEn,
    ...planEn,
    ...profileEn,
    ...projectsEn,
    ...sharedEn,
    ...threadEn,
    ...topicEn,
    ...variableEn,
  },
};
