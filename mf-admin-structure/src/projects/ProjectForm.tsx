import { lazy, Suspense, useCallback, useMemo, useState, type ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { RETENTION_DAYS, type LatLng, type TitledFile, type WmsService } from '@agora/contracts';
import {
  Checkbox,
  client,
  CoordinateInput,
  DateText,
  ErrorFromCall,
  Loading,
  SubmitForm,
  TextField,
  useApiGet,
  useForm,
  useNotify,
  useSettings,
  type SiteSettings,
} from '@agora/platform';
import { NoActiveCategory, useActiveCategory, useDerivedShortName } from '../shared';
import { useBasePath } from './base';
import { DateField, FormEnd, SummaryFields } from './fields';
import { endBeforeStart, today, tomorrow } from './dates';
import { sendForm, useRevalidateStructure, useSending, useServerError } from './formSubmit';
import { cleanRows, missingCells, RowsEditor, type RowColumn } from './RowsEditor';
import './projects.css';
import type {
  NewProjectBody,
  ProjectAnswer,
  ProjectChangesBody,
  ProjectLimitsAnswer,
} from '@agora/contracts/api';

const ProjectMap = lazy(() => import('./ProjectMap'));

export interface ProjectValues extends Record<string, string | number | boolean | readonly unknown[]> {
  title: string;
  mname: string;
  summary: string;
  summary_img: string;
  summary_img_alt: string;
  start_date: string;
  end_date: string;
  /** digits, as typed; '' when the answers stay linked until the account is deleted */
  retention_days: string;
  active: boolean;
  is_public: boolean;
  /** '' when none */
  public_date: string;
  /** digits, as typed */
  max_bytes: string;
  zoom: number;
  /** [lat, lng] */
  center: readonly number[];
  wms_services: readonly WmsService[];
  legislation: readonly TitledFile[];
  open_data_free_text: boolean;
  erase_answers_on_account_deletion: boolean;
  /** digits, as typed */
  open_data_grid_m: string;
}

export const WMS_COLUMNS: ReadonlyArray<RowColumn<WmsService>> = [
  { key: 'title', label: 'structure.projects.wms.title' },
  { key: 'WMSurl', label: 'structure.projects.wms.url', type: 'url' },
  { key: 'layers', label: 'structure.projects.wms.layers' },
];
export const LEGISLATION_COLUMNS: ReadonlyArray<RowColumn<TitledFile>> = [
  { key: 'title', label: 'structure.projects.legislation.title' },
  { key: 'file', label: 'structure.projects.legislation.file', type: 'url' },
];
const EMPTY_WMS: WmsService = { title: '', WMSurl: '', layers: '' };
const EMPTY_LAW: TitledFile = { title: '', file: '' };
/** Fields that show a server refusal under themselves; others show it above the buttons. */
const INLINE = [
  'title',
  'mname',
  'summary',
  'start_date',
  'end_date',
  'retention_days',
  'public_date',
  'max_bytes',
  'open_data_grid_m',
];
const FALLBACK_LIMITS: ProjectLimitsAnswer = {
  max_bytes: { min: 0, max: 104_857_600, default: 10_485_760 },
  open_data_grid_m: { min: 10, max: 10_000, default: 50 },
};

/** Digits outside `bounds` (digits only; the rule's pattern or the server reports other text). */
function outOfBounds(value: string, bounds: { min: number; max: number }): boolean {
  if (!/^[0-9]+$/.test(value.trim())) return false;
  const n = Number(value);
  return n < bounds.min || n > bounds.max;
}

/** A max_bytes outside the server's bounds. */
export function maxBytesOutOfBounds(value: string, limits: ProjectLimitsAnswer): boolean {
  return outOfBounds(value, limits.max_bytes);
}

/** The form's values for a project, or the spec's defaults for a new one (start today, end and public date tomorrow). */
export function projectValues(
  p: ProjectAnswer | null,
  settings: SiteSettings,
  limits: ProjectLimitsAnswer = FALLBACK_LIMITS,
  now = new Date(),
): ProjectValues {
  const center = p?.center ?? settings.map.center;
  return {
    title: p?.title ?? '',
    mname: p?.mname ?? '',
    summary: p?.summary ?? '',
    summary_img: p?.summary_img ?? '',
    summary_img_alt: p?.summary_img_alt ?? '',
    start_date: p?.start_date ?? today(now),
    end_date: p?.end_date ?? tomorrow(now),
    retention_days: p?.retention_days == null ? '' : String(p.retention_days),
    active: p?.active ?? false,
    is_public: p?.is_public ?? false,
    public_date: p ? (p.public_date ?? '') : tomorrow(now),
    max_bytes: String(p?.max_bytes ?? limits.max_bytes.default),
    zoom: p?.zoom ?? settings.map.zoom,
    center: [center.lat, center.lng],
    wms_services: p?.wms_services ?? [],
    legislation: p?.legislation ?? [],
    open_data_free_text: p?.open_data_free_text ?? false,
    erase_answers_on_account_deletion: p?.erase_answers_on_account_deletion ?? false,
    open_data_grid_m: String(p?.open_data_grid_m ?? limits.open_data_grid_m.default),
  };
}

/** Form values (all or the changed ones) as the body of `PUT project/token/{t}` (absent ones are not sent). */
export function projectToWire(v: Partial<ProjectValues>): ProjectChangesBody {
  const [lat, lng] = v.center ?? [];
  return {
    title: v.title,
    mname: v.mname,
    summary: v.summary,
    summary_img: v.summary_img,
    summary_img_alt: v.summary_img_alt,
    start_date: v.start_date,
    end_date: v.end_date,
    retention_days:
      v.retention_days === undefined
        ? undefined
        : v.retention_days.trim() === ''
          ? null
          : Number(v.retention_days),
    active: v.active,
    is_public: v.is_public,
    public_date: v.public_date === undefined ? undefined : v.public_date || null,
    max_bytes: v.max_bytes === undefined ? undefined : Number(v.max_bytes),
    zoom: v.zoom,
    center: v.center === undefined ? undefined : lat !== undefined && lng !== undefined ? { lat, lng } : null,
    wms_services: v.wms_services && cleanRows(v.wms_services),
    legislation: v.legislation && cleanRows(v.legislation),
    open_data_free_text: v.open_data_free_text,
    erase_answers_on_account_deletion: v.erase_answers_on_account_deletion,
    open_data_grid_m: v.open_data_grid_m === undefined ? undefined : Number(v.open_data_grid_m),
  };
}

/** Every form value as the body of `POST project` in `category`. */
function newProject(v: ProjectValues, category: string): NewProjectBody {
  return { ...projectToWire(v), title: v.title, mname: v.mname, category };
}

function ProjectFields({
  project,
  category,
  settings,
  limits,
  onSaved,
  onCancel,
}: {
  project: ProjectAnswer | null;
  category: string | null;
  settings: SiteSettings;
  limits: ProjectLimitsAnswer;
  onSaved(p: ProjectAnswer): void;
  onCancel(): void;
}) {
  const intl = useIntl();
  const notify = useNotify();
  const mode = project ? 'put' : 'post';
  const form = useForm<ProjectValues>({
    scope: 'project',
    mode,
    initial: projectValues(project, settings, limits),
  });
  const names = useDerivedShortName(form, mode === 'post');
  const [attempted, setAttempted] = useState(false);
  const v = form.values;

  const datesWrong = endBeforeStart(v.start_date, v.end_date);
  const bytesWrong = maxBytesOutOfBounds(v.max_bytes, limits);
  const gridWrong = outOfBounds(v.open_data_grid_m, limits.open_data_grid_m);
  const retentionWrong = outOfBounds(v.retention_days, RETENTION_DAYS);
  const rowsWrong =
    v.wms_services.some((r) => missingCells(r, WMS_COLUMNS).length > 0) ||
    v.legislation.some((r) => missingCells(r, LEGISLATION_COLUMNS).length > 0);

  const sending = useSending();
  const revalidate = useRevalidateStructure();
  const server = useServerError(v, INLINE);
  const submit = async () => {
    setAttempted(true);
    await sending.run(() =>
      sendForm<ProjectValues, ProjectAnswer>(form, {
        ...(project
          ? {
              mode: 'put',
              send: (values) =>
                client.PUT('/api/project/token/{token}', {
                  params: { path: { token: project.token } },
                  body: projectToWire(values),
                }),
            }
          : {
              mode: 'post',
              send: (values) => client.POST('/api/project', { body: newProject(values, category ?? '') }),
            }),
        localValid: !datesWrong && !bytesWrong && !gridWrong && !retentionWrong && !rowsWrong,
        notify,
        onRefused: server.record,
        onSaved: (answer) => {
          server.clear();
          revalidate();
          onSaved(answer);
        },
      }),
    );
  };

  const { setValue } = form;
  const setCenter = useCallback((c: LatLng) => setValue('center', [c.lat, c.lng]), [setValue]);
  const setZoom = useCallback((z: number) => setValue('zoom', z), [setValue]);
  const [lat, lng] = v.center as number[];
  const shownCenter = useMemo(
    () => ({ lat: lat ?? settings.map.center.lat, lng: lng ?? settings.map.center.lng }),
    [lat, lng, settings.map.center.lat, settings.map.center.lng],
  );
  const numberField = (
    name: string,
    value: number | undefined,
    onChange: (n: number) => void,
    step: number,
  ) => (
    <TextField
      name={name}
      type="number"
      step={step}
      label={<FormattedMessage id={`structure.projects.field.${name}`} />}
      value={value === undefined ? '' : String(value)}
      onChange={(text) => {
        const n = Number(text);
        if (text.trim() !== '' && Number.isFinite(n)) onChange(n);
      }}
    />
  );

  /** A whole number within the server's `bounds`, its refusal under it (`message`: its label's and error's id). */
  const boundedField = (
    name: 'max_bytes' | 'open_data_grid_m' | 'retention_days',
    bounds: { min: number; max: number },
    wrong: boolean,
    message: string,
    hint: ReactNode,
  ) => (
    <TextField
      {...form.field<string>(name)}
      type="number"
      min={bounds.min}
      max={bounds.max}
      step={1}
      errorText={
        wrong
          ? intl.formatMessage({ id: `structure.projects.error.${message}` }, bounds)
          : server.errorFor(name)
      }
      label={<FormattedMessage id={`structure.projects.field.${message}`} />}
      hint={hint}
    />
  );

  return (
    <SubmitForm className="st-form" data-testid="project-form" onSubmit={submit}>
      <SummaryFields
        scope="projects"
        names={names}
        field={(name) => form.field<string>(name)}
        errorFor={server.errorFor}
      />
      <div className="st-grid">
        <DateField
          {...form.field<string>('start_date')}
          required
          errorText={server.errorFor('start_date')}
          label={<FormattedMessage id="structure.projects.field.start" />}
        />
        <DateField
          {...form.field<string>('end_date')}
          required
          label={<FormattedMessage id="structure.projects.field.end" />}
          errorText={
            datesWrong
              ? intl.formatMessage({ id: 'structure.projects.error.endBeforeStart' })
              : server.errorFor('end_date')
          }
        />
      </div>
      {boundedField(
        'retention_days',
        RETENTION_DAYS,
        retentionWrong,
        'retention',
        <FormattedMessage id="structure.projects.field.retentionHint" />,
      )}
      {project?.personal_links_removed_at && (
        <p className="ag-field-hint" data-testid="project-detached">
          <FormattedMessage
            id="structure.projects.field.detached"
            values={{ date: <DateText value={project.personal_links_removed_at} /> }}
          />
        </p>
      )}
      <Checkbox
        {...form.field<boolean>('active')}
        label={<FormattedMessage id="structure.projects.field.active" />}
      />
      <Checkbox
        {...form.field<boolean>('is_public')}
        onChange={(on) => {
          form.setValue('is_public', on);
          form.setValue('public_date', on ? today() : '');
        }}
        label={<FormattedMessage id="structure.projects.field.isPublic" />}
      />
      <DateField
        {...form.field<string>('public_date')}
        disabled={!v.is_public}
        errorText={server.errorFor('public_date')}
        label={<FormattedMessage id="structure.projects.field.publicDate" />}
      />
      {boundedField(
        'max_bytes',
        limits.max_bytes,
        bytesWrong,
        'maxBytes',
        <FormattedMessage
          id="structure.projects.field.maxBytesHint"
          values={{ mb: Math.round((Number(v.max_bytes) / 1048576) * 100) / 100 }}
        />,
      )}
      <Checkbox
        {...form.field<boolean>('open_data_free_text')}
        label={<FormattedMessage id="structure.projects.field.openDataFreeText" />}
      />
      {boundedField(
        'open_data_grid_m',
        limits.open_data_grid_m,
        gridWrong,
        'openDataGrid',
        <FormattedMessage id="structure.projects.field.openDataGridHint" />,
      )}
      <Checkbox
        {...form.field<boolean>('erase_answers_on_account_deletion')}
        label={<FormattedMessage id="structure.projects.field.eraseAnswersOnAccountDeletion" />}
        hint={<FormattedMessage id="structure.projects.field.eraseAnswersOnAccountDeletionHint" />}
      />
      <fieldset className="ag-field st-map-field">
        <legend className="ag-field-label">
          <FormattedMessage id="structure.projects.field.map" />
        </legend>
        <p className="ag-field-hint">
          <FormattedMessage id="structure.projects.field.mapHint" />
        </p>
        <Suspense fallback={<Loading />}>
          <ProjectMap
            center={shownCenter}
            zoom={v.zoom}
            wms={v.wms_services}
            onCenter={setCenter}
            onZoom={setZoom}
            label={intl.formatMessage({ id: 'structure.projects.field.map' })}
          />
        </Suspense>
        <div className="st-map-inputs" data-testid="project-center-coords">
          {/* typed in EPSG:2100 (default), EPSG:4326 or EPSG:3857; clearing both numbers keeps the centre */}
          <CoordinateInput value={shownCenter} onChange={(c) => c && setCenter(c)} />
          {numberField('zoom', v.zoom, (n) => setZoom(Math.max(0, Math.min(19, Math.round(n)))), 1)}
        </div>
      </fieldset>
      <RowsEditor
        name="wms"
        legend="structure.projects.wms.legend"
        rows={v.wms_services}
        columns={WMS_COLUMNS}
        empty={EMPTY_WMS}
        onChange={(rows) => form.setValue('wms_services', rows)}
        showErrors={attempted}
      />
      <RowsEditor
        name="legislation"
        legend="structure.projects.legislation.legend"
        rows={v.legislation}
        columns={LEGISLATION_COLUMNS}
        empty={EMPTY_LAW}
        onChange={(rows) => form.setValue('legislation', rows)}
        showErrors={attempted}
        fromLibrary={(row, item) => ({ title: row.title || item.title, file: item.resource })}
      />
      <FormEnd general={server.general} busy={sending.busy} dirty={form.dirty} saveTestId="project-save">
        <button type="button" className="ag-button" onClick={onCancel} data-testid="project-cancel">
          <FormattedMessage id="structure.projects.cancel" />
        </button>
      </FormEnd>
    </SubmitForm>
  );
}

/**
 * The project add/edit form (spec part 2 §2-§5), used by the add and edit pages and by the plan screen's modal.
 * Without `token` it creates a project in the active category; with one it loads and edits that project.
 */
export function ProjectForm(props: { token?: string; onSaved(p: ProjectAnswer): void; onCancel(): void }) {
  const { token } = props;
  const basePath = useBasePath();
  const { settings, state } = useSettings();
  const active = useActiveCategory();
  const { data, error, isLoading } = useApiGet(
    '/api/project/token/{token}',
    token ? { params: { path: { token } } } : null,
  );
  const limits = useApiGet('/api/project/limits', {}, { revalidateOnFocus: false });
  if (error) return <ErrorFromCall error={error} />;
  if (
    state === 'pending' ||
    (!limits.data && !limits.error) ||
    isLoading ||
    (token && !data) ||
    (!token && active.isLoading)
  )
    return <Loading />;
  if (!token && !active.category) return <NoActiveCategory basePath={basePath} />;
  return (
    <ProjectFields
      key={data?.token ?? 'new'}
      project={data ?? null}
      category={active.category?.token ?? null}
      settings={settings}
      limits={limits.data ?? FALLBACK_LIMITS}
      onSaved={props.onSaved}
      onCancel={props.onCancel}
    />
  );
}
