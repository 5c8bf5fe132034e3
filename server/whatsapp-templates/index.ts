import { eq } from 'drizzle-orm';
import type { ServerDeps } from '../context';
import type { Db } from '../db/database';
import { waAccounts } from '../db/schema';
import { SANDBOX_APP_ID, whatsappApiUrl, whatsappAppSecret } from '../platforms/whatsapp/app-credentials';
import { graphTemplatePlatform } from './graph-platform';
import type { WaTemplateDeps } from './store';

// Where the template platform is: the WhatsApp Graph API over HTTP, the same base URL as the numbers'
// (WHATSAPP_API_URL, else the gateway's sandbox at /sandbox/whatsapp; docs/decisions.md "WhatsApp templates
// over the Graph adapter").

/** The prefix of a business account reference of an account with no WABA connected yet (rows.ts wabaRefOf). */
export const OWN_WABA_PREFIX = 'herald-';

/**
 * The bearer token for a business account reference: the connected WABA's business token; for an account
 * without one (`herald-{userId}`), the app token, which only the sandbox accepts for such a reference.
 */
export async function waTemplateToken(db: Db, config: ServerDeps['config'], waba: string): Promise<string> {
  if (!waba.startsWith(OWN_WABA_PREFIX)) {
    const [account] = await db.select({ token: waAccounts.token }).from(waAccounts).where(eq(waAccounts.wabaId, waba));
    if (account) return account.token;
  }
  return `${config.whatsapp?.appId ?? SANDBOX_APP_ID}|${await whatsappAppSecret(db, config)}`;
}

export function waTemplateDeps(deps: Pick<ServerDeps, 'database' | 'clock' | 'jobs' | 'config'>): WaTemplateDeps {
  const db = deps.database.db;
  return {
    ...deps,
    platform: graphTemplatePlatform({
      baseUrl: whatsappApiUrl(deps.config),
      tokenOf: (waba) => waTemplateToken(db, deps.config, waba),
    }),
  };
}
