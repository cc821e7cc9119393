import { DEMO_PARTICIPANTS, type VariableKind } from '@agora/contracts';
import type { EntityManager } from 'typeorm';
import { typedValue } from '../answer/answer.rules.js';
import { profileWeight } from '../profile/profile-weight.js';
import { demoAnswers } from './demo-answers.js';

/** How many rows the demo answers added. */
export interface DemoAnswerCounts {
  answers: number;
  values: number;
  profiles: number;
  reactions: number;
}

interface AttributeRow {
  project: string;
  project_mname: string;
  attribute: string;
  attribute_mname: string;
  node: string;
}

interface VariableRow {
  attribute: string;
  token: string;
  mname: string;
  variable_type: VariableKind[];
}

/**
 * Adds the demo participants' answers (`demoAnswers`) to the demo questionnaires inside the demo's transaction
 * `m`: each value typed by its variable's rules as the answer routes type it, the profiles with the weight their
 * choices give, and the likes. The answers are dated back from `now`.
 */
export async function seedDemoAnswers(m: EntityManager, now: Date): Promise<DemoAnswerCounts> {
  const { answers, profiles, reactions } = demoAnswers(now);
  const attributes = await m.query<AttributeRow[]>(
    `SELECT p.token AS project, p.mname AS project_mname, a.token AS attribute, a.mname AS attribute_mname,
            n.token AS node
       FROM consultation.attribute a
       JOIN consultation.node n ON n.token = a.node
       JOIN consultation.project p ON p.token = n.project`,
  );
  const attributeOf = new Map(attributes.map((a) => [`${a.project_mname}/${a.attribute_mname}`, a]));
  const variables = await m.query<VariableRow[]>(
    `SELECT attribute, token, mname, variable_type FROM consultation.variable`,
  );
  const variableOf = new Map(variables.map((v) => [`${v.attribute}/${v.mname}`, v]));
  const counts: DemoAnswerCounts = { answers: 0, values: 0, profiles: 0, reactions: 0 };
  const tokens: string[] = [];
  for (const answer of answers) {
    const attribute = attributeOf.get(`${answer.project}/${answer.attribute}`);
    if (!attribute)
      throw new Error(`demo answer to an unknown attribute ${answer.project}/${answer.attribute}`);
    const when = new Date(now.getTime() - answer.daysAgo * 86_400_000 - (counts.answers % 600) * 60_000);
    const [row] = await m.query<Array<{ token: string }>>(
      `INSERT INTO consultation.answer (project, node, attribute, owner, geom, created, updated)
       VALUES ($1, $2, $3, $4,
         CASE WHEN $5::text IS NULL THEN NULL ELSE public.ST_SetSRID(public.ST_GeomFromGeoJSON($5::text), 4326) END,
         $6, $6)
       RETURNING token`,
      [
        attribute.project,
        attribute.node,
        attribute.attribute,
        answer.owner,
        answer.geometry ? JSON.stringify(answer.geometry) : null,
        when,
      ],
    );
    tokens.push(row!.token);
    counts.answers++;
    for (const [mname, value] of Object.entries(answer.values)) {
      const variable = variableOf.get(`${attribute.attribute}/${mname}`);
      const kind = variable?.variable_type[0];
      if (!variable || !kind)
        throw new Error(`demo value of an unknown variable ${answer.attribute}/${mname}`);
      // The same check and typing as a participant's value: a demo value breaking its variable's rules fails.
      const typed = typedValue(0, kind.kind, { value }, kind.options, false);
      await m.query(
        `INSERT INTO consultation.answer_value
           (answer, variable, kind, text_value, number_value, date_value, list_value, created, updated)
         VALUES ($1, $2, $3, $4, $5::numeric, $6::date, $7::text[], $8, $8)`,
        [
          row!.token,
          variable.token,
          kind.kind,
          typed.text_value ?? null,
          typed.number_value ?? null,
          typed.date_value ?? null,
          typed.list_value ?? null,
          when,
        ],
      );
      counts.values++;
    }
  }
  const roleOf = new Map(DEMO_PARTICIPANTS.map((p) => [p.uuid, p.enrolments]));
  for (const profile of profiles) {
    const role = roleOf.get(profile.owner)?.[profile.category as 'urban-mobility'];
    if (!role) continue;
    const questions = await m.query<
      Array<{
        category: string;
        token: string;
        weight: number;
        choices: Array<{ id: number; weight: number }>;
      }>
    >(
      `SELECT q.category, q.token, q.weight,
              (SELECT json_agg(json_build_object('id', c.id, 'weight', c.weight) ORDER BY c.sort_order, c.id)
                 FROM consultation.profile_choice c WHERE c.question = q.token) AS choices
         FROM consultation.profile_question q JOIN consultation.category k ON k.token = q.category
        WHERE k.mname = $1 AND q.role = $2 ORDER BY q.sort_order, q.token`,
      [profile.category, role],
    );
    if (questions.length === 0) continue;
    const chosen = questions.map((q, i) => q.choices[profile.choices[i] ?? 0] ?? q.choices[0]!);
    for (const [i, q] of questions.entries())
      await m.query(
        `INSERT INTO consultation.profile_answer (user_uuid, question, category, choice) VALUES ($1, $2, $3, $4)`,
        [profile.owner, q.token, q.category, chosen[i]!.id],
      );
    const weight = profileWeight(
      questions.map((q, i) => ({ question: q.weight, choice: chosen[i]!.weight })),
    );
    await m.query(
      `INSERT INTO consultation.profile_weight (category, user_uuid, role, weight) VALUES ($1, $2, $3, $4)`,
      [questions[0]!.category, profile.owner, role, weight],
    );
    counts.profiles++;
  }
  for (const reaction of reactions) {
    await m.query(
      `INSERT INTO consultation.social_reaction (scope, item, user_uuid, reaction) VALUES ('choice', $1, $2, $3)`,
      [tokens[reaction.answer], reaction.user, reaction.reaction],
    );
    counts.reactions++;
  }
  return counts;
}
