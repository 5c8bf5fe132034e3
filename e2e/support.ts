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
export async function waitForMessage(request: APIRequestContext, to: string, match: RegExp = /./): Promise<OutboxMessage> {
  let found: OutboxMessage | undefined;
  await expect
    .poll(async () => {
      const messages = (await (await request.get('/dev/outbox.json')).json()) as OutboxMessage[];
      found = messages.find((m) => m.to === to && match.test(`${m.subject}\n${m.text}`));
      return Boolean(found);
    }, { timeout: 15_000 })
    .toBe(true);
  return found!;
}

export async function signIn(page: Page, email = DEMO.email, password = DEMO.password) {
  await page.getByLabel(/^E-mail$|^邮箱$/).fill(email);
  await page.getByLabel(/^Password$|^密码$/).fill(password);
  await page.getByRole('button', { name: /^Sign in$|^登录$/ }).click();
}

export const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`;
