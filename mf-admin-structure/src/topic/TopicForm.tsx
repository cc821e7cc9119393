import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Checkbox,
  ErrorFromCall,
  Loading,
  TextArea,
  TextField,
  client,
  useApiGet,
  useForm,
  useNotify,
  type GeometryValue,
} from '@agora/platform';
import { useDerivedShortName } from '../shared';
import {
  ColorField,
  FormButtons,
  GeomTypeField,
  MaxGeomField,
  ItemServerError,
  useItemSending,
} from '../plan/formSupport';
import { GeometryField } from '../plan/GeometryField';
import type { MapView } from '../plan/useProject';
import { incompleteRows, TitledRowsField } from '../plan/TitledRowsField';
import {
  topicBody,
  topicBoundary,
  topicGeometryProblems,
  topicValues,
  withTopicGeometry,
  type TopicFields,
  type TopicValues,
} from './values';
import type { TopicAnswer } from '@agora/contracts/api';

export interface TopicFormProps {
  /** the project's token */
  project: string;
  /** where the drawing maps open: the project's centre and zoom */
  view?: MapView;
  /** the topic to edit; none to add one */
  token?: string;
  onSaved(t: TopicAnswer): void;
  onCancel(): void;
}

/** Add or edit a topic (spec part 2 §3 Topic, §4, §5): loads the topic to edit first. */
export function TopicForm(props: TopicFormProps) {
  const { data, error, isLoading } = useApiGet(
    '/api/node/project/{project}/token/{topic}',
    props.token ? { params: { path: { project: props.project, topic: props.token } } } : null,
  );
  if (props.token && error) return <ErrorFromCall error={error} />;
  if (props.token && (isLoading || !data)) return <Loading />;
  return <TopicFormBody key={data?.token ?? 'new'} {...props} topic={data ?? null} />;
}

function TopicFormBody({
  project,
  view,
  token,
  topic,
  onSaved,
  onCancel,
}: TopicFormProps & { topic: TopicAnswer | null }) {
  const intl = useIntl();
  const notify = useNotify();
  const sending = useItemSending<TopicAnswer, TopicFields, { project: string }>();
  const { tried, busy, refusedAt } = sending;
  const adding = !token;
  const form = useForm<TopicValues>({
    scope: 'node',
    initial: topicValues(topic),
    mode: adding ? 'post' : 'put',
    uniqueParent: project,
  });
  const names = useDerivedShortName(form, adding);
  const [boundary, setBoundary] = useState<GeometryValue>(() => topicBoundary(topic));
  const values = form.values;
  const problems = topicGeometryProblems(values, boundary);
  const required = intl.formatMessage({ id: 'platform.validation.required' });

  const setHasGeometry = (on: boolean) => {
    const next = withTopicGeometry(values, boundary, on);
    for (const key of ['has_geometry', 'geom_type', 'max_geom'] as const) {
      if (next.values[key] !== values[key]) form.setValue(key, next.values[key]);
    }
    setBoundary(next.boundary);
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    sending.attempt();
    const valid = await form.validate();
    const badRows = incompleteRows(values.relative_documents).length > 0;
    if (problems.boundary)
      notify({ type: 'warning', body: intl.formatMessage({ id: 'structure.topic.drawBoundary' }) });
    if (!valid || badRows || problems.boundary || problems.geom_type || problems.max_geom) {
      if (!problems.boundary) notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    await sending.send({
      item: topic,
      body: topicBody(values, boundary),
      before: topic ? topicBody(topicValues(topic), topicBoundary(topic)) : null,
      parent: { project },
      create: (body) => client.POST('/api/node', { body }),
      update: (token, body) =>
        client.PUT('/api/node/token/{topic}', { params: { path: { topic: token } }, body }),
      read: (topic) =>
        client.GET('/api/node/project/{project}/token/{topic}', { params: { path: { project, topic } } }),
      onSaved,
    });
  };

  const geometryError = (problem: boolean) => (tried && problem ? required : null);

  return (
    <form className="structure-form" onSubmit={(e) => void onSubmit(e)} noValidate data-testid="topic-form">
      <TextField
        {...names.title}
        label={<FormattedMessage id="structure.topic.field.title" />}
        errorText={refusedAt('title')}
      />
      <TextField
        {...names.mname}
        label={<FormattedMessage id="structure.topic.field.mname" />}
        errorText={refusedAt('mname')}
      />
      <TextArea
        {...form.field<string>('description')}
        label={<FormattedMessage id="structure.topic.field.description" />}
      />
      <Checkbox
        name="has_geometry"
        label={<FormattedMessage id="structure.topic.field.hasGeometry" />}
        value={values.has_geometry}
        onChange={setHasGeometry}
      />
      {values.has_geometry && (
        <>
          <GeomTypeField
            value={values.geom_type}
            onChange={(v) => form.setValue('geom_type', v)}
            errorText={geometryError(problems.geom_type)}
          />
          <MaxGeomField
            value={values.max_geom}
            onChange={(v) => form.setValue('max_geom', v)}
            errorText={geometryError(problems.max_geom)}
          />
          <ColorField
            label={<FormattedMessage id="structure.plan.field.geomColor" />}
            value={values.geom_color}
            onChange={(v) => form.setValue('geom_color', v)}
            testId="topic-geom-color"
          />
          <GeometryField
            label={intl.formatMessage({ id: 'structure.topic.field.boundary' })}
            value={boundary}
            onChange={setBoundary}
            shape="polygon"
            color={values.geom_color}
            allowImport
            view={view}
            error={
              tried && problems.boundary ? intl.formatMessage({ id: 'structure.topic.drawBoundary' }) : null
            }
            testId="topic-boundary"
          />
        </>
      )}
      <TitledRowsField
        legend={intl.formatMessage({ id: 'structure.topic.field.documents' })}
        rows={values.relative_documents}
        onChange={(rows) => form.setValue('relative_documents', rows)}
        showErrors={tried}
        testId="topic-documents"
      />
      <ItemServerError text={sending.general} />
      <FormButtons adding={adding} busy={busy} onCancel={onCancel} />
    </form>
  );
}
