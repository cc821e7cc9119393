import { screen, waitFor } from '@testing-library/react';
import { click, mockFetch, participantUser, renderWeb } from '../../../scripts/jest/web';
import { ApiError, errorMessageId, platformMessages } from '@agora/platform';
import { messages } from '../i18n';
import { ProfileForm, type CategoryProfile } from './ProfileForm';

const CATEGORY = '5e0b6f0a-3c1d-4d8e-9a51-0d6f2b7c1a01';
const GET = `GET /api/data/scope/profile/activeCategory/${CATEGORY}`;
const POST = `POST /api/data/scope/profile/category/${CATEGORY}`;

const profile: CategoryProfile = {
  category: {
    token: CATEGORY,
    mname: 'urban-mobility',
    title: 'Urban mobility',
    summary: '',
    summary_img: '',
    summary_img_alt: '',
    active: true,
    autosubscribe: true,
  },
  role: 'normal',
  questions: [
    {
      token: 'q1',
      question: 'How do you travel?',
      weight: 1,
      choices: [
        { id: 1, content: 'On foot', icon: '/icons/walk.svg', weight: 1 },
        { id: 2, content: 'By car', icon: '/icons/car.svg', weight: 0 },
      ],
    },
    {
      token: 'q2',
      question: 'Do you live here?',
      weight: 2,
      choices: [
        { id: 3, content: 'Yes', icon: '', weight: 1 },
        { id: 4, content: 'No', icon: '', weight: 0 },
      ],
    },
  ],
  answers: [],
  weight: null,
  has_answered: false,
};

describe('ProfileForm', () => {
  it('refuses an incomplete profile with the spec’s warning and sends nothing', async () => {
    const calls = mockFetch({ [GET]: { status: 200, body: profile } });
    const onDone = jest.fn();
    await renderWeb(<ProfileForm category={CATEGORY} onDone={onDone} />, { user: participantUser, messages });
    await waitFor(() => expect(screen.getByText('How do you travel?')).toBeTruthy());
    // one radio group per question, icons at 72 px
    expect(screen.getAllByRole('group')).toHaveLength(2);
    const icon = screen.getByTestId('profile-question-0').querySelector('img')!;
    expect([icon.getAttribute('width'), icon.getAttribute('height')]).toEqual(['72', '72']);

    await click(screen.getByLabelText('On foot'));
    await click(screen.getByTestId('profile-submit'));
    expect(screen.getByRole('alert').textContent).toBe('you must answer all questions');
    expect(screen.getByTestId('profile-question-1').getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByTestId('profile-question-0').getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(onDone).not.toHaveBeenCalled();
  });

  it('sends one choice per question and closes when complete', async () => {
    const calls = mockFetch({
      [GET]: { status: 200, body: { ...profile, answers: [{ question: 'q1', choice: 2 }] } },
      [POST]: { status: 200, body: { weight: 0.33, has_answered: true } },
    });
    const onDone = jest.fn();
    await renderWeb(<ProfileForm category={CATEGORY} onDone={onDone} />, { user: participantUser, messages });
    await waitFor(() => expect((screen.getByLabelText('By car') as HTMLInputElement).checked).toBe(true));
    await click(screen.getByLabelText('No'));
    await click(screen.getByTestId('profile-submit'));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual([
      { question: 'q1', choice: 2 },
      { question: 'q2', choice: 4 },
    ]);
  });

  it('shows the server’s refusal, in Greek', async () => {
    mockFetch({
      [GET]: { status: 200, body: profile },
      [POST]: {
        status: 400,
        body: { Error: 'you must answer all questions', code: 'CONSULTATION.PROFILE_INCOMPLETE' },
      },
    });
    const onDone = jest.fn();
    await renderWeb(<ProfileForm category={CATEGORY} onDone={onDone} />, {
      user: participantUser,
      messages,
      locale: 'el',
    });
    await waitFor(() => expect(screen.getByText('Do you live here?')).toBeTruthy());
    await click(screen.getByTestId('profile-submit'));
    expect(screen.getByRole('alert').textContent).toBe('πρέπει να απαντήσετε σε όλες τις ερωτήσεις');
    await click(screen.getByLabelText('On foot'));
    await click(screen.getByLabelText('Yes'));
    await click(screen.getByTestId('profile-submit'));
    const refusal = errorMessageId(new ApiError(400, '', 'CONSULTATION.PROFILE_INCOMPLETE'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(platformMessages.el![refusal]));
    expect(screen.getByRole('dialog', { name: 'Προφίλ διαβούλευσης' })).toBeTruthy();
    expect(onDone).not.toHaveBeenCalled();
  });
});
