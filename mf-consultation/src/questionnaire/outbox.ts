// The questionnaire's side of the outbox (decision 0093): what an entry records of the questionnaire (its
// fingerprint), the calls that send an entry, and whether a failure means the device is offline.
import { createApiClient } from '@agora/contracts';
import {
  ApiError,
  client,
  fileOf,
  isTransient,
  transportWith,
  type OutboxApi,
  type OutboxEntry,
  type OutboxValue,
} from '@agora/platform';
import { uploadTarget, uploadWithProgress } from '@agora/library-ui';
import { answerFormData, type AnswerKind } from '../answers/values';
import { QUESTIONNAIRE_PATH, questionnaireInit } from './ahead';
import type { Questionnaire, QuestionnaireAttribute } from './types';

/** A value with its keys in a fixed order, for a text that is the same whatever order the server sent. */
function sorted(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sorted);
  if (value && typeof value === 'object')
    return Object.fromEntries(
      Object.keys(value)
        .sort()
        .map((k) => [k, sorted((value as Record<string, unknown>)[k])]),
    );
  return value;
}

/**
 * The attribute's questionnaire as the participant answered it: its variables (by token, in order) with their
 * kinds and options. Another fingerprint when sending means the questionnaire changed meanwhile.
 */
export function fingerprintOf(attribute: QuestionnaireAttribute): string {
  return JSON.stringify(sorted(attribute.variables.map((v) => ({ token: v.token, kinds: v.variable_type }))));
}

/** The attribute in a loaded questionnaire. */
export function attributeIn(data: Questionnaire, token: string): QuestionnaireAttribute | undefined {
  for (const topic of data.topics) {
    const found = topic.attributes.find((a) => a.token === token);
    if (found) return found;
  }
  return undefined;
}

/**
 * Whether a failed call means the device is offline (or the server unreachable): no answer, a 5xx, a 408 or 429;
 * never a refusal (4xx), which is the answer's own.
 */
export function isOffline(error: unknown): boolean {
  if (typeof navigator !== 'undefined' && !navigator.onLine) return true;
  // fetch rejects with a TypeError when no answer came; an upload's XMLHttpRequest with an ApiError of status 0
  return error instanceof ApiError ? isTransient(error) : error instanceof TypeError;
}

/**
 * The calls that send a project's entries: the answer with its Idempotency-Key, then each variable's first values;
 * the questionnaire is read again (by the short names of its address) for the fingerprints.
 */
export const outboxApiFor = (category: string, project: string): OutboxApi => ({
  async createAnswer(entry: OutboxEntry) {
    const keyed = createApiClient(transportWith({ 'Idempotency-Key': entry.id }));
    const body = {
      attribute: entry.attribute,
      node: entry.topic,
      ...(entry.geometry && { geometry: { ...entry.geometry } }),
    };
    return (await keyed.POST('/api/data/scope/attribute', { body })).token;
  },
  async sendValues(choice: string, variable: string, values: readonly OutboxValue[]) {
    await uploadWithProgress(
      uploadTarget('POST', '/api/data/scope/variable'),
      answerFormData(
        values.map((v) => ({
          kind: v.kind as AnswerKind,
          value: v.value,
          ...(v.location !== undefined && { location: v.location }),
          ...(v.file && { file: fileOf(v.file) }),
        })),
        { choice, variable },
      ),
    );
  },
  async fingerprint(entry: OutboxEntry) {
    const data = await client.GET(QUESTIONNAIRE_PATH, questionnaireInit(category, project));
    const attribute = attributeIn(data, entry.attribute);
    return attribute ? fingerprintOf(attribute) : null;
  },
});
