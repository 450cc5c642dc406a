// Prints a fresh VAPID key pair for web push (docs/channels.md): the public key goes into wrangler.toml's
// [env.production.vars] VAPID_PUBLIC_KEY, the private one into the secret VAPID_PRIVATE_KEY. Keep the pair: a new
// one makes every browser's subscription useless (members then turn notifications on again).
import { generateKeyPairSync } from 'node:crypto';

const { publicKey, privateKey } = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
const raw = publicKey.export({ format: 'der', type: 'spki' }).subarray(-65); // the uncompressed point
console.log(`VAPID_PUBLIC_KEY=${raw.toString('base64url')}`);
console.log(`VAPID_PRIVATE_KEY=${privateKey.export({ format: 'jwk' }).d}`);
