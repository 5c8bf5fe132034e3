import type { APIRequestContext, Page } from '@playwright/test';
import { sandboxCode } from '../server/platforms/whatsapp/sandbox-rules';
import { demoToken } from './sms-support';
import { api } from './support';

// WhatsApp helpers: a sign-up state of the demo account and the sandbox code for it (docs/decisions.md
// "WhatsApp numbers": the sign-up page's Allow answers sbx-<business>-<nonce of the state>).

export async function demoSignUpReturn(request: APIRequestContext, code?: string) {
  const token = await demoToken(request);
  const { State } = await api<{ State: string }>(request, 'GetWhatsAppSignUpUrl', {}, token);
  return `/whatsapp/number?${new URLSearchParams({ code: code ?? sandboxCode('shop', State), state: State })}`;
}

/** The demo account without a WhatsApp business account (ignores "none connected"). */
export async function disconnectDemo(request: APIRequestContext) {
  const token = await demoToken(request);
  await request.post('/api', {
    data: { Action: 'DisconnectWhatsAppAccount' },
    headers: { authorization: `Bearer ${token}` },
  });
}

export const numberRow = (page: Page, phone: string) => page.getByRole('row').filter({ hasText: phone });
