import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { VALIDATION_MESSAGES, type ScopeRules } from '@agora/contracts';
import { client, TextField, useConfirm, useNotify } from '@agora/platform';
import { SortableList, useSortableItem } from '../projects/sortable';
import { moveItem } from '../variable/kinds';
import { MoveButtons } from '../variable/MoveButtons';
import { useServerErrors } from '../variable/serverErrors';
import { iconFormData, pendingIconFile, releasePendingIcon } from '../variable/IconUpload';
import { ChoiceEditor, DragHandle, EditActions } from './ChoiceFields';
import { ChoiceRow } from './ChoiceRow';
import { changes, checkValues, emptyChoice, hasErrors, type ChoiceDraft } from './rules';
import { useAction } from './useAction';
import type { ProfileChoiceAnswer, ProfileQuestionAnswer } from '@agora/contracts/api';

export interface QuestionCardProps {
  question: ProfileQuestionAnswer;
  /** 1-based position */
  n: number;
  count: number;
  rules: ScopeRules;
  onMove: (from: number, to: number) => void;
  /** a new order of the question's choices; `moved`, the id of the choice that moved */
  onOrderChoices: (question: ProfileQuestionAnswer, choices: ProfileChoiceAnswer[], moved?: number) => void;
  refresh: () => Promise<unknown>;
}

type QuestionDraft = {
  question: string;
  weight: string;
};

/**
 * A profile question: text and weight edited in place (`PUT consultationProfile/token/{t}`, only what changed),
 * moved up or down, deleted after a confirm; its choices listed, edited, moved and deleted, and new ones added
 * (`POST consultationWeight`).
 */
export function QuestionCard({
  question,
  n,
  count,
  rules,
  onMove,
  onOrderChoices,
  refresh,
}: QuestionCardProps) {
  const intl = useIntl();
  const notify = useNotify();
  const confirm = useConfirm();
  const run = useAction();
  const server = useServerErrors();
  const [draft, setDraft] = useState<QuestionDraft | null>(null);
  const [newChoice, setNewChoice] = useState<ChoiceDraft | null>(null);
  const [attempted, setAttempted] = useState({ question: false, choice: false });
  const name = intl.formatMessage({ id: 'structure.profile.questionN' }, { n });
  const ofQuestion = { params: { path: { token: question.token } } };
  const headingId = `question-${question.token}-heading`;
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style } = useSortableItem(
    question.token,
    draft !== null,
  );
  const byId = (id: string) => question.choices.find((c) => String(c.id) === id);

  const refused = () => notify({ type: 'warning', body: VALIDATION_MESSAGES.form });

  const save = async () => {
    if (!draft) return;
    setAttempted((a) => ({ ...a, question: true }));
    if (hasErrors(checkValues(rules, draft))) return refused();
    const body = changes({ question: question.question, weight: question.weight }, draft);
    if (Object.keys(body).length === 0) return setDraft(null);
    const result = await run(
      () => client.PUT('/api/consultationProfile/token/{token}', { ...ofQuestion, body }),
      'successful update',
    );
    if (!result.ok) return server.take(result.error);
    await refresh();
    setDraft(null);
  };

  const remove = async () => {
    if (!(await confirm({ title: 'drop confirm' }))) return;
    if (
      (await run(() => client.DELETE('/api/consultationProfile/token/{token}', ofQuestion), 'data deleted'))
        .ok
    )
      await refresh();
  };

  const addChoice = async () => {
    if (!newChoice) return;
    setAttempted((a) => ({ ...a, choice: true }));
    if (hasErrors(checkValues(rules, newChoice))) return refused();
    const body = { question: question.token, ...newChoice, weight: Number(newChoice.weight) };
    const file = pendingIconFile(newChoice.icon);
    const payload = file ? iconFormData(body, { icon: file }) : body;
    const result = await run(() => client.POST('/api/consultationWeight', { body: payload }), 'data posted');
    if (!result.ok) return server.take(result.error);
    releasePendingIcon(newChoice.icon);
    await refresh();
    setNewChoice(null);
  };

  return (
    <li className="st-profile-question" data-testid="profile-question" ref={setNodeRef} style={style}>
      {draft ? (
        <fieldset className="st-group">
          <legend className="ag-field-label" id={headingId}>
            {name}
          </legend>
          <TextField
            name="question"
            id={`question-${question.token}-question`}
            label={<FormattedMessage id="structure.profile.question" />}
            required
            value={draft.question}
            onChange={(v) => {
              server.clear('question');
              setDraft({ ...draft, question: v });
            }}
            error={attempted.question ? checkValues(rules, draft).question : null}
            errorText={server.errors.question}
          />
          <TextField
            name="weight"
            id={`question-${question.token}-weight`}
            type="number"
            step={1}
            label={<FormattedMessage id="structure.profile.weight" />}
            required
            value={draft.weight}
            onChange={(v) => {
              server.clear('weight');
              setDraft({ ...draft, weight: v });
            }}
            error={attempted.question ? checkValues(rules, draft).weight : null}
            errorText={server.errors.weight}
          />
          <EditActions
            primary="save"
            onPrimary={() => void save()}
            onCancel={() => setDraft(null)}
            testId="question"
          />
        </fieldset>
      ) : (
        <div className="st-profile-question-head">
          <DragHandle
            name={name}
            attributes={attributes}
            listeners={listeners}
            activatorRef={setActivatorNodeRef}
            testId="question-drag"
          />
          <h3 id={headingId} className="st-profile-question-title">
            <span className="ag-visually-hidden">{name}: </span>
            <span data-testid="question-text">{question.question}</span>
          </h3>
          <span className="st-muted" data-testid="question-weight">
            <FormattedMessage id="structure.profile.weightValue" values={{ weight: question.weight }} />
          </span>
          <span className="st-row-tools">
            <button
              type="button"
              className="ag-button"
              aria-label={intl.formatMessage({ id: 'structure.profile.editQuestion' }, { n })}
              onClick={() => {
                setAttempted((a) => ({ ...a, question: false }));
                setDraft({ question: question.question, weight: String(question.weight) });
              }}
              data-testid="question-edit"
            >
              <FormattedMessage id="structure.profile.edit" />
            </button>
            <MoveButtons name={name} index={n - 1} count={count} onMove={onMove} testId="question-move" />
            <button
              type="button"
              className="ag-button"
              aria-label={intl.formatMessage({ id: 'structure.profile.deleteQuestion' }, { n })}
              onClick={() => void remove()}
              data-testid="question-delete"
            >
              <FormattedMessage id="structure.profile.delete" />
            </button>
          </span>
        </div>
      )}
      <h4 className="ag-visually-hidden">
        <FormattedMessage id="structure.profile.choices" />
      </h4>
      {question.choices.length === 0 ? (
        <p className="st-muted">
          <FormattedMessage id="structure.profile.noChoices" />
        </p>
      ) : (
        <SortableList
          ids={question.choices.map((c) => String(c.id))}
          titleOf={(id) => byId(id)?.content ?? id}
          onReorder={(ids, moved) =>
            onOrderChoices(
              question,
              ids.map(byId).filter((c) => c !== undefined),
              Number(moved),
            )
          }
          announceDrop={false}
        >
          <ol className="st-profile-choices">
            {question.choices.map((c, i) => (
              <ChoiceRow
                key={c.id}
                choice={c}
                n={i + 1}
                count={question.choices.length}
                rules={rules}
                onMove={(from, to) =>
                  onOrderChoices(question, moveItem(question.choices, from, to), question.choices[from]?.id)
                }
                refresh={refresh}
              />
            ))}
          </ol>
        </SortableList>
      )}
      {newChoice ? (
        <ChoiceEditor
          legend={<FormattedMessage id="structure.profile.addChoice" />}
          idPrefix={`question-${question.token}-new-choice`}
          value={newChoice}
          onChange={(next) => {
            for (const k of Object.keys(next)) server.clear(k);
            setNewChoice(next);
          }}
          errors={attempted.choice ? checkValues(rules, newChoice) : {}}
          server={server.errors}
          primary="add"
          onPrimary={() => void addChoice()}
          onCancel={() => setNewChoice(null)}
          testId="new-choice"
        />
      ) : (
        <button
          type="button"
          className="ag-button"
          onClick={() => {
            setAttempted((a) => ({ ...a, choice: false }));
            setNewChoice(emptyChoice());
          }}
          data-testid="question-add-choice"
        >
          <FormattedMessage id="structure.profile.addChoice" />
        </button>
      )}
    </li>
  );
}
