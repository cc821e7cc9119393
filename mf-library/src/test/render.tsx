// Rendering the library remote in its web tests.
import type { ReactNode } from 'react';
import { ConfirmHost } from '@agora/platform';
import { adminUser, clearCookies, renderWeb, type RenderWebOptions } from '../../../scripts/jest/web';
import App from '../App';

/**
 * The library remote at `route`, with the host of its confirmation dialogs (and `extra` beside them), for an admin
 * unless `options` name another user.
 */
export function renderLibrary(
  route: string,
  options: Omit<RenderWebOptions, 'route'> = {},
  extra?: ReactNode,
) {
  return renderWeb(
    <>
      <App basePath="" />
      <ConfirmHost />
      {extra}
    </>,
    { user: adminUser, ...options, route },
  );
}

/** A cookie jar with nothing but a CSRF token, so that unsafe calls go out without asking for one first. */
export function onlyCsrfToken(): void {
  clearCookies();
  document.cookie = 'token=tok';
}
