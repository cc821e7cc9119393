import type { QuestionnaireAccess, QuestionnaireProject } from './types';

/** Why a normal participant can neither answer nor see answers. */
export type ClosedReason = 'inactive' | 'upcoming' | 'ended';

/** What selecting an attribute does (spec part 2 §4 "Selecting an attribute"). */
export type Selection =
  /** open and public: the mode-choice dialog (add an answer / see answers) */
  | { kind: 'choose' }
  /** the answers panel */
  | { kind: 'answers' }
  /** answering */
  | { kind: 'answer' }
  /** nothing can be done: why, with the project's dates */
  | { kind: 'closed'; reason: ClosedReason; start: string; end: string };

/** Why answering is closed on `today` (yyyy-MM-dd): inactive, before the start date, after the end date. */
export function closedReason(
  project: Pick<QuestionnaireProject, 'active' | 'start_date' | 'end_date'>,
  today: string,
): ClosedReason {
  if (!project.active) return 'inactive';
  if (today < project.start_date) return 'upcoming';
  return 'ended';
}

/**
 * The selection for the caller's access: experts and staff see answers; a normal participant chooses when the
 * project is open and public, sees answers when it is public only, answers when it is open only, and is told why
 * otherwise. "Open" is the server's `can_answer` (enrolled, active, today within the dates).
 */
export function selectionFor(
  access: Pick<QuestionnaireAccess, 'role' | 'can_answer'>,
  project: Pick<QuestionnaireProject, 'active' | 'is_public' | 'start_date' | 'end_date'>,
  today: string,
): Selection {
  if (access.role !== 'normal') return { kind: 'answers' };
  const open = access.can_answer;
  if (open && project.is_public) return { kind: 'choose' };
  if (project.is_public) return { kind: 'answers' };
  if (open) return { kind: 'answer' };
  return {
    kind: 'closed',
    reason: closedReason(project, today),
    start: project.start_date,
    end: project.end_date,
  };
}
