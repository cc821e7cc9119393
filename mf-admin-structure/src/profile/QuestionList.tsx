import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ConsultationRole } from '@agora/contracts';
import { client, ErrorFromCall, Loading, useApiGet, useNotify, errorMessageId } from '@agora/platform';
import { SortableList } from '../projects/sortable';
import { moveItem } from '../variable/kinds';
import { NewQuestionForm } from './NewQuestionForm';
import { QuestionCard } from './QuestionCard';
import { useProfileRules } from './rules';
import type { ProfileChoiceAnswer, ProfileQuestionAnswer } from '@agora/contracts/api';

/**
 * The questions of one role of the active category: listed in order, reordered (`PUT consultationProfile/
 * sortOrder` with the tokens, `PUT consultationWeight/sortOrder` with a question's choice ids), added.
 */
export function QuestionList({ category, role }: { category: string; role: ConsultationRole }) {
  const intl = useIntl();
  const notify = useNotify();
  const rules = useProfileRules();
  // a role's questions with their choices, in order
  const { data, error, mutate } = useApiGet('/api/consultationProfile/category/{category}/role/{role}', {
    params: { path: { category, role } },
  });
  const [adding, setAdding] = useState(false);

  if (error) return <ErrorFromCall error={error} />;
  if (!data) return <Loading />;

  /** Shows the new order at once, sends it, and reloads (the stored order wins if the call fails). */
  const reorder = async (next: ProfileQuestionAnswer[], send: () => Promise<unknown>) => {
    await mutate(next, { revalidate: false });
    try {
      await send();
    } catch (e) {
      notify({ type: 'warning', body: errorMessageId(e) });
    }
    await mutate();
  };

  const moveQuestion = (from: number, to: number) =>
    orderQuestions(moveItem(data, from, to).map((q) => q.token));

  const orderQuestions = (tokens: string[]) => {
    const next = tokens.map((t) => data.find((q) => q.token === t)).filter((q) => q !== undefined);
    void reorder(next, () => client.PUT('/api/consultationProfile/sortOrder', { body: tokens }));
  };

  const orderChoices = (question: ProfileQuestionAnswer, choices: ProfileChoiceAnswer[]) => {
    const next = data.map((q) => (q.token === question.token ? { ...q, choices } : q));
    void reorder(next, () =>
      client.PUT('/api/consultationWeight/sortOrder', { body: choices.map((c) => c.id) }),
    );
  };

  const roleName = intl.formatMessage({ id: `structure.profile.role.${role}` });
  return (
    <div className="st-profile-role" data-testid={`profile-role-${role}`}>
      <h2 className="ag-visually-hidden">
        <FormattedMessage id="structure.profile.questions" values={{ role: roleName }} />
      </h2>
      {data.length === 0 ? (
        <p className="st-muted" data-testid="profile-empty">
          <FormattedMessage id="structure.profile.empty" />
        </p>
      ) : (
        <SortableList
          ids={data.map((q) => q.token)}
          titleOf={(token) => data.find((q) => q.token === token)?.question ?? token}
          onReorder={orderQuestions}
        >
          <ol className="st-profile-questions">
            {data.map((q, i) => (
              <QuestionCard
                key={q.token}
                question={q}
                n={i + 1}
                count={data.length}
                rules={rules}
                onMove={moveQuestion}
                onOrderChoices={orderChoices}
                refresh={() => mutate()}
              />
            ))}
          </ol>
        </SortableList>
      )}
      {adding ? (
        <NewQuestionForm
          category={category}
          role={role}
          rules={rules}
          onDone={(added) => {
            setAdding(false);
            if (added) void mutate();
          }}
        />
      ) : (
        <button
          type="button"
          className="ag-button ag-button-primary"
          onClick={() => setAdding(true)}
          data-testid="add-question"
        >
          <FormattedMessage id="structure.profile.addQuestion" />
        </button>
      )}
    </div>
  );
}
