import { MAX_PROFILE_ANSWERS, ProfileAnswersBody, ProjectCard } from './consultation-questionnaire.js';

const TOKEN = '0B0C6A3E-3F59-4A4E-8D7E-1D7A1C0F0A01';

/** Where and why a body is refused. */
function refusal(value: unknown) {
  const result = ProfileAnswersBody.safeParse(value);
  if (result.success) throw new Error(`accepted ${JSON.stringify(value)}`);
  const issue = result.error.issues[0]!;
  return { path: issue.path.join('.'), message: issue.message };
}

describe('profile answers body', () => {
  it('takes a list of {question, choice}, the question token lower-cased', () => {
    expect(ProfileAnswersBody.parse([{ question: ` ${TOKEN} `, choice: 7 }])).toEqual([
      { question: TOKEN.toLowerCase(), choice: 7 },
    ]);
    expect(ProfileAnswersBody.parse([])).toEqual([]);
  });

  it.each([
    [{ question: TOKEN, choice: 1 }, '', 'a JSON array of {question, choice}'],
    [[{ question: 'x', choice: 1 }], '0.question', 'a token'],
    [[{ question: TOKEN, choice: '1' }], '0.choice', 'a choice id'],
    [[{ question: TOKEN, choice: 0 }], '0.choice', 'a choice id'],
    [[{ question: TOKEN, choice: 1.5 }], '0.choice', 'a choice id'],
    [[{ question: TOKEN }], '0.choice', 'This value is required.'],
    [[{ choice: 1 }], '0.question', 'This value is required.'],
    [[{ question: TOKEN, choice: 1, weight: 2 }], '0', 'unknown field'],
    [['x'], '0', '{question, choice}'],
  ])('refuses %j at %p: %s', (value, path, message) => {
    expect(refusal(value)).toEqual({ path, message });
  });

  it(`takes at most ${MAX_PROFILE_ANSWERS} answers`, () => {
    const many = Array.from({ length: MAX_PROFILE_ANSWERS + 1 }, () => ({ question: TOKEN, choice: 1 }));
    expect(refusal(many)).toEqual({ path: '', message: `at most ${MAX_PROFILE_ANSWERS} answers` });
  });
});

describe('project card', () => {
  it('has a state among upcoming, open and closed', () => {
    expect(ProjectCard.shape.state.options).toEqual(['upcoming', 'open', 'closed']);
  });
});
