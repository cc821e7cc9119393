// No imports: scripts/check-deploy.mjs loads this file from its source (as it does the service graph), with no build.

/** The loopback and unspecified addresses that `isLocalUrl` counts as this machine, besides 127.0.0.0/8. */
const LOCAL_ADDRESSES = ['0.0.0.0', '::1', '::', '0:0:0:0:0:0:0:1', '::ffff:127.0.0.1', '::ffff:7f00:1'];

/**
 * Whether `url` names this machine (localhost, a name under .localhost, the loopback addresses 127.0.0.0/8 and
 * ::1, or the unspecified 0.0.0.0 and ::): a link to it reaches nobody else. An unparsable value counts as local.
 * The PUBLIC_URL rule of the services (decision 0065) and of the deployment check.
 */
export function isLocalUrl(url: string): boolean {
  let host: string;
  try {
    host = new URL(url).hostname
      .toLowerCase()
      .replace(/^\[|\]$/g, '')
      .replace(/\.$/, '');
  } catch {
    return true;
  }
  return (
    host === '' ||
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    /^127(\.\d{1,3}){3}$/.test(host) ||
    LOCAL_ADDRESSES.includes(host)
  );
}
