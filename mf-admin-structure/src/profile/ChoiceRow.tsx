import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { VALIDATION_MESSAGES } from '@agora/contracts';
import { client, useConfirm, useNotify } from '@agora/platform';
import { MoveButtons } from '../variable/MoveButtons';
import { useServerErrors } from '../variable/serverErrors';
import { iconFormData, pendingIconFile, releasePendingIcon } from '../variable/IconUpload';
import { ChoiceEditor, DragHandle } from './ChoiceFields';
import { useSortableItem } from '../projects/sortable';
import { changes, checkValues, hasErrors, type ChoiceDraft } from './rules';
import { useAction } from './useAction';
import type { ScopeRules } from '@agora/contracts';
import type { ProfileChoiceAnswer } from '@agora/contracts/api';

export interface ChoiceRowProps {
  choice: ProfileChoiceAnswer;
  /** 1-based position, for names */
  n: number;
  count: number;
  rules: ScopeRules;
  onMove: (from: number, to: number) => void;
  /** reloads the questions after a change */
  refresh: () => Promise<unknown>;
}

const draftOf = (c: ProfileChoiceAnswer): ChoiceDraft => ({
  content: c.content,
  icon: c.icon,
  weight: String(c.weight),
});

/** One choice of a question: icon (72 px), content and weight, edited in place; moved; deleted after a confirm. */
export function ChoiceRow({ choice, n, count, rules, onMove, refresh }: ChoiceRowProps) {
  const intl = useIntl();
  const notify = useNotify();
  const confirm = useConfirm();
  const run = useAction();
  const server = useServerErrors();
  const [draft, setDraft] = useState<ChoiceDraft | null>(null);
  const [attempted, setAttempted] = useState(false);
  const label = intl.formatMessage({ id: 'structure.profile.choiceN' }, { n });
  const ofChoice = { params: { path: { id: String(choice.id) } } };
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, style } = useSortableItem(
    String(choice.id),
    draft !== null,
  );

  const save = async () => {
    if (!draft) return;
    setAttempted(true);
    if (hasErrors(checkValues(rules, draft))) {
      notify({ type: 'warning', body: VALIDATION_MESSAGES.form });
      return;
    }
    const body = changes({ content: choice.content, icon: choice.icon, weight: choice.weight }, draft);
    if (Object.keys(body).length === 0) {
      setDraft(null);
      return;
    }
    const file = pendingIconFile(draft.icon);
    const payload = file && body.icon !== undefined ? iconFormData(body, { icon: file }, true) : body;
    const result = await run(
      () => client.PUT('/api/consultationWeight/id/{id}', { ...ofChoice, body: payload }),
      'successful update',
    );
    if (!result.ok) {
      server.take(result.error);
      return;
    }
    releasePendingIcon(draft.icon);
    await refresh();
    setDraft(null);
  };

  const remove = async () => {
    if (!(await confirm({ title: 'drop confirm' }))) return;
    if ((await run(() => client.DELETE('/api/consultationWeight/id/{id}', ofChoice), 'data deleted')).ok)
      await refresh();
  };

  if (draft) {
    return (
      <li
        className="st-profile-choice is-editing"
        data-testid="profile-choice"
        ref={setNodeRef}
        style={style}
      >
        <ChoiceEditor
          legend={label}
          idPrefix={`choice-${choice.id}`}
          value={draft}
          onChange={(next) => {
            for (const k of Object.keys(next)) server.clear(k);
            setDraft(next);
          }}
          errors={attempted ? checkValues(rules, draft) : {}}
          server={server.errors}
          primary="save"
          onPrimary={() => void save()}
          onCancel={() => setDraft(null)}
          testId="choice"
        />
      </li>
    );
  }
  return (
    <li className="st-profile-choice" data-testid="profile-choice" ref={setNodeRef} style={style}>
      <DragHandle
        name={label}
        attributes={attributes}
        listeners={listeners}
        activatorRef={setActivatorNodeRef}
        testId="choice-drag"
      />
      {choice.icon ? (
        <img
          className="st-choice-icon"
          src={choice.icon}
          alt={intl.formatMessage({ id: 'structure.profile.iconAlt' }, { content: choice.content })}
        />
      ) : (
        <span className="st-choice-icon" aria-hidden="true" />
      )}
      <span className="st-choice-text">
        <span data-testid="choice-content">{choice.content}</span>
        <span className="st-muted" data-testid="choice-weight">
          <FormattedMessage id="structure.profile.weightValue" values={{ weight: choice.weight }} />
        </span>
      </span>
      <span className="st-row-tools">
        <button
          type="button"
          className="ag-button"
          aria-label={intl.formatMessage({ id: 'structure.profile.editChoice' }, { n })}
          onClick={() => {
            setAttempted(false);
            setDraft(draftOf(choice));
          }}
          data-testid="choice-edit"
        >
          <FormattedMessage id="structure.profile.edit" />
        </button>
        <MoveButtons name={label} index={n - 1} count={count} onMove={onMove} testId="choice-move" />
        <button
          type="button"
          className="ag-button"
          aria-label={intl.formatMessage({ id: 'structure.profile.deleteChoice' }, { n })}
          onClick={() => void remove()}
          data-testid="choice-delete"
        >
          <FormattedMessage id="structure.profile.delete" />
        </button>
      </span>
    </li>
  );
}
