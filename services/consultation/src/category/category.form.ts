import { boolean, readForm, text, type FieldReaders } from '../http/form.js';
import { assertForm } from '../validation/scope.js';
import { CATEGORY_SCOPE } from './category.rules.js';

/** The writable fields of a category. */
export interface CategoryInput {
  title: string;
  mname: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  forum_welcome_message: string;
  active: boolean;
  autosubscribe: boolean;
}

const READERS: FieldReaders<CategoryInput> = {
  title: text,
  mname: text,
  summary: text,
  summary_img: text,
  summary_img_alt: text,
  forum_welcome_message: text,
  active: boolean,
  autosubscribe: boolean,
};

/** Fields of the wire format that a client may send back but never writes (the order has its own call). */
const READ_ONLY = ['token', 'projects', 'sort_order', 'created', 'has_answered', 'consultation'] as const;

/** A new category's fields: title and short name are required. */
export type NewCategoryInput = Partial<CategoryInput> & Pick<CategoryInput, 'title' | 'mname'>;

/** A new category from a JSON or multipart body, checked against every rule (400 `{"Error": "field: message"}`). */
export function readNewCategory(body: unknown): NewCategoryInput {
  const input = readForm(body, READERS, READ_ONLY);
  assertForm(CATEGORY_SCOPE.rules, input, 'post');
  return { ...input, title: input.title ?? '', mname: input.mname ?? '' };
}

/** The fields sent to change a category, each checked against its rule (400 `{"Error": "field: message"}`). */
export function readCategoryChanges(body: unknown): Partial<CategoryInput> {
  const input = readForm(body, READERS, READ_ONLY);
  assertForm(CATEGORY_SCOPE.rules, input, 'put');
  return input;
}
