import { z } from 'zod';
import { CONSULTATION_ROLES } from '../consultation.js';
import { VALIDATION_MESSAGES } from '../validation.js';
import {
  AttributeAnswer,
  CategoryAnswer,
  GeoJsonFeatureCollectionAnswer,
  ProjectAnswer,
  TopicAnswer,
  VariableAnswer,
} from './consultation-structure.js';

/**
 * What a participant reads on the consultation side: the category cards and the category page, their categories
 * with their consultation profile, the profile answers (and the weight they give), and the questionnaire of a
 * project in one answer. Participants (logged-in users below reviewer) see only the categories they are enrolled
 * in; staff (reviewer and above) see every category.
 */

/** The fields a category and a project share on cards. */
const SUMMARISED = {
  token: true,
  mname: true,
  title: true,
  summary: true,
  summary_img: true,
  summary_img_alt: true,
} as const;

const Day = z.string().meta({ format: 'date', description: 'yyyy-MM-dd' });

/** A category on a card: no projects, no administration fields. */
export const CategoryCard = CategoryAnswer.pick({
  ...SUMMARISED,
  autosubscribe: true,
}).extend({
  active: z.boolean().meta({
    description: 'open to participants: at least one of its projects is active (others are hidden from them)',
  }),
});
export type CategoryCard = z.infer<typeof CategoryCard>;

export const PROJECT_STATES = ['upcoming', 'open', 'closed'] as const;
export type ProjectStateName = (typeof PROJECT_STATES)[number];

/** A project on a card. */
export const ProjectCard = ProjectAnswer.pick({
  ...SUMMARISED,
  start_date: true,
  end_date: true,
  active: true,
  is_public: true,
  public_date: true,
}).extend({
  state: z.enum(PROJECT_STATES).meta({
    description:
      "upcoming: before start_date; open: active and today within start_date..end_date (today in the service's " +
      'time zone); closed: otherwise',
  }),
});
export type ProjectCard = z.infer<typeof ProjectCard>;

export const ConsultationRoleAnswer = z.enum(CONSULTATION_ROLES);

/**
 * `GET category/mname/{mname}`: the public category page. `category`, `projects`, `enrolment` and `can_enrol`
 * are the page; the category's other fields stay at the top level as before, for the administration pages.
 * Unknown, or inactive for anyone below staff: 404.
 */
export const CategoryPageAnswer = CategoryAnswer.extend({
  category: CategoryCard,
  projects: z.array(ProjectCard).meta({
    description: 'by sort_order; participants and visitors see the active ones only',
  }),
  enrolment: ConsultationRoleAnswer.nullable().meta({
    description: "the caller's enrolment role (null: none)",
  }),
  can_enrol: z.boolean().meta({
    description: 'the caller is logged in, not enrolled, and the category is active and autosubscribe',
  }),
});
export type CategoryPageAnswer = z.infer<typeof CategoryPageAnswer>;

/** `GET category/scope/enroll`: active autosubscribe categories the caller is not enrolled in, by sort_order. */
export const CategoryCardListAnswer = z.object({ values: z.array(CategoryCard) });
export type CategoryCardListAnswer = z.infer<typeof CategoryCardListAnswer>;

/** One of the caller's categories with their consultation profile state. */
export const ProfileCategory = z.object({
  category: CategoryCard,
  role: ConsultationRoleAnswer,
  has_answered: z.boolean().meta({
    description: "the profile is answered, or the caller's role has no questions in this category",
  }),
  projects: z.array(ProjectCard).meta({ description: 'the active projects, by sort_order' }),
});
export type ProfileCategory = z.infer<typeof ProfileCategory>;

/** `GET data/scope/profile`: the caller's enrolled active categories, by sort_order. */
export const ProfileOverviewAnswer = z.object({ values: z.array(ProfileCategory) });
export type ProfileOverviewAnswer = z.infer<typeof ProfileOverviewAnswer>;

export const ProfileFormChoice = z.object({
  id: z.int(),
  content: z.string(),
  icon: z.string().meta({ description: 'a marker URL' }),
  weight: z.int(),
});

export const ProfileFormQuestion = z.object({
  token: z.guid(),
  question: z.string(),
  weight: z.int(),
  choices: z.array(ProfileFormChoice).meta({ description: 'by sort_order' }),
});

export const ProfileChoiceRef = z.object({
  question: z.guid().meta({ description: "the question's token" }),
  choice: z.int().meta({ description: "the chosen choice's id" }),
});

/** `GET data/scope/profile/activeCategory/{category}`: the caller's profile form in a category they are in. */
export const ProfileFormAnswer = z.object({
  category: CategoryCard,
  role: ConsultationRoleAnswer,
  questions: z
    .array(ProfileFormQuestion)
    .meta({ description: "the questions of the caller's role, in order" }),
  answers: z.array(ProfileChoiceRef).meta({ description: "the caller's stored answers" }),
  weight: z.number().nullable().meta({ description: "the caller's weight (null before answering)" }),
  has_answered: z.boolean(),
});
export type ProfileFormAnswer = z.infer<typeof ProfileFormAnswer>;

const REQUIRED = VALIDATION_MESSAGES.required;

/** The most answers one profile body takes. */
export const MAX_PROFILE_ANSWERS = 1000;

/**
 * `POST data/scope/profile/category/{category}`: one choice for every question of the caller's role in the
 * category, replacing earlier answers. A missing question is 400 `CONSULTATION.PROFILE_INCOMPLETE`; a question
 * of another category or role, a choice of another question or a question twice is 400
 * `CONSULTATION.INVALID_FIELD` naming the entry (`[2].choice`).
 */
export const ProfileAnswersBody = z
  .array(
    z.strictObject(
      {
        question: z
          .string({ error: (issue) => (issue.input === undefined ? REQUIRED : 'a token') })
          .trim()
          .refine((v) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(v), {
            message: 'a token',
            params: { rule: 'type' },
          })
          .toLowerCase()
          .meta({ format: 'uuid', description: "the question's token" }),
        choice: z
          .int({ error: (issue) => (issue.input === undefined ? REQUIRED : 'a choice id') })
          .min(1, 'a choice id')
          .max(2_147_483_647, 'a choice id')
          .meta({ description: "the chosen choice's id" }),
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? 'unknown field' : '{question, choice}') },
    ),
    { error: 'a JSON array of {question, choice}' },
  )
  .max(MAX_PROFILE_ANSWERS, `at most ${MAX_PROFILE_ANSWERS} answers`);
export type ProfileAnswersBody = z.infer<typeof ProfileAnswersBody>;

/** The answer of stored profile answers. */
export const ProfileWeightAnswer = z.object({
  weight: z.number().min(0).meta({ description: 'docs/decisions/0036-consultation-profile-weight.md' }),
  has_answered: z.literal(true),
});
export type ProfileWeightAnswer = z.infer<typeof ProfileWeightAnswer>;

// ---- the questionnaire ----

export const QuestionnaireVariable = VariableAnswer.omit({
  attribute: true,
  is_visible: true,
  sort_order: true,
});
export type QuestionnaireVariable = z.infer<typeof QuestionnaireVariable>;

const FeaturesWithIds = GeoJsonFeatureCollectionAnswer.nullable().meta({
  description:
    'EPSG:4326; each feature has a numeric id, the one `POST data/scope/attribute` takes as predefined',
});

export const QuestionnaireAttribute = AttributeAnswer.omit({
  node: true,
  is_visible: true,
  sort_order: true,
}).extend({
  predefined: FeaturesWithIds,
  context: FeaturesWithIds,
  variables: z
    .array(QuestionnaireVariable)
    .meta({ description: 'by sort_order; participants: visible ones' }),
});
export type QuestionnaireAttribute = z.infer<typeof QuestionnaireAttribute>;

export const QuestionnaireTopic = TopicAnswer.omit({ project: true, sort_order: true }).extend({
  attributes: z
    .array(QuestionnaireAttribute)
    .meta({ description: 'by sort_order; participants: visible ones' }),
});
export type QuestionnaireTopic = z.infer<typeof QuestionnaireTopic>;

export const QuestionnaireProject = ProjectCard.extend(
  ProjectAnswer.pick({
    legislation: true,
    wms_services: true,
    center: true,
    zoom: true,
    max_bytes: true,
    forum_topic_id: true,
    forum_topic_url: true,
  }).shape,
);
export type QuestionnaireProject = z.infer<typeof QuestionnaireProject>;

export const QuestionnaireAccess = z.object({
  role: z.enum(['expert', 'normal', 'staff']).meta({
    description: "the caller's enrolment role in the category, or staff (reviewer and above)",
  }),
  can_answer: z
    .boolean()
    .meta({ description: 'enrolled, and the project open today (active, within its dates)' }),
  see_all: z
    .boolean()
    .meta({ description: "others' answers are visible: not the normal role, or a public project" }),
  answers_on_map: z
    .int()
    .min(0)
    .nullable()
    .meta({
      description:
        "how many answers with a place the layer of all answers holds for the caller (the hidden attributes' " +
        "too for staff); null when others' answers are not visible (see_all false)",
    }),
});
export type QuestionnaireAccess = z.infer<typeof QuestionnaireAccess>;

/**
 * `GET data/scope/questionnaire/category/{category}/project/{project}` (short names): the questionnaire screen
 * in one answer. Unknown category 404 `CONSULTATION.CATEGORY_NOT_FOUND`, unknown project (or one of another
 * category) 404 `CONSULTATION.PROJECT_NOT_FOUND`, not enrolled 403 `CONSULTATION.NOT_ENROLLED`.
 */
export const QuestionnaireAnswer = z.object({
  category: CategoryCard,
  project: QuestionnaireProject,
  topics: z.array(QuestionnaireTopic).meta({ description: 'by sort_order' }),
  access: QuestionnaireAccess,
  profile_required: z.boolean().meta({
    description: "the caller's role has profile questions in the category that they have not answered yet",
  }),
  today: Day.meta({ description: "today in the service's time zone" }),
});
export type QuestionnaireAnswer = z.infer<typeof QuestionnaireAnswer>;
