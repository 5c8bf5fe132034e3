import { expect, type Page, type APIRequestContext } from '@playwright/test';

export const DEMO = { email: 'demo@herald.local', password: 'herald-demo-1' };

export interface OutboxMessage {
  to: string;
  channel: string;
  subject: string;
  text: string;
  createdAt: string;
}

/** Waits for the newest sandbox message to an address (GET /dev/outbox.json). */
export async function waitForMessage(
  request: APIRequestContext,
  to: string,
  match: RegExp = /./,
): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
        found = messages.find((m) => m.to === to && match.test(`${m.subject}\n${m.text}`));
        return Boolean(found);
      },
      { timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.getByLabel(/^E-mail$|^邮箱$/).fill(email);
  await page.getByLabel(/^Password$|^密码$/).fill(password);
  await page.getByRole('button', { name: /^Sign in$|^登录$/ }).click();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;

/** A gateway call that must succeed: RetCode 0, else the test fails with the server's Message. */
export async function api<D = Record<string, unknown>>(
  request: APIRequestContext,
  Action: string,
  input: object,
  token?: string,
): Promise<D> {
  const reply = (await (
    await request.post('/api', {
      data: { Action, ...input },
      headers: token ? { authorization: `Bearer ${token}` } : {},
    })
  ).json()) as { RetCode: number; Message: string; Data: D };
  expect(reply.RetCode, `${Action}: ${reply.Message}`).toBe(0);
  return reply.Data;
}

/** A unique name for things tests create (templates, tasks, tags). */
/** Chooses a country in a form's country box: typed, then picked from its list ("United States (+1)"). */
export async function pickCountry(page: Page, name: string, testId = 'send-country') {
  await page.getByTestId(testId).fill(name);
  await page
    .getByRole('option', { name: new RegExp(`${name} \\(\\+\\d+\\)`) })
    .first()
    .click();
}

export const unique = (prefix: string) => `${prefix}_${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

/**
 * A US number no test used before that sign-up accepts (issue 18 §5: a number must fit its country, so
 * the exchange starts with 2-9). `trunk` '1' gives the 11-digit form, '' the 10-digit national one.
 */
export const uniquePhone = (trunk = '1') => {
  const now = Date.now() + Math.floor(Math.random() * 1000);
  return `${trunk}628${200 + (Math.floor(now / 10_000) % 800)}${String(now % 10_000).padStart(4, '0')}`;
};

/** A new contact of the token's account with a phone of its own (a phone another test took is drawn again). */
export async function newContact(request: APIRequestContext, token: string): Promise<number> {
  for (let attempt = 0; ; attempt++) {
    const reply = (await (
      await request.post('/api', {
        data: { Action: 'CreateContact', Phone: uniquePhone() },
        headers: { authorization: `Bearer ${token}` },
      })
    ).json()) as { RetCode: number; Message: string; Data: { ContactId: number } };
    if (reply.RetCode === 0) return reply.Data.ContactId;
    expect(attempt < 5 && reply.RetCode === 237001, `CreateContact: ${reply.Message}`).toBe(true);
  }
}

/** A fresh, activated account made through the gateway; the demo account is never changed by tests. */
export async function freshAccount(request: APIRequestContext, prefix: string, password: string): Promise<string> {
  const email = uniqueEmail(prefix);
  const phone = uniquePhone();
  await api(request, 'SendRegisterPhoneCodeV1', { Phone: phone, Country: 'US' });
  const code = /\b(\d{6})\b/.exec((await waitForMessage(request, phone, /\d{6}/)).text)![1];
  await api(request, 'RegisterAdminUser', {
    Email: email,
    Password: password,
    Phone: phone,
    PhoneCode: code,
    Country: 'US',
    Agree: true,
  });
  const key = /\/active\?key=([\w-]+)/.exec((await waitForMessage(request, email, /\/active\?key=/)).text)![1];
  await api(request, 'ActivateAdminUser', { Key: key });
  return email;
}

/** Reloads a page that holds unsaved work: the browser asks first (beforeunload), and the test agrees. */
export async function reloadPastLeaveWarning(page: Page) {
  const warned = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.accept();
    }),
  );
  await page.reload();
  expect(await warned).toBe('beforeunload');
}

/** The inbox message whose text holds `text`, waited for until it has arrived; its MessageId. */
export async function inboxMessageWith(
  request: APIRequestContext,
  token: string,
  text: string,
  timeout = 30_000,
): Promise<string> {
  let messageId = '';
  await expect
    .poll(
      async () => {
        const list = await api<{ Messages: { MessageId: string }[] }>(
          request,
          'ListInboxMessage',
          { Search: text },
          token,
        );
        messageId = list.Messages[0]?.MessageId ?? '';
        return messageId;
      },
      { timeout },
    )
    .not.toBe('');
  return messageId;
}
