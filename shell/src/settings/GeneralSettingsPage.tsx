import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changedFields, type ConfiguredLogins, type LatLng } from '@agora/contracts';
import {
  ApiError,
  client,
  Checkbox,
  CoordinateInput,
  errorMessageId,
  LeaveGuard,
  Loading,
  PageHeader,
  TextField,
  useNotify,
  useSettings,
  type SiteSettings,
} from '@agora/platform';
import { roundView, type MapView } from './mapView';

// Leaflet is loaded only when the settings page is shown.
const MapViewPicker = lazy(() => import('./MapViewPicker'));

/** Messages of `POST /api/settings/scope/general` per status (spec part 1 §8); others 'missing parameters'. */
export const SETTINGS_FAILURES: Record<number, string> = {
  400: 'missing parameters',
  415: 'wrong mimemtype',
  503: 'could not write to filesystem',
};

type FormState = {
  /** EPSG:4326, as typed (in any of the three systems) or picked on the map */
  center: LatLng;
  zoom: string;
  isGoogleAuthEnabled: boolean;
  isFacebookAuthEnabled: boolean;
  isOpenAuthEnabled: boolean;
  openAuthTitle: string;
  multilingual: boolean;
  registration: boolean;
  geocoderUrl: string;
};

function toForm(s: SiteSettings): FormState {
  return {
    center: s.map.center,
    zoom: String(s.map.zoom),
    isGoogleAuthEnabled: s.isGoogleAuthEnabled,
    isFacebookAuthEnabled: s.isFacebookAuthEnabled,
    isOpenAuthEnabled: s.isOpenAuthEnabled,
    openAuthTitle: s.openAuthTitle,
    multilingual: s.multilingual,
    registration: s.registration,
    geocoderUrl: s.geocoderUrl ?? '',
  };
}

/** The zoom levels of the map (spec part 1 §9: the map view). */
const MIN_ZOOM = 1;
const MAX_ZOOM = 19;

function zoomOk(text: string): boolean {
  const zoom = Number(text);
  return text.trim() !== '' && Number.isInteger(zoom) && zoom >= MIN_ZOOM && zoom <= MAX_ZOOM;
}

type LoginFlag = 'isGoogleAuthEnabled' | 'isFacebookAuthEnabled' | 'isOpenAuthEnabled';
const LOGINS: ReadonlyArray<[LoginFlag, keyof ConfiguredLogins, string]> = [
  ['isGoogleAuthEnabled', 'google', 'shell.settings.google'],
  ['isFacebookAuthEnabled', 'facebook', 'shell.settings.facebook'],
  ['isOpenAuthEnabled', 'open', 'shell.settings.openAuth'],
];

function SettingsForm({ settings, onSaved }: { settings: SiteSettings; onSaved: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [initial, setInitial] = useState(() => toForm(settings));
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  // the typed centre is a point in its system's range; checks show once a send was tried or a field changed
  const [centreOk, setCentreOk] = useState(true);
  const [tried, setTried] = useState(false);
  const zoomBad = !zoomOk(values.zoom);
  const dirty = Object.keys(changedFields(initial, values)).length > 0;
  const set =
    <K extends keyof FormState>(name: K) =>
    (value: FormState[K]) =>
      setValues((v) => ({ ...v, [name]: value }));
  // A move of the map replaces the centre, unless it is the typed centre rounded (the map reports 6 decimals).
  const onMapView = useCallback(
    (view: MapView) =>
      setValues((v) => {
        const here = roundView(v.center.lat, v.center.lng, view.zoom);
        const center =
          here.lat === view.lat && here.lng === view.lng ? v.center : { lat: view.lat, lng: view.lng };
        return { ...v, center, zoom: String(view.zoom) };
      }),
    [],
  );
  const view: MapView = { lat: values.center.lat, lng: values.center.lng, zoom: Number(values.zoom) };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTried(true);
    if (!centreOk || zoomBad) {
      notify({ type: 'warning', body: 'form contains non valid elements' });
      return;
    }
    setBusy(true);
    try {
      await client.POST('/api/settings/scope/general', {
        body: {
          map: { center: values.center, zoom: Number(values.zoom) },
          isGoogleAuthEnabled: values.isGoogleAuthEnabled,
          isFacebookAuthEnabled: values.isFacebookAuthEnabled,
          isOpenAuthEnabled: values.isOpenAuthEnabled,
          openAuthTitle: values.openAuthTitle.trim(),
          multilingual: values.multilingual,
          registration: values.registration,
          // an empty geocoder URL is "not set" (null)
          geocoderUrl: values.geocoderUrl.trim() || null,
        },
      });
      setInitial(values);
      notify({ type: 'success', body: 'settings updated' });
      onSaved();
    } catch (error) {
      // the message of the answer's code; an answer without one by its status
      const status = error instanceof ApiError ? error.status : 0;
      const coded = error instanceof ApiError && error.code !== undefined;
      notify({
        type: 'warning',
        body: coded ? errorMessageId(error) : (SETTINGS_FAILURES[status] ?? 'missing parameters'),
      });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-form" onSubmit={onSubmit} noValidate data-testid="settings-form">
      <LeaveGuard when={dirty} />
      <fieldset className="sh-fieldset">
        <legend>
          <FormattedMessage id="shell.settings.map" />
        </legend>
        <p className="sh-settings-hint">
          <FormattedMessage id="shell.settings.mapHint" />
        </p>
        <Suspense fallback={<Loading />}>
          <MapViewPicker
            view={view}
            onChange={onMapView}
            label={intl.formatMessage({ id: 'shell.settings.mapLabel' })}
          />
        </Suspense>
        <CoordinateInput
          value={values.center}
          onChange={(center) => {
            if (center) setValues((v) => ({ ...v, center }));
          }}
          onValidChange={setCentreOk}
        />
        <TextField
          label={<FormattedMessage id="shell.settings.zoom" />}
          name="zoom"
          type="number"
          step={1}
          min={MIN_ZOOM}
          max={MAX_ZOOM}
          required
          value={values.zoom}
          onChange={set('zoom')}
          errorText={
            zoomBad && (tried || values.zoom !== initial.zoom)
              ? intl.formatMessage({ id: 'shell.settings.zoomRange' }, { min: MIN_ZOOM, max: MAX_ZOOM })
              : null
          }
        />
      </fieldset>
      <fieldset className="sh-fieldset">
        <legend>
          <FormattedMessage id="shell.settings.auth" />
        </legend>
        {LOGINS.map(([flag, provider, label]) => {
          // a login the server has no credentials for can only fail: it cannot be ticked (an older server
          // that does not tell leaves every box free)
          const missing = settings.configuredLogins !== undefined && !settings.configuredLogins[provider];
          return (
            <Checkbox
              key={flag}
              name={flag}
              label={<FormattedMessage id={label} />}
              value={values[flag]}
              onChange={set(flag)}
              disabled={missing && !values[flag]}
              hint={missing ? <FormattedMessage id="shell.settings.notConfigured" /> : undefined}
            />
          );
        })}
        <TextField
          label={<FormattedMessage id="shell.settings.openAuthTitle" />}
          name="openAuthTitle"
          value={values.openAuthTitle}
          onChange={set('openAuthTitle')}
        />
        <Checkbox
          name="registration"
          label={<FormattedMessage id="shell.settings.registration" />}
          value={values.registration}
          onChange={set('registration')}
        />
      </fieldset>
      <fieldset className="sh-fieldset">
        <legend>
          <FormattedMessage id="shell.settings.site" />
        </legend>
        <Checkbox
          name="multilingual"
          label={<FormattedMessage id="shell.settings.multilingual" />}
          value={values.multilingual}
          onChange={set('multilingual')}
        />
        <TextField
          label={<FormattedMessage id="shell.settings.geocoderUrl" />}
          hint={<FormattedMessage id="shell.settings.geocoderHint" />}
          name="geocoderUrl"
          type="url"
          value={values.geocoderUrl}
          onChange={set('geocoderUrl')}
          placeholder="https://…"
        />
      </fieldset>
      <div>
        <button
          type="submit"
          className="sh-button sh-button-primary"
          disabled={busy}
          data-testid="settings-submit"
        >
          <FormattedMessage id="shell.settings.save" />
        </button>
      </div>
    </form>
  );
}

/** /admin/settings/general (admin): map centre and zoom, login options, languages, registration, geocoder. */
export function GeneralSettingsPage() {
  const { settings, state, reload } = useSettings();
  return (
    <section className="sh-account" data-testid="settings-page">
      <PageHeader title={<FormattedMessage id="shell.settings.title" />} />
      {state === 'pending' ? <Loading /> : <SettingsForm key={state} settings={settings} onSaved={reload} />}
    </section>
  );
}
