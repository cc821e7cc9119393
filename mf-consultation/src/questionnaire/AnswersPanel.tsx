import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { DateText, type OutboxEntry } from '@agora/platform';
import { PendingBadge } from './OutboxPanel';
import type { AnswerFeature, QuestionnaireAttribute } from './types';

export interface AnswerListProps {
  attribute: QuestionnaireAttribute;
  /** the attribute's answers in the checked layers */
  answers: readonly AnswerFeature[];
  /** the caller's answers to it kept on the device, not sent yet (listed with their badge) */
  pending?: readonly OutboxEntry[] | undefined;
  onOpen: (answer: AnswerFeature) => void;
  onStats: () => void;
  /** offered when the caller may add one */
  onAdd?: () => void;
  onClose: () => void;
}

/** The answers of one attribute, as a list (the keyboard's way to what the map shows), with its statistics. */
export function AnswerList({
  attribute,
  answers,
  pending = [],
  onOpen,
  onStats,
  onAdd,
  onClose,
}: AnswerListProps) {
  const intl = useIntl();
  return (
    <section className="cons-panel" aria-labelledby="cons-answers-title" data-testid="answer-list">
      <h2 id="cons-answers-title" className="cons-panel-title">
        <FormattedMessage id="consultation.questionnaire.answers.title" values={{ name: attribute.name }} />
      </h2>
      {pending.length > 0 && (
        <ul className="cons-answer-list" data-testid="answer-list-pending">
          {pending.map((kept) => (
            <li key={kept.id}>
              <FormattedMessage
                id="consultation.outbox.item"
                values={{ date: <DateText value={new Date(kept.created).toISOString()} withTime /> }}
              />{' '}
              <PendingBadge kept={kept} />
            </li>
          ))}
        </ul>
      )}
      {answers.length === 0 && pending.length === 0 ? (
        <p>
          <FormattedMessage id="consultation.questionnaire.answers.none" />
        </p>
      ) : (
        <ol className="cons-answer-list">
          {answers.map((answer, i) => (
            <li key={answer.id}>
              <button type="button" className="cons-link-button" onClick={() => onOpen(answer)}>
                {intl.formatMessage(
                  { id: 'consultation.questionnaire.answers.item' },
                  {
                    n: i + 1,
                    mine: String(answer.properties.isOwner),
                    likes: answer.properties.likes,
                    dislikes: answer.properties.dislikes,
                  },
                )}
              </button>
            </li>
          ))}
        </ol>
      )}
      <AnswerListActions onAdd={onAdd} onStats={onStats} onClose={onClose} />
    </section>
  );
}

/** The buttons under a list of answers: add one (where the user may), the statistics, close. */
export function AnswerListActions({
  onAdd,
  onStats,
  onClose,
}: {
  onAdd?: () => void;
  onStats: () => void;
  onClose: () => void;
}) {
  return (
    <div className="cons-actions">
      {onAdd && (
        <button
          type="button"
          className="ag-button ag-button-primary"
          onClick={onAdd}
          data-testid="answers-add"
        >
          <FormattedMessage id="consultation.questionnaire.mode.add" />
        </button>
      )}
      <button type="button" className="ag-button" onClick={onStats} data-testid="answers-stats">
        <FormattedMessage id="consultation.questionnaire.answers.stats" />
      </button>
      <button type="button" className="ag-button" onClick={onClose}>
        <FormattedMessage id="consultation.questionnaire.close" />
      </button>
    </div>
  );
}

export interface AnswerDetailsProps {
  attribute: QuestionnaireAttribute;
  answer: AnswerFeature;
  /** answering is open (deleting and editing one's own answers) */
  open: boolean;
  onValues: (editable: boolean) => void;
  onEditShape?: () => void;
  onDelete: () => void;
  onStats: () => void;
  onClose: () => void;
  /** the like/dislike buttons */
  reactions: React.ReactNode;
}

/**
 * One answer: who and when, its values (read-only, or editable by its owner in edit mode), its reactions, and
 * for the owner while answering is open: edit its shape (as the attribute allows) and delete it.
 */
export function AnswerDetails(props: AnswerDetailsProps) {
  const { attribute, answer, open } = props;
  const own = answer.properties.isOwner;
  const [editMode, setEditMode] = useState(false);
  const ownOpen = own && open;
  return (
    <section className="cons-panel" aria-labelledby="cons-answer-title" data-testid="answer-details">
      <h2 id="cons-answer-title" className="cons-panel-title">
        <FormattedMessage
          id="consultation.questionnaire.answer.title"
          values={{ name: attribute.name, mine: String(own) }}
        />
      </h2>
      <p className="cons-hint">
        <FormattedMessage
          id="consultation.questionnaire.answer.created"
          values={{ date: <DateText value={answer.properties.created} /> }}
        />
      </p>
      {ownOpen && (
        <label className="cons-check">
          <input
            type="checkbox"
            checked={editMode}
            onChange={(e) => setEditMode(e.target.checked)}
            data-testid="answer-edit-mode"
          />
          <FormattedMessage id="consultation.questionnaire.answer.editMode" />
        </label>
      )}
      <div className="cons-actions">
        {attribute.variables.length > 0 && (
          <button
            type="button"
            className="ag-button"
            onClick={() => props.onValues(ownOpen && editMode)}
            data-testid="answer-values"
          >
            <FormattedMessage
              id={
                ownOpen && editMode
                  ? 'consultation.questionnaire.answer.edit'
                  : 'consultation.questionnaire.answer.values'
              }
            />
          </button>
        )}
        {ownOpen && editMode && props.onEditShape && (
          <button
            type="button"
            className="ag-button"
            onClick={props.onEditShape}
            data-testid="answer-edit-shape"
          >
            <FormattedMessage id="consultation.questionnaire.answer.editShape" />
          </button>
        )}
        {ownOpen && (
          <button
            type="button"
            className="ag-button ag-button-danger"
            onClick={props.onDelete}
            data-testid="answer-delete"
          >
            <FormattedMessage id="consultation.questionnaire.answer.delete" />
          </button>
        )}
        <button type="button" className="ag-button" onClick={props.onStats} data-testid="answer-stats">
          <FormattedMessage id="consultation.questionnaire.answers.stats" />
        </button>
      </div>
      {props.reactions}
      <div className="cons-actions">
        <button type="button" className="ag-button" onClick={props.onClose}>
          <FormattedMessage id="consultation.questionnaire.close" />
        </button>
      </div>
    </section>
  );
}
