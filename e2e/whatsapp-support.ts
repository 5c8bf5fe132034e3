import { expect, type APIRequestContext, type Page } from '@playwright/test';
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

/** Connects the token's account to the sandbox business "shop"; answers its number ending 40 (CONNECTED, 100K tier). */
export async function connectShopNumber(request: APIRequestContext, token: string): Promise<string> {
  const { State } = await api<{ State: string }>(request, 'GetWhatsAppSignUpUrl', {}, token);
  const { Numbers } = await api<{ Numbers: { PhoneNumberId: string }[] }>(
    request,
    'ConnectWhatsAppAccount',
    { Code: sandboxCode('shop', State), State },
    token,
  );
  return Numbers.find((n) => n.PhoneNumberId.endsWith('40'))!.PhoneNumberId;
}

/** A template made through CreateWhatsAppTemplate and waited for until the sandbox approves it; its TemplateId. */
export async function approvedTemplate(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown>,
): Promise<string> {
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateWhatsAppTemplate',
    { Language: 'en_US', Category: 'UTILITY', ...fields },
    token,
  );
  await expect
    .poll(
      async () => {
        await api(request, 'ListWhatsAppTemplate', {}, token);
        return (await api<{ Status: string }>(request, 'GetWhatsAppTemplate', { TemplateId }, token)).Status;
      },
      { timeout: 20_000 },
    )
    .toBe('APPROVED');
  return TemplateId;
}
