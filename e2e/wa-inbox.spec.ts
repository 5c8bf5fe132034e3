import { expect, test } from '@playwright/test';
import { demoToken, signInDemo } from './sms-support';
import { api, unique } from './support';
import { approvedTemplate, connectShopNumber } from './whatsapp-support';

// Issue 15's WhatsApp e2e (docs/decisions.md "WhatsApp settings and template replies"): a template with a
// button is approved by the sandbox and sent to a segment of contacts; a customer's reply arrives in the
// inbox without a reload and is answered inside the 24-hour window; a message written 30 hours ago refuses
// a free-form reply, and a template goes instead (the message becomes Replied).

test('a template with a button goes to a segment; replies arrive live; the window takes only a template', async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  const token = await demoToken(request);
  const phoneNumberId = await connectShopNumber(request, token);
  const templateName = unique('wa_shipped');
  const TemplateId = await approvedTemplate(request, token, {
    Name: templateName,
    Body: 'Hello {{1}}, your order has shipped and is on its way to you.',
    BodySamples: ['Ann'],
    ButtonKind: 'QUICK_REPLY',
    Buttons: [{ Type: 'QUICK_REPLY', Text: 'Track order' }],
  });

  // a segment of two contacts with WhatsApp numbers, and the template sent to it
  const tag = unique('wa-seg');
  const stamp = String(Date.now()).slice(-4);
  const customers = [`1415556${stamp}`, `1415557${stamp}`];
  for (const [i, phone] of customers.entries())
    await api(request, 'CreateContact', { Phone: `+${phone}`, FirstName: ['Ada', 'Bob'][i], Tags: [tag] }, token);
  const { SegmentId } = await api<{ SegmentId: number }>(
    request,
    'CreateSegment',
    {
      Name: tag,
      Rules: {
        Match: 'all',
        Groups: [{ Match: 'all', Conditions: [{ Source: 1, Field: 'tags', Operator: 'hasTag', Value: tag }] }],
      },
    },
    token,
  );
  const { TaskId } = await api<{ TaskId: string }>(
    request,
    'AddWhatsAppSendTask',
    {
      TaskName: unique('wa-segment'),
      TemplateId,
      PhoneNumberId: phoneNumberId,
      CountryCode: 'US',
      SegmentId,
      VariableMapping: [{ Variable: 1, Attribute: 'firstName', DefaultValue: 'friend' }],
    },
    token,
  );
  await expect
    .poll(
      async () =>
        (await api<{ Tasks: { SuccessCount: number }[] }>(request, 'GetWhatsAppSendTask', { TaskId }, token)).Tasks[0]
          ?.SuccessCount,
      { timeout: 30_000 },
    )
    .toBe(2);

  // Ada answers; the inbox shows it without a reload
  await signInDemo(page, '/mkthub/inbox');
  const says = (text: string, hoursAgo = 0) =>
    request.post('/dev/whatsapp/event', {
      data: { event: 'message', phoneNumberId, from: customers[0], name: 'Ada', text, hoursAgo: String(hoursAgo) },
    });
  const question = `When does it arrive? ${stamp}`;
  expect((await says(question)).ok()).toBe(true);
  const row = page.getByRole('row', { name: new RegExp(`When does it arrive\\? ${stamp}`) });
  await expect(row).toBeVisible({ timeout: 20_000 });
  await row.getByRole('link', { name: new RegExp(question.slice(0, 15)) }).click();
  const answer = `Tomorrow morning. ${stamp}`;
  await page.getByLabel('Your reply').fill(answer);
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByRole('listitem').filter({ hasText: answer })).toContainText('Sent');

  // a message written 30 hours ago: no free-form reply (console and server), a template goes
  const late = `Still waiting for my parcel ${stamp}`;
  expect((await says(late, 30)).ok()).toBe(true);
  await page.getByRole('link', { name: 'Back to the inbox' }).click();
  const lateRow = page.getByRole('row', { name: new RegExp(`Still waiting for my parcel ${stamp}`) });
  await expect(lateRow).toBeVisible({ timeout: 20_000 });
  await lateRow.getByRole('link', { name: /Still waiting/ }).click();
  await expect(page.getByText(/outside WhatsApp's customer-service window only an approved template/)).toBeVisible();
  await expect(page.getByLabel('Your reply')).toHaveCount(0);
  const messageId = page.url().split('/').pop()!;
  const refused = (await (
    await request.post('/api', {
      data: {
        Action: 'ReplyInboxMessage',
        MessageId: messageId,
        Text: 'Sorry!',
        IdempotencyKey: `k${Date.now()}abcdef`,
      },
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { RetCode: number };
  expect(refused.RetCode).toBe(239702);
  await page.getByRole('button', { name: 'Send a template' }).click();
  await page.getByRole('button', { name: /^Approved template/ }).click();
  await page.getByRole('option', { name: new RegExp(templateName) }).click();
  await page.getByLabel('Variable 1').fill('Ada');
  await page.getByRole('button', { name: 'Send template' }).click();
  await expect(
    page.getByRole('listitem').filter({ hasText: 'Hello Ada, your order has shipped and is on its way to you.' }),
  ).toContainText('Sent');
  await expect(page.getByText('Replied')).toBeVisible();

  // the records' exports and the WhatsApp settings (the menu's last item)
  await page.goto('/whatsapp/search');
  await page.getByRole('tab', { name: 'Exports' }).click();
  await page.getByRole('button', { name: 'Export records' }).click();
  await expect(page.getByRole('button', { name: 'Download' }).first()).toBeVisible({ timeout: 20_000 });
  await page.getByRole('link', { name: 'Settings' }).last().click();
  await expect(page.getByRole('heading', { level: 1, name: 'WhatsApp settings' })).toBeVisible();
});
