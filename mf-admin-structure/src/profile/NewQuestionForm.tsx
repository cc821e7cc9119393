import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { VALIDATION_MESSAGES, type ConsultationRole, type ScopeRules } from '@agora/contracts';
import { client, SubmitForm, TextField, useNotify } from '@agora/platform';
import { EditableList } from '../variable/ChoiceEditors';
import { iconFormData, pendingIconFile, releasePendingIcon } from '../variable/IconUpload';
import { useServerErrors } from '../variable/serverErrors';
import { ChoiceFields } from './ChoiceFields';
import { checkValues, emptyChoice, hasErrors, type ChoiceDraft } from './rules';
import { useAction } from './useAction';

export interface NewQuestionFormProps {
  category: string;
  role: ConsultationRole;
  rules: ScopeRules;
  onDone: (added: boolean) => void;
}

/** A new question of a role: question, weight and its choices (content, icon, weight each), all required. */
export function NewQuestionForm({ category, role, rules, onDone }: NewQuestionFormProps) {
  const intl = useIntl();
  const notify = useNotify();
  const run = useAction();
  const server = useServerErrors();
  const [question, setQuestion] = useState('');
  const [weight, setWeight] = useState('');
  const [choices, setChoices] = useState<ChoiceDraft[]>([emptyChoice()]);
  const [attempted, setAttempted] = useState(false);
  const errors = attempted ? checkValues(rules, { question, weight }) : {};
  // the library's refusal of an uploaded icon names its part, `icons_i`: shown under the choices
  const iconRefusal = Object.entries(server.errors).find(([field]) => field.startsWith('icons_'));
  const choicesError =
    server.errors.choices ??
    (iconRefusal
      ? intl.formatMessage(
          { id: 'structure.profile.choiceIconRefused' },
          { n: Number(iconRefusal[0].slice('icons_'.length)) + 1, message: iconRefusal[1] },
        )
      : undefined);

  const submit = async () => {
    setAttempted(true);
    const invalid =
      hasErrors(checkValues(rules, { question, weight })) ||
      choices.some((c) => hasErrors(checkValues(rules, c)));
    if (invalid) {
      notify({ type: 'warning', body: VALIDATION_MESSAGES.form });
      return;
    }
    // an uploaded icon goes as the file `icons_i` of choice i, the choices then as JSON text (multipart)
    const files: Record<string, File> = {};
    const wire = choices.map((c, i) => {
      const file = pendingIconFile(c.icon);
      if (!file) return { content: c.content, icon: c.icon, weight: Number(c.weight) };
      files[`icons_${i}`] = file;
      return { content: c.content, weight: Number(c.weight) };
    });
    const body = { question, category, role, weight: Number(weight), choices: wire };
    const payload = Object.keys(files).length > 0 ? iconFormData(body, files) : body;
    const result = await run(() => client.POST('/api/consultationProfile', { body: payload }), 'data posted');
    if (!result.ok) return server.take(result.error);
    choices.forEach((c) => releasePendingIcon(c.icon));
    onDone(true);
  };

  return (
    <SubmitForm
      className="st-new-question"
      data-testid="new-question"
      aria-label={intl.formatMessage({ id: 'structure.profile.newQuestion' })}
      onSubmit={submit}
    >
      <h3 className="st-subtitle">
        <FormattedMessage id="structure.profile.newQuestion" />
      </h3>
      <TextField
        name="question"
        id={`new-question-${role}-question`}
        label={<FormattedMessage id="structure.profile.question" />}
        required
        value={question}
        onChange={(v) => {
          server.clear('question');
          setQuestion(v);
        }}
        error={errors.question}
        errorText={server.errors.question}
      />
      <TextField
        name="weight"
        id={`new-question-${role}-weight`}
        type="number"
        step={1}
        label={<FormattedMessage id="structure.profile.weight" />}
        required
        value={weight}
        onChange={(v) => {
          server.clear('weight');
          setWeight(v);
        }}
        error={errors.weight}
        errorText={server.errors.weight}
      />
      <EditableList
        legend={<FormattedMessage id="structure.profile.choices" />}
        error={choicesError}
        errorId={`new-question-${role}-choices-error`}
        testId={`new-question-${role}-choices`}
        rowTestId="new-question-choice"
        value={choices}
        onChange={(next) => {
          server.clear('choices');
          if (iconRefusal) server.clear(iconRefusal[0]);
          setChoices(next);
        }}
        empty={emptyChoice}
        row={(choice, n, set) => (
          <ChoiceFields
            idPrefix={`new-question-${role}-choice-${n}`}
            value={choice}
            onChange={set}
            errors={attempted ? checkValues(rules, choice) : {}}
          />
        )}
      />
      <div className="st-actions">
        <button type="submit" className="ag-button ag-button-primary" data-testid="new-question-add">
          <FormattedMessage id="structure.profile.add" />
        </button>
        <button
          type="button"
          className="ag-button"
          onClick={() => onDone(false)}
          data-testid="new-question-cancel"
        >
          <FormattedMessage id="structure.profile.cancel" />
        </button>
      </div>
    </SubmitForm>
  );
}
