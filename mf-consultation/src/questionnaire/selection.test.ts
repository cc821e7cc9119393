import { selectionFor } from './selection';

const project = (over: { active?: boolean; is_public?: boolean } = {}) => ({
  active: true,
  is_public: false,
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  ...over,
});

describe('selectionFor (what selecting an attribute does)', () => {
  it('shows answers to experts and staff whatever the project', () => {
    for (const role of ['expert', 'staff'] as const) {
      expect(selectionFor({ role, can_answer: true }, project(), '2026-11-10')).toEqual({ kind: 'answers' });
      expect(selectionFor({ role, can_answer: false }, project({ active: false }), '2026-12-10')).toEqual({
        kind: 'answers',
      });
    }
  });

  it('lets a normal participant choose when the project is open and public', () => {
    expect(
      selectionFor({ role: 'normal', can_answer: true }, project({ is_public: true }), '2026-11-10'),
    ).toEqual({ kind: 'choose' });
  });

  it('shows answers when public but not open, answering when open but not public', () => {
    expect(
      selectionFor({ role: 'normal', can_answer: false }, project({ is_public: true }), '2026-12-10'),
    ).toEqual({ kind: 'answers' });
    expect(selectionFor({ role: 'normal', can_answer: true }, project(), '2026-11-10')).toEqual({
      kind: 'answer',
    });
  });

  it('says why nothing can be done otherwise: inactive, not started, ended (with the dates)', () => {
    const closed = (p: ReturnType<typeof project>, today: string) =>
      selectionFor({ role: 'normal', can_answer: false }, p, today);
    expect(closed(project({ active: false }), '2026-11-10')).toEqual({
      kind: 'closed',
      reason: 'inactive',
      start: '2026-11-01',
      end: '2026-11-30',
    });
    expect(closed(project(), '2026-10-31')).toMatchObject({ kind: 'closed', reason: 'upcoming' });
    expect(closed(project(), '2026-12-01')).toMatchObject({ kind: 'closed', reason: 'ended' });
  });
});
