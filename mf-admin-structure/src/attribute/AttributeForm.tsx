import { useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Checkbox,
  collectionOfGeometry,
  ErrorFromCall,
  Loading,
  TextField,
  client,
  useApiGet,
  useForm,
  useNotify,
  type GeometryValue,
} from '@agora/platform';
import { MarkerSelectModal } from '@agora/library-ui';
import { useDerivedShortName } from '../shared';
import {
  ColorField,
  FormButtons,
  GeomTypeField,
  isGeomType,
  MaxGeomField,
  ItemServerError,
  useItemSending,
} from '../plan/formSupport';
import { GeometryField } from '../plan/GeometryField';
import type { MapView } from '../plan/useProject';
import { IconUploadButton, type PendingIcon } from '../variable/IconUpload';
import {
  attributeBody,
  attributeGeometry,
  attributeProblems,
  attributeValues,
  withAttributeSwitch,
  type AttributeFields,
  type AttributeGeometry,
  type AttributeValues,
} from './values';
import type { AttributeAnswer, TopicAnswer } from '@agora/contracts/api';

export interface AttributeFormProps {
  /** the project's token */
  project: string;
  /** where the drawing maps open: the project's centre and zoom */
  view?: MapView;
  /** the topic's token */
  node: string;
  /** the attribute to edit; none to add one */
  token?: string;
  onSaved(a: AttributeAnswer): void;
  onCancel(): void;
}

/** Add or edit an attribute (spec part 2 §3 Attribute, §4): loads the attribute to edit and its topic first. */
export function AttributeForm(props: AttributeFormProps) {
  const { data, error, isLoading } = useApiGet(
    '/api/attribute/node/{node}/token/{attribute}',
    props.token ? { params: { path: { node: props.node, attribute: props.token } } } : null,
  );
  const { data: topic } = useApiGet('/api/node/project/{project}/token/{topic}', {
    params: { path: { project: props.project, topic: props.node } },
  });
  if (props.token && error) return <ErrorFromCall error={error} />;
  if (props.token && (isLoading || !data)) return <Loading />;
  return (
    <AttributeFormBody key={data?.token ?? 'new'} {...props} attribute={data ?? null} topic={topic ?? null} />
  );
}

function AttributeFormBody({
  node,
  view,
  token,
  attribute,
  topic,
  onSaved,
  onCancel,
}: AttributeFormProps & { attribute: AttributeAnswer | null; topic: TopicAnswer | null }) {
  const intl = useIntl();
  const notify = useNotify();
  const sending = useItemSending<AttributeAnswer, AttributeFields, { node: string }>();
  const { tried, busy, refusedAt } = sending;
  const adding = !token;
  const form = useForm<AttributeValues>({
    scope: 'attribute',
    initial: attributeValues(attribute),
    mode: adding ? 'post' : 'put',
    uniqueParent: node,
  });
  const names = useDerivedShortName(form, adding, { title: 'name', mname: 'mname' });
  const [geometry, setGeometry] = useState<AttributeGeometry>(() => attributeGeometry(attribute));
  const [picking, setPicking] = useState(false);
  /** an uploaded icon not sent yet (`icon` then holds its preview URL) */
  const [upload, setUpload] = useState<PendingIcon | null>(null);
  const values = form.values;
  const problems = attributeProblems(values, geometry);
  const required = intl.formatMessage({ id: 'platform.validation.required' });
  const reference = topic?.boundary ? collectionOfGeometry(topic.boundary) : null;
  const t = (id: string) => intl.formatMessage({ id: `structure.attribute.field.${id}` });

  const toggle = (name: 'has_geometry' | 'has_predefined' | 'has_context', on: boolean) => {
    const next = withAttributeSwitch(values, geometry, name, on);
    for (const key of Object.keys(next.values)) {
      if (next.values[key] !== values[key]) form.setValue(key, next.values[key] ?? null);
    }
    setGeometry(next.geometry);
  };
  const check = (name: keyof AttributeValues & string) => (
    <Checkbox
      name={name}
      label={t(name)}
      value={values[name] === true}
      onChange={(on) =>
        name === 'has_geometry' || name === 'has_predefined' || name === 'has_context'
          ? toggle(name, on)
          : form.setValue(name, on)
      }
    />
  );

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    sending.attempt();
    const valid = await form.validate();
    if (!valid || Object.values(problems).some(Boolean)) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    await sending.send({
      item: attribute,
      body: attributeBody(values, geometry),
      before: attribute ? attributeBody(attributeValues(attribute), attributeGeometry(attribute)) : null,
      parent: { node },
      create: (body) => client.POST('/api/attribute', { body }),
      update: (token, body) =>
        client.PUT('/api/attribute/token/{attribute}', { params: { path: { attribute: token } }, body }),
      read: (attribute) =>
        client.GET('/api/attribute/node/{node}/token/{attribute}', { params: { path: { node, attribute } } }),
      onSaved,
      upload,
    });
  };

  const missing = (problem: boolean) => (tried && problem ? required : null);
  const shape = isGeomType(values.geom_type) ? values.geom_type : null;
  const geometryField = (which: 'predefined' | 'context', drawShape: typeof shape | 'any') =>
    drawShape && (
      <GeometryField
        label={t(which)}
        value={geometry[which]}
        onChange={(v: GeometryValue) => setGeometry((g) => ({ ...g, [which]: v }))}
        shape={drawShape}
        color={values.geom_color}
        reference={reference}
        allowImport
        view={view}
        error={missing(problems[which])}
        testId={`attribute-${which}`}
      />
    );

  return (
    <form
      className="structure-form"
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      data-testid="attribute-form"
    >
      <TextField {...names.title} label={t('name')} errorText={refusedAt('title')} />
      <TextField {...names.mname} label={t('mname')} errorText={refusedAt('mname')} />
      <div className="ag-field structure-icon">
        <span className="ag-field-label">{t('icon')}</span>
        {values.icon ? (
          <img
            src={values.icon}
            alt={values.icon_alt}
            className="structure-icon-preview"
            data-testid="attribute-icon"
          />
        ) : (
          <span data-testid="attribute-no-icon">
            <FormattedMessage id="structure.attribute.noIcon" />
          </span>
        )}
        <button
          type="button"
          className="ag-button"
          onClick={() => setPicking(true)}
          data-testid="attribute-pick-icon"
        >
          <FormattedMessage id="structure.attribute.pickIcon" />
        </button>
        <IconUploadButton
          testId="attribute-icon"
          onFile={(icon) => {
            setUpload(icon);
            form.setValue('icon', icon.preview);
          }}
        />
        {values.icon && (
          <button
            type="button"
            className="ag-button"
            onClick={() => {
              setUpload(null);
              form.setValue('icon', '');
            }}
          >
            <FormattedMessage id="structure.attribute.removeIcon" />
          </button>
        )}
      </div>
      {picking && (
        <MarkerSelectModal
          value={values.icon}
          onSelect={(marker) => {
            setUpload(null);
            form.setValue('icon', marker.url);
            setPicking(false);
          }}
          onClose={() => setPicking(false)}
        />
      )}
      <TextField {...form.field<string>('icon_alt')} label={t('icon_alt')} />
      {check('has_geometry')}
      {values.has_geometry && (
        <>
          <GeomTypeField
            value={values.geom_type}
            onChange={(v) => {
              form.setValue('geom_type', v);
              setGeometry((g) => ({ ...g, predefined: { map: null } }));
            }}
            errorText={missing(problems.geom_type)}
          />
          <ColorField
            label={<FormattedMessage id="structure.plan.field.geomColor" />}
            value={values.geom_color}
            onChange={(v) => form.setValue('geom_color', v)}
            testId="attribute-geom-color"
          />
          <MaxGeomField
            value={values.max_geom}
            onChange={(v) => form.setValue('max_geom', v)}
            errorText={missing(problems.max_geom)}
          />
          {check('allow_drag')}
          {check('allow_resize')}
          {check('has_predefined')}
          {values.has_predefined && geometryField('predefined', shape)}
        </>
      )}
      {check('has_context')}
      {values.has_context && geometryField('context', 'any')}
      {check('is_visible')}
      <ItemServerError text={sending.general} />
      <FormButtons adding={adding} busy={busy} onCancel={onCancel} />
    </form>
  );
}
