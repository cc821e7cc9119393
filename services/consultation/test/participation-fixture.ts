// A consultation as participants meet it, for the integration tests of the participant side: an active category
// with an open project (a topic with a boundary, a visible and a hidden attribute, a visible and a hidden
// variable, predefined and context features, a thread) and profile questions; an inactive category; and the
// callers of the role tables.
import type { SessionUser } from '@agora/contracts';
import type { TestService } from '@agora/common/testing';
import { callerUser, enrolledUser } from './test-callers.js';
import { addProfileQuestion } from './profile-test-helpers.js';

export const OPEN = '00000000-0000-4000-8000-00000000c0a1';
export const HIDDEN = '00000000-0000-4000-8000-00000000c0a2';
export const OTHER = '00000000-0000-4000-8000-00000000c0a3';
export const PROJECT = '00000000-0000-4000-8000-00000000b0a1';
export const ENDED = '00000000-0000-4000-8000-00000000b0a2';
export const DRAFT = '00000000-0000-4000-8000-00000000b0a3';
export const ELSEWHERE = '00000000-0000-4000-8000-00000000b0a4';
export const TOPIC = '00000000-0000-4000-8000-00000000d0a1';
export const SHOWN_ATTR = '00000000-0000-4000-8000-00000000e0a1';
export const HIDDEN_ATTR = '00000000-0000-4000-8000-00000000e0a2';
export const SHOWN_VAR = '00000000-0000-4000-8000-00000000f0a1';
export const HIDDEN_VAR = '00000000-0000-4000-8000-00000000f0a2';
export const MISSING = '00000000-0000-4000-8000-0000000000ff';

/** The five kinds of caller of the participant side. */
export const PEOPLE = {
  anonymous: null,
  outsider: callerUser('participant'),
  normal: enrolledUser({ [OPEN]: 'normal', [HIDDEN]: 'normal' }, 'normal'),
  expert: enrolledUser({ [OPEN]: 'expert' }, 'expert'),
  admin: callerUser('admin'),
} as const satisfies Record<string, SessionUser | null>;
export type Person = keyof typeof PEOPLE;
export const PERSONS = Object.keys(PEOPLE) as Person[];

/** Profile questions of the open category: weights 2, 1 and 0 for the normal role, none for experts. */
export interface Questions {
  mode: { token: string; bike: number; car: number };
  often: { token: string; daily: number; rarely: number };
  unweighted: { token: string; any: number };
}

export async function seedParticipation(svc: TestService): Promise<{ thread: number; questions: Questions }> {
  await svc.db.query(`
    INSERT INTO consultation.category (token, mname, title, summary, autosubscribe, sort_order) VALUES
      ('${OPEN}', 'open-cat', 'Ανοιχτή', 'Περίληψη', true, 1),
      ('${HIDDEN}', 'hidden-cat', 'Κρυφή', '', true, 2),
      ('${OTHER}', 'other-cat', 'Άλλη', '', true, 3);
    INSERT INTO consultation.project
      (token, mname, title, start_date, end_date, active, is_public, sort_order, category, zoom, center, legislation) VALUES
      ('${PROJECT}', 'seafront', 'Παραλία', '2000-01-01', '2999-12-31', true, false, 1, '${OPEN}', 15,
        public.ST_SetSRID(public.ST_MakePoint(22.9484, 40.6264), 4326), '[{"title": "Νόμος", "file": "/law.pdf"}]'),
      ('${ENDED}', 'ended', 'Έληξε', '2000-01-01', '2000-12-31', true, true, 2, '${OPEN}', 14, NULL, '[]'),
      ('${DRAFT}', 'draft', 'Πρόχειρο', '2000-01-01', '2999-12-31', false, false, 3, '${OPEN}', 14, NULL, '[]'),
      ('${ELSEWHERE}', 'elsewhere', 'Αλλού', '2000-01-01', '2999-12-31', true, false, 1, '${OTHER}', 14, NULL, '[]');
    INSERT INTO consultation.node (token, project, title, mname, has_geometry, boundary, geom_type, max_geom, geom_color)
      VALUES ('${TOPIC}', '${PROJECT}', 'Διαδρομή', 'route', true,
        public.ST_GeomFromText('POLYGON((22 40, 23 40, 23 41, 22 41, 22 40))', 4326), 'point', 5, '#00ff00');
    INSERT INTO consultation.attribute
      (token, node, name, mname, has_geometry, geom_type, max_geom, has_predefined, has_context, is_visible, sort_order)
      VALUES ('${SHOWN_ATTR}', '${TOPIC}', 'Στάση', 'stop', true, 'point', 2, true, true, true, 1),
             ('${HIDDEN_ATTR}', '${TOPIC}', 'Κρυφή', 'secret', false, NULL, NULL, false, false, false, 2);
    INSERT INTO consultation.attribute_feature (attribute, kind, position, feature_id, geom, properties) VALUES
      ('${SHOWN_ATTR}', 'predefined', 1, '"a"', public.ST_GeomFromText('POINT(22.5 40.5)', 4326), '{"name": "Α"}'),
      ('${SHOWN_ATTR}', 'predefined', 2, NULL, public.ST_GeomFromText('POINT(22.6 40.6)', 4326), NULL),
      ('${SHOWN_ATTR}', 'context', 1, NULL, public.ST_GeomFromText('LINESTRING(22 40, 23 41)', 4326), NULL);
    INSERT INTO consultation.variable (token, attribute, mname, description, is_visible, sort_order, variable_type)
      VALUES ('${SHOWN_VAR}', '${SHOWN_ATTR}', 'why', 'Γιατί;', true, 1, '[{"kind": "text", "options": {"required": true}}]'),
             ('${HIDDEN_VAR}', '${SHOWN_ATTR}', 'internal', 'Εσωτερικό', false, 2, '[]');
    INSERT INTO consultation.thread (scope, item, title, created_by)
      VALUES ('project', '${PROJECT}', 'Συζήτηση για την παραλία', '${MISSING}');`);
  const [{ id: thread }] = await svc.db.query<{ id: number }>('SELECT id FROM consultation.thread');
  await svc.db.query(
    `UPDATE consultation.project SET forum_topic_id = $1, forum_topic_url = $2 WHERE token = $3`,
    [thread, `/forum/${thread}`, PROJECT],
  );
  const question = async (text: string, weight: number, choices: Array<[string, number]>, sort: number) => {
    const made = await addProfileQuestion(svc, {
      category: OPEN,
      question: text,
      weight,
      sortOrder: sort,
      choices: choices.map(([content, w]) => ({ content, weight: w, icon: '/marker.svg' })),
      firstChoiceOrder: 1,
    });
    return { token: made.token, ids: made.choices };
  };
  const mode = await question(
    'Πώς μετακινείστε;',
    2,
    [
      ['Ποδήλατο', 3],
      ['Αυτοκίνητο', 1],
    ],
    1,
  );
  const often = await question(
    'Πόσο συχνά;',
    1,
    [
      ['Καθημερινά', 1],
      ['Σπάνια', 5],
    ],
    2,
  );
  const unweighted = await question('Ηλικία', 0, [['Όποια', 100]], 3);
  return {
    thread,
    questions: {
      mode: { token: mode.token, bike: mode.ids[0]!, car: mode.ids[1]! },
      often: { token: often.token, daily: often.ids[0]!, rarely: often.ids[1]! },
      unweighted: { token: unweighted.token, any: unweighted.ids[0]! },
    },
  };
}
