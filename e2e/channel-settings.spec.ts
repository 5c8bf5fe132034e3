import { expect, test } from '@playwright/test';
import { api, signIn } from './support';
import { demoToken, signInDemo } from './sms-support';

// Settings per channel (docs/decisions.md "Settings per channel"): MMS (/mms/setting) and voice
// (/vms/overview, spec 000 §2) have the SMS settings cards on their own Actions. The demo account is
// shared: every test puts back what it changed.

const CHANNELS = [
  {
    name: 'MMS',
    path: '/mms/setting',
    from: '/mms/overview',
    menu: 'MMS',
    title: 'MMS settings',
    zhTitle: '彩信设置',
    actions: 'UMMS',
    countLabel: 'Messages',
  },
  {
    name: 'voice',
    path: '/vms/overview',
    from: '/vms/audio',
    menu: 'Voice',
    title: 'Voice settings',
    zhTitle: '语音设置',
    actions: 'UVMS',
    countLabel: 'Called numbers',
  },
] as const;

// Three cards, each with its own read: allow a loaded machine (the whole suite shares two cores).
test.setTimeout(120_000);

for (const channel of CHANNELS) {
  test(`${channel.name} settings: a callback is saved (a bad address is refused) and an alarm rule added`, async ({
    page,
    request,
  }) => {
    const token = await demoToken(request);
    try {
      await signInDemo(page, channel.from);
      await page.getByRole('complementary', { name: channel.menu }).getByRole('link', { name: 'Settings' }).click();
      await expect(page).toHaveURL(new RegExp(`${channel.path}$`));
      await expect(page.getByRole('heading', { level: 1, name: channel.title })).toBeVisible();

      const url = page.getByLabel('Callback address');
      await url.fill('not an address');
      await page.getByRole('button', { name: 'Save' }).first().click();
      await expect(page.getByText('Entered address format incorrect')).toBeVisible();
      // a local address: the e2e server allows private callbacks (playwright.config.ts)
      await url.fill(`http://127.0.0.1:9/herald/${channel.name}`);
      await page.getByRole('button', { name: 'Save' }).first().click();
      await expect(page.getByText('The callback was saved.')).toBeVisible();
      await page.reload();
      await expect(page.getByLabel('Callback address')).toHaveValue(`http://127.0.0.1:9/herald/${channel.name}`, {
        timeout: 30_000,
      });
      const sms = await api<{ Url: string }>(request, 'GetUSMSCallback', {}, token);
      expect(sms.Url).not.toContain('/herald/');

      await page.getByRole('button', { name: 'Add rule' }).click();
      const dialog = page.getByRole('dialog', { name: 'New alarm rule' });
      await dialog.getByLabel(channel.countLabel).fill('4321');
      await dialog.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('The alarm rule was saved.')).toBeVisible();
      await expect(page.getByRole('row').filter({ hasText: '4,321 per day' })).toBeVisible();
      const smsRules = await api<{ Rules: { Threshold: number }[] }>(
        request,
        'DescribeUSMSSendCountAlarmRule',
        {},
        token,
      );
      expect(smsRules.Rules.map((rule) => rule.Threshold)).not.toContain(4321);
    } finally {
      await api(request, `Set${channel.actions}Callback`, { Url: '' }, token);
      const rules = await api<{ Rules: { RuleId: string; Threshold: number }[] }>(
        request,
        `Describe${channel.actions}SendCountAlarmRule`,
        {},
        token,
      );
      for (const rule of rules.Rules.filter((r) => r.Threshold === 4321))
        await api(request, `Delete${channel.actions}SendCountAlarmRule`, { RuleId: rule.RuleId }, token);
    }
  });

  test(`${channel.name} settings speak Chinese`, async ({ page, context, baseURL }) => {
    await context.addCookies([{ name: 'lang', value: 'zh', url: baseURL! }]);
    await page.goto(`/signin?service=${encodeURIComponent(channel.path)}`);
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1, name: channel.zhTitle })).toBeVisible();
    await expect(page.getByText('回执推送', { exact: true })).toBeVisible();
    await expect(page.getByText('发送量告警', { exact: true }).first()).toBeVisible();
    await page.getByLabel('推送地址').fill('ftp://example.com');
    await page.getByRole('button', { name: '保存' }).first().click();
    await expect(page.getByText('地址格式不正确')).toBeVisible();
  });
}
