// `npm run identity-keys`: prints a fresh Ed25519 key pair (base64 DER) for the gateway and each service, as
// lines for an env file. Which deployable needs which key: docs/deployment.md ("Identity keys").
import { SERVICES, withIdentityKeys } from './lib/stack.mjs';

const keys = withIdentityKeys({});
for (const signer of ['gateway', ...SERVICES]) {
  for (const kind of ['PRIVATE', 'PUBLIC']) {
    const name = `AGORA_${signer.toUpperCase()}_${kind}_KEY`;
    console.log(`${name}=${keys[name]}`);
  }
}
