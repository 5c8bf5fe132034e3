import { expect, test } from '@playwright/test';
import { signInDemo } from './sms-support';
import { unique } from './support';

// "Insert short link" in the composers (issue 16 item 5; docs/decisions.md "Short links in message content"):
// a new link into an SMS template's content at the cursor (the character counter counts it), the same
// destination picked as an existing link into an e-mail, which makes the e-mail campaign's own link, and
// that link's UTM campaign on its detail page.

test('a short link inserted into SMS content and into an e-mail, each with its campaign UTM', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(60_000);
  const title = unique('Autumn shoes');
  const smsCampaign = unique('autumn_sms');
  await signInDemo(page, '/sms/new-template');
  await page.getByLabel('Template name').fill(smsCampaign);
  const content = page.getByTestId('template-content-input');
  await content.fill('Autumn sale today, shop at');

  // Opened from the keyboard; the UTM comes from the composer: source sms, medium message, the template's name.
  await page.getByRole('button', { name: 'Insert short link' }).press('Enter');
  const dialog = page.getByRole('dialog', { name: 'Insert a short link' });
  await expect(dialog.getByLabel('UTM source')).toHaveValue('sms');
  await expect(dialog.getByLabel('UTM medium')).toHaveValue('message');
  await expect(dialog.getByLabel('UTM campaign')).toHaveValue(smsCampaign);
  await dialog.getByLabel('Long link').fill('ftp://x');
  await dialog.getByRole('button', { name: 'Insert link' }).click();
  await expect(dialog.getByText('The link must be a web address starting with http:// or https://.')).toBeVisible();
  await expect(dialog.getByText('Enter a title.')).toBeVisible();
  await dialog.getByLabel('Long link').fill(`${baseURL}/healthz?from=insert`);
  await dialog.getByLabel('Title').fill(title);
  await dialog.getByRole('button', { name: 'Insert link' }).click();
  await expect(dialog).toBeHidden();

  const said = page.getByRole('status').filter({ hasText: 'Short link inserted:' });
  const smsUrl = (await said.textContent())!.replace('Short link inserted:', '').trim();
  expect(smsUrl).toMatch(/\/s\/[0-9A-Za-z]{8}$/);
  const text = `Autumn sale today, shop at ${smsUrl}`;
  await expect(content).toHaveValue(text);
  // The counter counts the short URL: every character of this text is one GSM unit.
  await expect(page.getByText(`1 part · ${text.length} characters · 0 variables`)).toBeVisible();

  // The e-mail: the same destination picked as an existing link; its campaign is the e-mail template's.
  const emailCampaign = unique('autumn_mail');
  await page.goto('/email/new-template');
  await page.getByLabel('Template name').fill(emailCampaign);
  await page.getByLabel('Subject').fill('Autumn shoes');
  await page.getByRole('radio', { name: 'Rich text' }).click();
  const body = page.getByRole('textbox', { name: 'E-mail body' });
  await body.click();
  await page.keyboard.type('Our autumn shoes: ');
  await page.getByRole('button', { name: 'Insert short link' }).click();
  await expect(dialog.getByLabel('UTM source')).toHaveValue('email');
  await expect(dialog.getByLabel('UTM campaign')).toHaveValue(emailCampaign);
  await dialog.getByRole('combobox', { name: 'Start from an existing link' }).fill(title);
  await dialog.getByRole('option', { name: new RegExp(title) }).click();
  await expect(dialog.getByLabel('Long link')).toHaveValue(`${baseURL}/healthz?from=insert`);
  await dialog.getByRole('button', { name: 'Insert link' }).click();
  await expect(dialog).toBeHidden();
  const mailSaid = page.getByRole('status').filter({ hasText: 'Short link inserted:' });
  const mailUrl = (await mailSaid.textContent())!.replace('Short link inserted:', '').trim();
  expect(mailUrl).not.toBe(smsUrl);
  await expect(body.getByRole('link', { name: mailUrl })).toHaveAttribute('href', mailUrl);
  await page.getByRole('button', { name: 'Save as draft' }).click();
  await expect(page).toHaveURL(/\/email\/template$/);

  // The short-link detail names the e-mail campaign.
  await page.goto('/tool/short-link');
  await page.getByLabel('Search by title, link or code').fill(mailUrl.split('/').at(-1)!);
  await page.getByRole('row').filter({ hasText: mailUrl }).getByRole('link', { name: title }).click();
  await expect(page.getByText(`utm_source=email · utm_medium=message · utm_campaign=${emailCampaign}`)).toBeVisible();

  // WhatsApp agent text at phone width: the same destination for the agent campaign, inserted twice — the
  // second insert hands back the campaign's link it already has.
  await page.setViewportSize({ width: 390, height: 844 });
  const agentCampaign = unique('autumn_wa');
  await page.goto('/whatsapp/agent-create');
  await page.getByLabel('Campaign name').fill(agentCampaign);
  const message = page.getByLabel('Message');
  await message.fill('Shoes for autumn:');
  for (const said of ['Short link inserted:', "This campaign's short link inserted:"]) {
    await page.getByRole('button', { name: 'Insert short link' }).click();
    await expect(dialog.getByLabel('UTM source')).toHaveValue('whatsapp');
    await expect(dialog.getByLabel('UTM campaign')).toHaveValue(agentCampaign);
    await dialog.getByRole('combobox', { name: 'Start from an existing link' }).fill(title);
    await dialog
      .getByRole('option', { name: new RegExp(title) })
      .first()
      .click();
    await dialog.getByRole('button', { name: 'Insert link' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('status').filter({ hasText: said })).toBeVisible();
  }
  const waUrl = (await page.getByRole('status').filter({ hasText: 'short link inserted:' }).textContent())!
    .replace("This campaign's short link inserted:", '')
    .trim();
  expect([smsUrl, mailUrl]).not.toContain(waUrl);
  await expect(message).toHaveValue(`Shoes for autumn: ${waUrl} ${waUrl}`);
});
