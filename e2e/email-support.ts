import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { EMAIL_DOMAIN_STATUS, EMAIL_TEMPLATE_STATUS } from '../src/gateway/contract/statuses';
import { api, unique } from './support';

// The e2e server runs with HERALD_DNS_SANDBOX=1: domains verify against a loopback DNS server whose
// records PUT /dev/dns sets, as a customer's DNS host would publish them.

export interface ShownRecord {
  kind: string;
  type: string;
  host: string;
  value: string;
}

/** The records the domain detail dialog shows, read as a user would copy them. */
export async function shownRecords(page: Page): Promise<ShownRecord[]> {
  const dialog = page.getByTestId('domain-detail');
  const records: ShownRecord[] = [];
  for (const kind of ['SPF', 'DKIM', 'DMARC', 'MX', 'TRACKING']) {
    const row = dialog.getByTestId(`record-${kind}`);
    const cells = row.locator('td');
    records.push({
      kind,
      type: (await cells.nth(0).innerText()).trim(),
      host: (await cells.nth(1).locator('code').innerText()).trim(),
      value: (await cells.nth(2).locator('code').innerText()).trim(),
    });
  }
  return records;
}

/** Publishes the records at the sandbox DNS (TXT values split in 255-octet strings, as DNS hosts do). */
export async function publish(request: APIRequestContext, domain: string, records: ShownRecord[]) {
  const byName = new Map<string, { TXT?: string[][]; MX?: { exchange: string; priority: number }[]; CNAME?: string }>();
  for (const record of records) {
    const name = record.host === '@' ? domain : `${record.host}.${domain}`;
    const entry = byName.get(name) ?? {};
    if (record.type === 'TXT') entry.TXT = [...(entry.TXT ?? []), record.value.match(/.{1,255}/g)!];
    if (record.type === 'MX') {
      const [priority, exchange] = record.value.split(' ');
      entry.MX = [{ priority: Number(priority), exchange }];
    }
    if (record.type === 'CNAME') entry.CNAME = record.value;
    byName.set(name, entry);
  }
  for (const [name, entry] of byName) {
    const response = await request.put('/dev/dns', { data: { name, records: entry } });
    expect(response.ok()).toBe(true);
  }
}

export const uniqueDomain = (prefix: string) =>
  `${prefix}${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}.example.com`;

/** Opens /email/setting and adds a domain through the dialog; the detail dialog opens on it. */
export async function addDomainThroughDialog(page: Page, domain: string) {
  await page.goto('/email/setting');
  // A new account meets the once-a-day welcome dialog, sometimes only after the page loaded.
  const later = page.getByRole('button', { name: 'Later' });
  await later
    .waitFor({ timeout: 3_000 })
    .then(() => later.click())
    .catch(() => undefined);
  await page.getByRole('button', { name: 'Add domain' }).first().click();
  const dialog = page.getByTestId('add-domain-dialog');
  await dialog.getByLabel('Domain').fill(domain);
  await dialog.getByRole('button', { name: 'Add domain' }).click();
  await expect(page.getByTestId('domain-detail')).toContainText(`DNS records of ${domain}`);
}

/** What an e-mail send needs: a verified domain, an enabled sender on it and a passed template. */
export interface EmailSending {
  senderId: string;
  /** The sender as the wizard's sender box lists it. */
  senderLabel: string;
  templateId: string;
}

/** Makes the demo account ready to send e-mail, through the gateway and the sandbox DNS. */
export async function emailSendingSetup(
  request: APIRequestContext,
  token: string,
  html = '<p>Hello, spring is here. <a href="{{UnsubscribeUrl}}">Unsubscribe</a></p>',
): Promise<EmailSending> {
  const domain = uniqueDomain('send');
  const added = await api<{ DomainId: string; Records: { Kind: string; Type: string; Host: string; Value: string }[] }>(
    request,
    'AddUEmailDomain',
    { Domain: domain },
    token,
  );
  await publish(
    request,
    domain,
    added.Records.map((record) => ({ kind: record.Kind, type: record.Type, host: record.Host, value: record.Value })),
  );
  // Under load a loopback DNS answer can miss its time-out: verify again until the domain passes.
  await expect
    .poll(
      async () =>
        (await api<{ Status: number }>(request, 'VerifyUEmailDomain', { DomainId: added.DomainId }, token)).Status,
      { timeout: 30_000 },
    )
    .toBe(EMAIL_DOMAIN_STATUS.Passed);
  const address = `news@${domain}`;
  const { SenderId } = await api<{ SenderId: string }>(
    request,
    'AddUEmailSender',
    { Alias: 'Shop', Address: address },
    token,
  );
  const { TemplateId } = await api<{ TemplateId: string }>(
    request,
    'CreateEmailTemplate',
    {
      TemplateName: unique('email-tpl'),
      Subject: 'Spring offers',
      PreviewText: 'Ten percent off',
      Kind: 'batch',
      EmailType: 3,
      Editor: 'richText',
      Design: '{}',
      Html: html,
    },
    token,
  );
  await expect
    .poll(async () => (await api<{ Status: number }>(request, 'GetEmailTemplate', { TemplateId }, token)).Status, {
      timeout: 30_000,
    })
    .toBe(EMAIL_TEMPLATE_STATUS.Passed);
  return { senderId: SenderId, senderLabel: `Shop <${address}>`, templateId: TemplateId };
}
