import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { campaignApplyMachine } from '../src/machines/campaign-apply.machine';
import { emailCampaignMachine, smsCampaignMachine } from '../src/machines/campaign-editor.machine';
import { emailSendingSetup, type EmailSending } from './email-support';
import { applyOncePathTests } from './apply-once-paths';
import { sendWizardPathTests } from './send-wizard-paths';
import { demoToken, passedTemplate, signInDemo } from './sms-support';
import { api, pickCountry, unique, uniquePhone } from './support';

// Issue 14 item 5: an SMS campaign named in the list's dialog, written in the editor to a list, saved,
// applied into a real send task and followed on its detail page; a name a plan already has refused in the
// dialog; the list in Chinese; the editor's and the apply page's machines replayed through their pages.

test.setTimeout(240_000);

/** A list of the demo account with `size` contacts the sandbox carrier delivers to. */
async function demoList(request: APIRequestContext, token: string, size = 2): Promise<{ name: string; id: number }> {
  const name = unique('Campaign list');
  const { ListId } = await api<{ ListId: number }>(request, 'CreateContactList', { Name: name }, token);
  const ids: number[] = [];
  for (let i = 0; i < size; i++)
    ids.push(
      (await api<{ ContactId: number }>(request, 'CreateContact', { Phone: `+${uniquePhone()}` }, token)).ContactId,
    );
  await api(request, 'AddContactsToList', { ListId, ContactIds: ids }, token);
  return { name, id: ListId };
}

async function chooseList(page: Page, list: string) {
  await page.getByTestId('recipients-kind').getByRole('radio', { name: 'A list' }).click();
  await page.getByRole('button', { name: /^List/ }).click();
  await page.getByRole('option', { name: list }).click();
}

test('an owner names an SMS campaign, writes it to a list, saves, applies and follows it', async ({
  page,
  request,
}) => {
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token, 'Spring sale: 20% off every pair this week only');
  const list = (await demoList(request, token)).name;
  const name = unique('Spring');

  await signInDemo(page, '/mkthub/smsEmail');
  await expect(page.getByRole('heading', { level: 1, name: 'Campaigns' })).toBeVisible();
  await page.getByRole('button', { name: 'New campaign' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel('Campaign name').fill('no; way');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText(/letters, digits/i).first()).toBeVisible();
  await dialog.getByLabel('Campaign name').fill(name);
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/create/${name}/1/sms$`));
  await page.getByRole('link', { name: /Write it in the editor/ }).click();
  await expect(page).toHaveURL(new RegExp(`/campaign/create/sms-editor/${name}/1$`));

  // the template as the AI page would hand it over, then the editor's own fields
  await page.goto(`/campaign/create/sms-editor/${name}/1?templateId=${templateId}`);
  await expect(page.getByTestId('send-template')).not.toHaveValue('', { timeout: 20_000 });
  await expect(page.getByLabel('Campaign name')).toHaveValue(name);
  await expect(page.getByTestId('recipients-kind').getByRole('radio')).toHaveCount(2);
  await pickCountry(page, 'United States');
  await chooseList(page, list);
  await page.getByTestId('send-next').click();
  await expect(page.getByTestId('send-review')).toContainText(`${list}: 2 contacts`);
  await page.getByRole('button', { name: 'Save campaign' }).click();
  await expect(page.getByRole('status').getByText('Campaign saved')).toBeVisible();
  await page.getByRole('link', { name: 'Review and apply' }).click();

  await expect(page).toHaveURL(/\/campaign\/apply\/CP[0-9A-Z]+$/);
  await expect(page.getByText(`List: ${list}`)).toBeVisible();
  await page.getByRole('button', { name: 'Apply campaign' }).click();
  await expect(page.getByRole('status').getByText('Campaign applied')).toBeVisible({ timeout: 60_000 });
  await page.getByRole('link', { name: 'Details' }).click();
  await expect(page).toHaveURL(/\/campaign\/detail\/CP[0-9A-Z]+\/sms$/);
  await expect(page.getByRole('link', { name: 'Open the send task' })).toBeVisible();
  await expect(page.getByTestId('task-count-total')).toContainText('2', { timeout: 60_000 });

  await page.goto('/mkthub/smsEmail');
  const row = page.getByRole('row', { name: new RegExp(name) });
  await expect(row).toContainText('Applied');
  await expect(row.getByRole('link', { name: 'Edit' })).toHaveCount(0);
});

test('a name a plan has is refused in the dialog, and the list reads in Chinese', async ({
  page,
  request,
  baseURL,
}) => {
  const token = await demoToken(request);
  const name = unique('Taken');
  await api(
    request,
    'SaveMKTPlan',
    {
      Name: name,
      Aim: 1,
      Industry: 'Retail',
      ProductCategory: 'Shoes',
      Type: 'promotion',
      Tone: 'friendly',
      Channels: ['sms'],
    },
    token,
  );
  await signInDemo(page, '/mkthub/smsEmail');
  await page.getByRole('button', { name: 'New campaign' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'New campaign' });
  await dialog.getByLabel('Campaign name').fill(name.toLowerCase());
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await expect(dialog.getByText('Plan or campaign name already in use. Choose another name.')).toBeVisible();
  await expect(page).toHaveURL(/\/mkthub\/smsEmail$/);

  await page.context().addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: '营销活动' })).toBeVisible();
  await page.getByRole('button', { name: '新建营销活动' }).first().click();
  await expect(page.getByRole('dialog', { name: '新建营销活动' }).getByLabel('活动名称')).toBeVisible();
});

let listName: Promise<string> | null = null;

sendWizardPathTests({
  machine: smsCampaignMachine,
  page: () => `/campaign/create/sms-editor/${unique('cmp')}/1`,
  // made before the first page opens, so the page's list of lists has the list
  template: async (request, token) => {
    listName = demoList(request, token, 1).then((list) => list.name);
    await listName;
    return passedTemplate(request, token);
  },
  fillChannel: (page) => pickCountry(page, 'United States'),
  recipientsLabel: 'List',
  recipient: '',
  chooseRecipients: async (page) => chooseList(page, await listName!),
  submitted: async (page) => expect(page.getByRole('status').getByText('Campaign saved')).toBeVisible(),
  previewAction: 'GetUSMSPreviewSmsContent',
  submitAction: 'SaveCampaign',
  maxPaths: 2,
});

let emailList: Promise<string> | null = null;
let emailSending: EmailSending | null = null;

sendWizardPathTests({
  machine: emailCampaignMachine,
  page: () => `/campaign/create/email-editor/${unique('cmp')}/2`,
  template: async (request, token) => {
    emailList = demoList(request, token, 1).then((list) => list.name);
    await emailList;
    emailSending = await emailSendingSetup(request, token);
    return emailSending.templateId;
  },
  fillChannel: async (page) => {
    await page.getByTestId('send-sender').fill('Shop');
    await page.getByRole('option', { name: emailSending!.senderLabel }).click();
  },
  recipientsLabel: 'List',
  recipient: '',
  chooseRecipients: async (page) => chooseList(page, await emailList!),
  submitted: async (page) => expect(page.getByRole('status').getByText('Campaign saved')).toBeVisible(),
  previewAction: 'GetEmailTemplate',
  submitAction: 'SaveCampaign',
  // the SMS editor's paths above take the same statechart's steps; this one shows the e-mail page drives it
  maxPaths: 1,
});

/** A saved campaign of the demo account to apply (a list of one contact, sent at once). */
async function savedCampaign(request: APIRequestContext): Promise<string> {
  const token = await demoToken(request);
  const templateId = await passedTemplate(request, token);
  const list = await demoList(request, token, 1);
  const { CampaignId } = await api<{ CampaignId: string }>(
    request,
    'SaveCampaign',
    {
      Type: 'sms',
      Aim: 2,
      Sms: { TaskName: unique('apply'), TemplateId: templateId, CountryCode: 'US', ListId: list.id },
    },
    token,
  );
  return CampaignId;
}

applyOncePathTests('campaignApply', {
  machine: campaignApplyMachine,
  open: async (page, request) => {
    test.slow();
    const campaignId = await savedCampaign(request);
    await signInDemo(page, `/campaign/apply/${campaignId}`);
    await expect(page.getByRole('button', { name: 'Apply campaign' })).toBeEnabled();
  },
  action: 'ApplyCampaign',
  button: 'Apply campaign',
  applied: async (page) => expect(page.getByRole('status').getByText('Campaign applied')).toBeVisible(),
});
