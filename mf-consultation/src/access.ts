/** The login page, which brings the user back to `pathname` afterwards. */
export function loginHref(basePath: string, pathname: string): string {
  return `${basePath}/login?next=${encodeURIComponent(pathname)}`;
}
