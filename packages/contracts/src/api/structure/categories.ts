import { z } from 'zod';
import type { CategoryWire } from '../../consultation.js';
import { Flag, partial, ruledText, writeBody } from '../common.js';
import { CATEGORY_RULES } from './rules.js';
import { NamedRef } from './tree.js';

const CATEGORY_READ_ONLY = [
  'token',
  'projects',
  'sort_order',
  'created',
  'has_answered',
  'consultation',
] as const;

const categoryFields = {
  title: ruledText(CATEGORY_RULES.title),
  mname: ruledText(CATEGORY_RULES.mname),
  summary: ruledText(CATEGORY_RULES.summary).optional(),
  summary_img: ruledText(CATEGORY_RULES.summary_img)
    .optional()
    .meta({ description: "URL of a library image: '/…' or http(s)" }),
  summary_img_alt: ruledText(CATEGORY_RULES.summary_img_alt).optional(),
  forum_welcome_message: ruledText(CATEGORY_RULES.forum_welcome_message).optional(),
  active: Flag.optional().meta({
    description: "true makes it the caller's own active category; false leaves them none",
  }),
  autosubscribe: Flag.optional(),
};

/** `POST category`: title and short name are required. */
export const NewCategoryBody = writeBody(categoryFields, CATEGORY_READ_ONLY);
export type NewCategoryBody = z.infer<typeof NewCategoryBody>;

/** `PUT category/token/{token}`: the fields that change. */
export const CategoryChangesBody = writeBody(partial(categoryFields), CATEGORY_READ_ONLY);
export type CategoryChangesBody = z.infer<typeof CategoryChangesBody>;

export const CategoryAnswer = z.object({
  token: z.string(),
  mname: z.string(),
  title: z.string(),
  summary: z.string(),
  summary_img: z.string().meta({ description: "URL of a library image ('' when none)" }),
  summary_img_alt: z.string(),
  active: z.boolean().meta({
    description:
      "the calling administrator's own active category (false for everyone else and other callers)",
  }),
  autosubscribe: z.boolean(),
  forum_welcome_message: z.string(),
  has_answered: z.boolean().meta({
    description:
      'the caller has answered the consultation-profile questions of their enrolment role (or it has none); ' +
      'false when not enrolled',
  }),
  consultation: z.boolean().meta({ description: 'the category has consultation-profile questions' }),
  sort_order: z.number().int().min(0).meta({ description: '1-based position' }),
  projects: z.array(NamedRef).meta({ description: 'by sort_order' }),
}) satisfies z.ZodType<CategoryWire>;
export type CategoryAnswer = z.infer<typeof CategoryAnswer>;

export const CategoryListAnswer = z.array(CategoryAnswer);
export type CategoryListAnswer = z.infer<typeof CategoryListAnswer>;

export const CategoryMnameAnswer = z.object({ mname: z.string() });
export type CategoryMnameAnswer = z.infer<typeof CategoryMnameAnswer>;
