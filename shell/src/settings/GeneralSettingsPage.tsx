import { lazy, Suspense, useCallback, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { changedFields } from '@agora/contracts';
import {
  ApiError,
  api,
  Checkbox,
  LeaveGuard,
  Loading,
  PageHeader,
  TextField,
  useNotify,
  useSettings,
  type SiteSettings,
} from '@agora/platform';
import type { MapView } from './MapViewPicker';

// Leaflet is loaded only when the settings page is shown.
const MapViewPicker = lazy(() => import('./MapViewPicker'));

/** Messages of `POST /api/settings/scope/general` per status (spec part 1 §8); others 'missing parameters'. */
export const SETTINGS_FAILURES: Record<number, string> = {
  400: 'missing parameters',
  415: 'wrong mimemtype',
  503: 'could not write to filesystem',
};

type FormState = {
  lat: string;
  lon: string;
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
    lat: String(s.map.center.lat),
    lon: String(s.map.center.lng),
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

function SettingsForm({ settings, onSaved }: { settings: SiteSettings; onSaved: () => void }) {
  const intl = useIntl();
  const notify = useNotify();
  const [initial, setInitial] = useState(() => toForm(settings));
  const [values, setValues] = useState(initial);
  const [busy, setBusy] = useState(false);
  const dirty = Object.keys(changedFields(initial, values)).length > 0;
  const set =
    <K extends keyof FormState>(name: K) =>
    (value: FormState[K]) =>
      setValues((v) => ({ ...v, [name]: value }));
  const onMapView = useCallback(
    (view: MapView) =>
      setValues((v) => ({ ...v, lat: String(view.lat), lon: String(view.lng), zoom: String(view.zoom) })),
    [],
  );
  const view: MapView = { lat: Number(values.lat), lng: Number(values.lon), zoom: Number(values.zoom) };

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    try {
      await api.post('settings/scope/general', {
        map: { center: { lat: Number(values.lat), lng: Number(values.lon) }, zoom: Number(values.zoom) },
        isGoogleAuthEnabled: values.isGoogleAuthEnabled,
        isFacebookAuthEnabled: values.isFacebookAuthEnabled,
        isOpenAuthEnabled: values.isOpenAuthEnabled,
        openAuthTitle: values.openAuthTitle.trim(),
        multilingual: values.multilingual,
        registration: values.registration,
        // an empty geocoder URL is "not set" (null)
        geocoderUrl: values.geocoderUrl.trim() || null,
      });
      setInitial(values);
      notify({ type: 'success', body: 'settings updated' });
      onSaved();
    } catch (error) {
      const status = error instanceof ApiError ? error.status : 0;
      notify({ type: 'warning', body: SETTINGS_FAILURES[status] ?? 'missing parameters' });
    } finally {
      setBusy(false);
    }
  }

  return (
    <form className="sh-form" onSubmit={onSubmit} data-testid="settings-form">
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
        <div className="sh-row">
          <TextField
            label={<FormattedMessage id="shell.settings.lat" />}
            name="lat"
            type="number"
            step="any"
            min={-90}
            max={90}
            required
            value={values.lat}
            onChange={set('lat')}
          />
          <TextField
            label={<FormattedMessage id="shell.settings.lon" />}
            name="lon"
            type="number"
            step="any"
            min={-180}
            max={180}
            required
            value={values.lon}
            onChange={set('lon')}
          />
          <TextField
            label={<FormattedMessage id="shell.settings.zoom" />}
            name="zoom"
            type="number"
            step={1}
            min={1}
            max={19}
            required
            value={values.zoom}
            onChange={set('zoom')}
          />
        </div>
      </fieldset>
      <fieldset className="sh-fieldset">
        <legend>
          <FormattedMessage id="shell.settings.auth" />
        </legend>
        <Checkbox
          name="isGoogleAuthEnabled"
          label={<FormattedMessage id="shell.settings.google" />}
          value={values.isGoogleAuthEnabled}
          onChange={set('isGoogleAuthEnabled')}
        />
        <Checkbox
          name="isFacebookAuthEnabled"
          label={<FormattedMessage id="shell.settings.facebook" />}
          value={values.isFacebookAuthEnabled}
          onChange={set('isFacebookAuthEnabled')}
        />
        <Checkbox
          name="isOpenAuthEnabled"
          label={<FormattedMessage id="shell.settings.openAuth" />}
          value={values.isOpenAuthEnabled}
          onChange={set('isOpenAuthEnabled')}
        />
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
