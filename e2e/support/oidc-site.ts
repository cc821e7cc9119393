import { freePort } from '../../scripts/lib/stack.mjs';
import {
  OIDC_CLIENT_ID,
  OIDC_CLIENT_SECRET,
  startOidcProvider,
  type OidcAccounts,
  type OidcProvider,
} from '../../services/accounts/test/oidc.js';
import { startMail, type MailCatcher } from './mail.js';
import { startTestSite, type TestSite } from './site.js';

/** A test site whose external login is a real OpenID Connect provider, and whose mail a real mail catcher takes. */
export interface OidcSite {
  site: TestSite;
  mail: MailCatcher;
  oidc: OidcProvider;
  /** the public address (PUBLIC_URL) that the site was given and the provider sends the browser back to */
  publicUrl: string;
  /** stops the site, the mail catcher and the provider */
  stop(): Promise<void>;
}

/**
 * Starts a mail catcher (maildev), an OpenID Connect provider (oidc-provider's development pages) with `accounts`
 * (by subject) on a loopback port, and the test site `name` (`startTestSite`) on a port of its own, whose public
 * address the provider knows: the site's login button is titled `title` (OIDC_TITLE).
 */
export async function startOidcSite(
  name: string,
  adminPassword: string,
  accounts: OidcAccounts,
  title: string,
): Promise<OidcSite> {
  const mail = await startMail();
  let oidc: OidcProvider | undefined;
  try {
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    oidc = await startOidcProvider(publicUrl, accounts);
    const site = await startTestSite(name, adminPassword, {
      SMTP_URL: mail.smtpUrl,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      OIDC_ISSUER: oidc.issuer,
      OIDC_CLIENT_ID,
      OIDC_CLIENT_SECRET,
      OIDC_TITLE: title,
    });
    const provider = oidc;
    return {
      site,
      mail,
      oidc: provider,
      publicUrl,
      stop: async () => {
        await site.stop();
        await mail.stop();
        await provider.close();
      },
    };
  } catch (e) {
    await mail.stop();
    await oidc?.close();
    throw e;
  }
}
