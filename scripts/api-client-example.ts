// A client of the Herald API signed with an access key, written from docs/decisions.md ("API access
// with an access key") alone: it imports nothing from Herald.
//
//   HERALD_URL=http://127.0.0.1:8080 HERALD_ACCESS_KEY_ID=HK… HERALD_ACCESS_KEY_SECRET=… \
//     npx tsx scripts/api-client-example.ts GetUserInfo '{}'
import { createHash, createHmac, randomBytes } from 'node:crypto';

export async function callHerald(
  baseUrl: string,
  keyId: string,
  secret: string,
  action: string,
  input: object = {},
): Promise<{ RetCode: number; Message: string; Data: unknown }> {
  const path = '/api';
  const body = JSON.stringify({ Action: action, ...input });
  const timestamp = String(Math.floor(Date.now() / 1000));
  const nonce = randomBytes(16).toString('base64url');
  const stringToSign = [
    'HERALD-HMAC-SHA256',
    'POST',
    path,
    timestamp,
    nonce,
    createHash('sha256').update(body, 'utf8').digest('hex'),
  ].join('\n');
  const signature = createHmac('sha256', secret).update(stringToSign, 'utf8').digest('hex');
  const response = await fetch(new URL(path, baseUrl), {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      'X-Herald-AccessKey': keyId,
      'X-Herald-Timestamp': timestamp,
      'X-Herald-Nonce': nonce,
      'X-Herald-Signature': signature,
    },
    body,
  });
  return (await response.json()) as { RetCode: number; Message: string; Data: unknown };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [action = 'GetUserInfo', json = '{}'] = process.argv.slice(2);
  const {
    HERALD_URL = 'http://127.0.0.1:8080',
    HERALD_ACCESS_KEY_ID = '',
    HERALD_ACCESS_KEY_SECRET = '',
  } = process.env;
  callHerald(HERALD_URL, HERALD_ACCESS_KEY_ID, HERALD_ACCESS_KEY_SECRET, action, JSON.parse(json) as object)
    .then((reply) => {
      console.log(JSON.stringify(reply, null, 2));
      process.exit(reply.RetCode === 0 ? 0 : 2);
    })
    .catch((error: unknown) => {
      console.error(error);
      process.exit(1);
    });
}
