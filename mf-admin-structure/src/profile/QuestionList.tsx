import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { ConsultationRole } from '@agora/contracts';
import { client, ErrorFromCall, Loading, useApiGet, useNotify, errorMessageId } from '@agora/platform';
import { SortableList } from '../projects/sortable';
import { moveItem } from '../variable/kinds';
import { NewQuestionForm } from './NewQuestionForm';
import { QuestionCard } from './QuestionCard';
import { useProfileRules } from './rules';
import type { ProfileChoiceAnswer, ProfileQuestionAnswer } from '@agora/contracts/api';

/** What the order status line says: a new order being saved, saved (the moved item's place), or refused. */
type OrderStatus =
  | { state: 'idle' }
  | { state: 'saving' }
  | { state: 'saved'; title: string; n: number; total: number }
  | { state: 'failed' };

/**
 * The questions of one role of the active category: listed in order, reordered (`PUT consultationProfile/
 * sortOrder` with the tokens, `PUT consultationWeight/sortOrder` with a question's choice ids), added. The
 * writes of new orders go one after the other, and the status line (and the screen reader) says a new order
 * is saved only once the server has it.
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
  const [status, setStatus] = useState<OrderStatus>({ state: 'idle' });
  // the order writes, one after the other: a later order never overtakes an earlier one on the server
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const pending = useRef(0);

  if (error) return <ErrorFromCall error={error} />;
  if (!data) return <Loading />;

  /**
   * Shows the new order at once as being saved, sends it after the writes before it, and reloads once no
   * write is left (the stored order wins if a call fails). `moved` is what the status says once it is saved.
   */
  const reorder = (
    next: ProfileQuestionAnswer[],
    send: () => Promise<unknown>,
    moved: { title: string; n: number; total: number } | null,
  ) => {
    pending.current += 1;
    setStatus({ state: 'saving' });
    void mutate(next, { revalidate: false });
    const write = queue.current.then(async () => {
      let saved = true;
      try {
        await send();
      } catch (e) {
        saved = false;
        notify({ type: 'warning', body: errorMessageId(e) });
      }
      pending.current -= 1;
      if (pending.current > 0) {
        if (!saved) setStatus({ state: 'failed' });
        return;
      }
      await mutate();
      setStatus(
        saved && moved ? { state: 'saved', ...moved } : saved ? { state: 'idle' } : { state: 'failed' },
      );
    });
    queue.current = write;
  };

  const moveQuestion = (from: number, to: number) =>
    orderQuestions(
      moveItem(data, from, to).map((q) => q.token),
      data[from]?.token,
    );

  /** The new order of the questions; `moved`, the token of the one that moved. */
  const orderQuestions = (tokens: string[], moved?: string) => {
    const next = tokens.map((t) => data.find((q) => q.token === t)).filter((q) => q !== undefined);
    const n = moved ? next.findIndex((q) => q.token === moved) : -1;
    reorder(
      next,
      () => client.PUT('/api/consultationProfile/sortOrder', { body: tokens }),
      n < 0 ? null : { title: next[n]!.question, n: n + 1, total: next.length },
    );
  };

  /** The new order of a question's choices; `moved`, the id of the one that moved. */
  const orderChoices = (question: ProfileQuestionAnswer, choices: ProfileChoiceAnswer[], moved?: number) => {
    const next = data.map((q) => (q.token === question.token ? { ...q, choices } : q));
    const n = moved === undefined ? -1 : choices.findIndex((c) => c.id === moved);
    reorder(
      next,
      () => client.PUT('/api/consultationWeight/sortOrder', { body: choices.map((c) => c.id) }),
      n < 0 ? null : { title: choices[n]!.content, n: n + 1, total: choices.length },
    );
  };

  const roleName = intl.formatMessage({ id: `structure.profile.role.${role}` });
  return (
    <div className="st-profile-role" data-testid={`profile-role-${role}`}>
      <h2 className="ag-visually-hidden">
        <FormattedMessage id="structure.profile.questions" values={{ role: roleName }} />
      </h2>
      <p className="st-muted" role="status" data-testid="profile-order-status" data-state={status.state}>
        {status.state === 'saving' && <FormattedMessage id="structure.profile.order.saving" />}
        {status.state === 'saved' && (
          <FormattedMessage
            id="structure.profile.order.saved"
            values={{ title: status.title, n: status.n, total: status.total }}
          />
        )}
        {status.state === 'failed' && <FormattedMessage id="structure.profile.order.failed" />}
      </p>
      {data.length === 0 ? (
        <p className="st-muted" data-testid="profile-empty">
          <FormattedMessage id="structure.profile.empty" />
        </p>
      ) : (
        <SortableList
          ids={data.map((q) => q.token)}
          titleOf={(token) => data.find((q) => q.token === token)?.question ?? token}
          onReorder={orderQuestions}
          announceDrop={false}
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
