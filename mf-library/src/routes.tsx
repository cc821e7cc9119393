import { Suspense, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Navigate, Route, Routes } from 'react-router-dom';
import { lazyPage, Loading, NotFound, Permission } from '@agora/platform';
import { BasePathContext } from './common/base';

// One chunk per page: the gallery's cold load does not carry the upload, documentation or backup code.
const GalleryPage = lazyPage(() => import('./gallery/GalleryPage'));
const UploadPage = lazyPage(() => import('./upload/UploadPage'));
const DocumentationPage = lazyPage(() => import('./documentation/DocumentationPage'));
const DocumentationViewer = lazyPage(() => import('./documentation/DocumentationViewer'));
const ViewsPage = lazyPage(() => import('./views/ViewsPage'));
const ViewEditPage = lazyPage(() => import('./views/ViewEditPage'));
const PublicViewPage = lazyPage(() => import('./views/PublicViewPage'));
const BackupsPage = lazyPage(() => import('./export/BackupsPage'));
const FileBrowserPage = lazyPage(() => import('./browse/FileBrowserPage'));

function Denied() {
  return (
    <p className="ag-error" role="alert" data-testid="permission-denied">
      <FormattedMessage id="library.denied" />
    </p>
  );
}

/** Editors and admins manage the library (docs/decisions/0003); backups and the file browser are admin-only. */
function Gate({ role, children }: { role: 'editor' | 'admin'; children: ReactNode }) {
  return (
    <Permission roles={role} fallback={<Denied />}>
      {children}
    </Permission>
  );
}

/** The routes of the library remote (spec paths under `b`, the basePath): what `<Routes>` and `preload` match. */
export function libraryRoutes(b: string): ReactNode {
  return (
    <>
      <Route path={`${b}/admin/library`} element={<Navigate to={`${b}/admin/library/gallery`} replace />} />
      <Route
        path={`${b}/admin/library/gallery`}
        element={
          <Gate role="editor">
            <GalleryPage />
          </Gate>
        }
      />
      <Route
        path={`${b}/admin/library/upload`}
        element={
          <Gate role="editor">
            <UploadPage />
          </Gate>
        }
      />
      <Route
        path={`${b}/admin/library/upload/item/:uuid`}
        element={
          <Gate role="editor">
            <UploadPage />
          </Gate>
        }
      />
      <Route
        path={`${b}/admin/library/documentation`}
        element={
          <Gate role="editor">
            <DocumentationPage />
          </Gate>
        }
      />
      <Route
        path={`${b}/admin/library/views`}
        element={
          <Gate role="editor">
            <ViewsPage />
          </Gate>
        }
      />
      <Route
        path={`${b}/admin/library/views/edit`}
        element={
          <Gate role="editor">
            <ViewEditPage />
          </Gate>
        }
      />
      <Route
        path={`${b}/admin/library/views/edit/item/:uuid`}
        element={
          <Gate role="editor">
            <ViewEditPage />
          </Gate>
        }
      />
      <Route path={`${b}/admin/library/export`} element={<BackupsPage />} />
      <Route
        path={`${b}/admin/browse`}
        element={
          <Gate role="admin">
            <FileBrowserPage />
          </Gate>
        }
      />
      <Route path={`${b}/documentation/*`} element={<DocumentationViewer />} />
      <Route path={`${b}/library/*`} element={<PublicViewPage />} />
      <Route path="*" element={<NotFound homeHref={`${b}/`} />} />
    </>
  );
}

/** The routes of the library remote (spec paths, mounted at `basePath`). */
export function LibraryRoutes({ basePath }: { basePath: string }) {
  return (
    <BasePathContext.Provider value={basePath}>
      <Suspense fallback={<Loading />}>
        <Routes>{libraryRoutes(basePath)}</Routes>
      </Suspense>
    </BasePathContext.Provider>
  );
}
