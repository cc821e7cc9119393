import { useId, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ProfileFormAnswer } from '@agora/contracts/api';
import { client, errorMessageId, Loading, Modal, SubmitForm, useApiGet, useNotify } from '@agora/platform';
import './profile.css';

export type CategoryProfile = ProfileFormAnswer;
export type ProfileQuestion = ProfileFormAnswer['questions'][number];

export type ProfileAnswer = { question: string; choice: number };

/** The answers to send, or the questions still unanswered ('you must answer all questions'). */
export function profileAnswers(
  questions: readonly ProfileQuestion[],
  chosen: Readonly<Record<string, number>>,
): { ok: true; answers: ProfileAnswer[] } | { ok: false; missing: string[] } {
  const missing = questions.filter((q) => chosen[q.token] === undefined).map((q) => q.token);
  if (missing.length > 0) return { ok: false, missing };
  return { ok: true, answers: questions.map((q) => ({ question: q.token, choice: chosen[q.token]! })) };
}

export interface ProfileFormProps {
  /** the category's token */
  category: string;
  /** the profile was saved */
  onDone: () => void;
  /** leaves without answering (e.g. back to the category page); without it the form must be answered */
  onLeave?: () => void;
}

/**
 * The consultation-profile modal (spec part 2 §2, §5): one radio group per question of the caller's enrolment
 * role, each choice with its icon at 72 px; every question must be answered ('you must answer all questions'),
 * the server's refusal is shown too. Sends `[{question, choice}]`.
 */
export function ProfileForm({ category, onDone, onLeave }: ProfileFormProps) {
  const intl = useIntl();
  const notify = useNotify();
  const errorId = useId();
  const { data, error } = useApiGet(
    '/api/data/scope/profile/activeCategory/{category}',
    { params: { path: { category } } },
    { revalidateOnFocus: false },
  );
  const [chosen, setChosen] = useState<Record<string, number> | null>(null);
  const [missing, setMissing] = useState<string[]>([]);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const current: Record<string, number> =
    chosen ?? Object.fromEntries((data?.answers ?? []).map((a) => [a.question, a.choice]));

  const submit = async () => {
    if (!data) return;
    const outcome = profileAnswers(data.questions, current);
    if (!outcome.ok) {
      setMissing(outcome.missing);
      setFailure(intl.formatMessage({ id: 'consultation.profile.incomplete' }));
      return;
    }
    setMissing([]);
    setFailure(null);
    setBusy(true);
    try {
      await client.POST('/api/data/scope/profile/category/{category}', {
        params: { path: { category } },
        body: outcome.answers,
      });
      notify({ type: 'success', body: 'data posted' });
      onDone();
    } catch (e) {
      setFailure(intl.formatMessage({ id: errorMessageId(e) }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={<FormattedMessage id="consultation.profile.title" />}
      onClose={onLeave}
      testId="profile-form"
    >
      {error ? (
        <p role="alert" data-testid="profile-load-error">
          <FormattedMessage id={errorMessageId(error)} />
        </p>
      ) : !data ? (
        <Loading />
      ) : (
        <SubmitForm
          className="cons-profile"
          aria-describedby={failure ? errorId : undefined}
          onSubmit={submit}
        >
          <p>
            <FormattedMessage id="consultation.profile.intro" />
          </p>
          {data.questions.map((q, qi) => {
            const invalid = missing.includes(q.token);
            return (
              <fieldset
                key={q.token}
                className={`cons-profile-question${invalid ? ' is-invalid' : ''}`}
                data-testid={`profile-question-${qi}`}
                aria-invalid={invalid || undefined}
              >
                <legend>{q.question}</legend>
                <div className="cons-profile-choices">
                  {q.choices.map((c) => (
                    <label key={c.id} className="cons-profile-choice">
                      <input
                        type="radio"
                        name={`profile-${q.token}`}
                        value={c.id}
                        checked={current[q.token] === c.id}
                        onChange={() => {
                          setChosen({ ...current, [q.token]: c.id });
                          setMissing((m) => m.filter((t) => t !== q.token));
                        }}
                      />
                      {c.icon && <img src={c.icon} alt="" width={72} height={72} />}
                      <span>{c.content}</span>
                    </label>
                  ))}
                </div>
              </fieldset>
            );
          })}
          {failure && (
            <p id={errorId} className="ag-field-error" role="alert" data-testid="profile-error">
              {failure}
            </p>
          )}
          <div className="ag-modal-actions">
            <button
              type="submit"
              className="ag-button ag-button-primary"
              disabled={busy}
              data-testid="profile-submit"
            >
              <FormattedMessage id="consultation.profile.submit" />
            </button>
            {onLeave && (
              <button type="button" className="ag-button" onClick={onLeave} data-testid="profile-leave">
                <FormattedMessage id="consultation.profile.leave" />
              </button>
            )}
          </div>
        </SubmitForm>
      )}
    </Modal>
  );
}
