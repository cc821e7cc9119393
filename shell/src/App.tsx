import { Suspense, useEffect, type ReactNode } from 'react';
import { Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { useAtom, useAtomValue } from 'jotai';
import {
  ConfirmHost,
  GonePage,
  isLocale,
  lazyPage,
  Loading,
  LOCALE_STORAGE_KEY,
  localeAtom,
  NotFound,
  Notifications,
  ServerErrorPage,
  useSettings,
} from '@agora/platform';
import { Layout } from './layout/Layout';
import { RequireLogin, RequirePage } from './Gates';
import { LoginPage } from './pages/LoginPage';
import { PolicyPage } from './pages/PolicyPage';
import { RegisterPage } from './pages/account/RegisterPage';
import { RecoveryPage, ResetPasswordPage } from './pages/account/RecoveryPage';
import { SessionTimeout } from './session/SessionTimeout';
import { RemoteArea } from './remotes/RemoteArea';
import { areaForPath, BASE_PATH, isAdminPath } from '@agora/contracts/areas';

// The pages of a logged-in user (the profile) and of the staff (dashboard, settings) load with their route: a
// visitor's first page, on a phone most of the time, does not download and run them before it paints.
const DashboardPage = lazyPage(async () => ({
  default: (await import('./pages/DashboardPage')).DashboardPage,
}));
const ProfilePage = lazyPage(async () => ({ default: (await import('./pages/ProfilePage')).ProfilePage }));
const GeneralSettingsPage = lazyPage(async () => ({
  default: (await import('./settings/GeneralSettingsPage')).GeneralSettingsPage,
}));
const SiteTextsPage = lazyPage(async () => ({
  default: (await import('./settings/SiteTextsPage')).SiteTextsPage,
}));

/**
 * Everything the shell does not route itself: a remote's area (DESIGN §5) or the 404 page. The remote is rendered
 * under this `*` route, so its own `<Routes>` match the spec's full paths. One `key` per area: leaving a remote
 * that failed resets its error boundary.
 */
function RemoteOrNotFound() {
  const { pathname } = useLocation();
  const area = areaForPath(pathname);
  if (!area) return <NotFound />;
  const remote = <RemoteArea key={area.folder} name={area.name} folder={area.folder} basePath={BASE_PATH} />;
  return isAdminPath(pathname) ? <RequirePage>{remote}</RequirePage> : remote;
}

/** The shell's own routes: what `<AppRoutes>` renders and what the start preloads (`preloadRoutes`). */
export function shellRoutes(): ReactNode {
  return (
    <>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/register" element={<RegisterPage />} />
      <Route path="/policy" element={<PolicyPage />} />
      <Route path="/password_recovery" element={<RecoveryPage />} />
      <Route path="/password_recovery/reset/:token" element={<ResetPasswordPage />} />
      <Route
        path="/profile"
        element={
          <RequireLogin>
            <ProfilePage />
          </RequireLogin>
        }
      />
      <Route path="/admin" element={<Navigate to="/admin/dashboard" replace />} />
      <Route
        path="/admin/dashboard"
        element={
          <RequirePage>
            <DashboardPage />
          </RequirePage>
        }
      />
      <Route path="/admin/settings" element={<Navigate to="/admin/settings/general" replace />} />
      <Route
        path="/admin/settings/general"
        element={
          <RequirePage>
            <GeneralSettingsPage />
          </RequirePage>
        }
      />
      <Route
        path="/admin/settings/frontpage"
        element={
          <RequirePage>
            <SiteTextsPage key="frontpage" scope="frontpage" />
          </RequirePage>
        }
      />
      <Route
        path="/admin/settings/policy"
        element={
          <RequirePage>
            <SiteTextsPage key="policy" scope="policy" />
          </RequirePage>
        }
      />
      <Route path="/error/404" element={<NotFound />} />
      <Route path="/error/410" element={<GonePage />} />
      <Route path="/error/500" element={<ServerErrorPage />} />
      <Route path="*" element={<RemoteOrNotFound />} />
    </>
  );
}

export function AppRoutes() {
  return (
    <Suspense fallback={<Loading />}>
      <Routes>{shellRoutes()}</Routes>
    </Suspense>
  );
}

function useDocumentLanguage() {
  const locale = useAtomValue(localeAtom);
  useEffect(() => {
    document.documentElement.lang = locale;
  }, [locale]);
}

function hasStoredLocale(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(LOCALE_STORAGE_KEY));
  } catch {
    return false;
  }
}

/**
 * The default locale is the first configured one (spec part 1 §9): applied when the visitor has not chosen one,
 * and when the chosen one is no longer offered.
 */
function useConfiguredLocale() {
  const { settings, state } = useSettings();
  const [locale, setLocale] = useAtom(localeAtom);
  useEffect(() => {
    if (state !== 'fetched') return;
    const offered = settings.locales.filter(isLocale);
    const first = offered[0];
    if (!first) return;
    const keep = settings.multilingual && offered.includes(locale) && hasStoredLocale();
    if (!keep && locale !== first) setLocale(first);
  }, [state, settings, locale, setLocale]);
}

export function App() {
  useDocumentLanguage();
  useConfiguredLocale();
  return (
    <>
      <Layout>
        <AppRoutes />
      </Layout>
      <Notifications />
      <ConfirmHost />
      <SessionTimeout />
    </>
  );
}
