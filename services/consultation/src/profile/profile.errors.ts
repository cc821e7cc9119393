import { AppError } from '@agora/common';

export const ProfileErrors = {
  questionNotFound: () => AppError.notFound('question not found', 'CONSULTATION.QUESTION_NOT_FOUND'),
  choiceNotFound: () => AppError.notFound('choice not found', 'CONSULTATION.CHOICE_NOT_FOUND'),
  mixedQuestions: () =>
    AppError.badRequest(
      'CONSULTATION.SORT_ORDER',
      'the questions to order must all belong to one category and role',
    ),
  mixedChoices: () =>
    AppError.badRequest('CONSULTATION.SORT_ORDER', 'the choices to order must all belong to one question'),
};
