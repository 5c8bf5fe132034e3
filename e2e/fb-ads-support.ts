import { expect, type APIRequestContext } from '@playwright/test';
import { api, DEMO, unique } from './support';

/** A Facebook account of the demo user, opened by the sandbox (review 1 s). */
export async function openedFacebookAccount(request: APIRequestContext): Promise<string> {
  const { AccessToken } = await api<{ AccessToken: string }>(request, 'LoginByPassword', {
    Email: DEMO.email,
    Password: DEMO.password,
  });
  const name = unique('FB ads');
  await api(
    request,
    'ApplyAdAccount',
    {
      PlatformId: 1,
      AccountName: name,
      CompanyName: 'Example Ltd',
      PromotionLink: 'https://shop.example.com',
      TimeZone: 'UTC+8',
      Quantity: 1,
      Currency: 'USD',
      RegisteredRegion: 'HK',
      LicenseNumber: 'BR-123456',
      Industry: 'ecommerce',
      SubIndustry: 'apparel',
      BmId: '1234567890',
      PixelId: '9876543210',
      UsLandingEcommerce: 'no',
    },
    AccessToken,
  );
  let accountId = '';
  await expect(async () => {
    const { Accounts } = await api<{ Accounts: { AccountId: string; Name: string }[] }>(
      request,
      'ListAdAccount',
      { PlatformId: 1, Keyword: name },
      AccessToken,
    );
    accountId = Accounts[0]?.AccountId ?? '';
    expect(accountId).not.toBe('');
  }).toPass({ timeout: 15_000 });
  return accountId;
}
