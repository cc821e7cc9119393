import { CSRF_COOKIE } from '@agora/contracts';
import { clearCookies, mockFetch } from '../../../scripts/jest/web';
import { questionnaireAhead } from './ahead';

const URL = '/api/data/scope/questionnaire/category/urban%20mobility/project/cycle-lane';

describe('questionnaireAhead', () => {
  beforeEach(() => clearCookies());

  it("starts the questionnaire's call with a session, for the route's category and project", () => {
    const calls = mockFetch({ [`GET ${URL}`]: { status: 403, body: { Error: 'not enrolled' } } });
    document.cookie = `${CSRF_COOKIE}=t1; path=/`;
    questionnaireAhead({ category: 'urban mobility', project: 'cycle-lane' });
    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([`GET ${URL}`]);
  });

  it('asks nothing without a session (the page sends the visitor to the login page)', () => {
    const calls = mockFetch({});
    questionnaireAhead({ category: 'urban mobility', project: 'cycle-lane' });
    expect(calls).toEqual([]);
  });
});
