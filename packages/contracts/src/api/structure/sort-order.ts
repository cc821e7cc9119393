import { z } from 'zod';
import { VALIDATION_MESSAGES } from '../../validation.js';
import { rule, Text, UUID, writeBody } from '../common.js';

/** The order of the structure's items: categories and projects all at once, topics, attributes and variables one by one. */

const REQUIRED = VALIDATION_MESSAGES.required;

const POSITION_MAX = 100_000;
const SORT_ORDER_MAX_ENTRIES = 10_000;

/** A position's number, from JSON or its text in a form; NaN when it is neither. */
const positionOf = (raw: unknown): number =>
  typeof raw === 'number'
    ? raw
    : typeof raw === 'string' && /^\s*-?[0-9]{1,16}\s*$/.test(raw)
      ? Number(raw)
      : NaN;

/**
 * `PUT {category|project}/sortOrder/`: token → 1-based position (numbers, or their text from a form), read into a
 * map of lower-cased tokens. Refused: none, a malformed token, a position that is not a whole number from 1, a
 * token named twice or two tokens on one position (the tokens' existence is the service's to check).
 */
export const SortOrderBody = z
  .record(z.string(), z.unknown(), { error: 'the body must be a JSON object or a form' })
  .meta({
    additionalProperties: { type: 'integer', minimum: 1 },
    example: { '0b0c6a3e-3f59-4a4e-8d7e-1d7a1c0f0a01': 1, '6a1e4f20-9c1b-4d6e-8a0f-2b3c4d5e6f70': 2 },
  })
  .transform((body, ctx) => {
    const refuse = (field: string, message: string, name: string, values?: Record<string, number>) => {
      ctx.addIssue({ code: 'custom', path: [field], input: body[field], ...rule(message, name, values) });
      return z.NEVER;
    };
    const { _method: method, ...fields } = body;
    if (method !== undefined && (typeof method !== 'string' || method.toUpperCase() !== 'PUT'))
      return refuse('_method', 'only PUT', 'choice');
    const entries = Object.entries(fields);
    if (entries.length === 0) return refuse('sort_order', REQUIRED, 'required');
    if (entries.length > SORT_ORDER_MAX_ENTRIES)
      return refuse('sort_order', `at most ${SORT_ORDER_MAX_ENTRIES} entries`, 'max', {
        n: SORT_ORDER_MAX_ENTRIES,
      });
    const order = new Map<string, number>();
    const taken = new Set<number>();
    for (const [key, raw] of entries) {
      const token = key.trim().toLowerCase();
      if (!UUID.test(token)) return refuse('token', 'a token', 'type');
      const position = positionOf(raw);
      if (!Number.isSafeInteger(position) || position < 1 || position > POSITION_MAX)
        return refuse(key, `a whole number from 1 to ${POSITION_MAX}`, 'range', {
          min: 1,
          max: POSITION_MAX,
        });
      if (order.has(token)) return refuse(key, 'named twice', 'duplicate');
      if (taken.has(position))
        return refuse(key, `position ${position} is taken by another item`, 'duplicate');
      order.set(token, position);
      taken.add(position);
    }
    return order;
  });
export type SortOrderBody = z.infer<typeof SortOrderBody>;

/** The highest position of a topic, attribute or variable among its parent's children. */
const TREE_POSITION_MAX = 1_000_000;

const POSITION_MESSAGE = `a whole number from 1 to ${TREE_POSITION_MAX}`;

/** A 1-based position among the parent's children (the service checks it against their number). */
const Position = z
  .number({
    error: (issue) =>
      issue.input === undefined || issue.input === null || issue.input === '' ? REQUIRED : POSITION_MESSAGE,
  })
  .refine(
    (n) => Number.isSafeInteger(n) && n >= 1 && n <= TREE_POSITION_MAX,
    rule(POSITION_MESSAGE, 'range', { min: 1, max: TREE_POSITION_MAX }),
  )
  .meta({ type: 'integer', minimum: 1 });

const ORDER_READ_ONLY = ['token', 'forum_topic_id', 'forum_topic_url'] as const;

/** `PUT node/project/{project}/token/{token}/sortOrder`. */
export const TopicOrderBody = writeBody({ sort_order: Position }, ORDER_READ_ONLY);
export type TopicOrderBody = z.infer<typeof TopicOrderBody>;

/** `PUT attribute/…/sortOrder`: the position, in the topic `node` of the same project (its own by default). */
export const AttributeOrderBody = writeBody({ sort_order: Position, node: Text.optional() }, ORDER_READ_ONLY);
export type AttributeOrderBody = z.infer<typeof AttributeOrderBody>;

/** `PUT variable/…/sortOrder`: the position, in the attribute `attribute` of the same project (its own by default). */
export const VariableOrderBody = writeBody(
  { sort_order: Position, attribute: Text.optional() },
  ORDER_READ_ONLY,
);
export type VariableOrderBody = z.infer<typeof VariableOrderBody>;
