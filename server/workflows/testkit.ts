import type { Db } from '../db/database';
import { emailDomains, emailSenders, emailTemplates, smsTemplates } from '../db/schema';
import { credit } from '../money/ledger';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';

// Journey tests and the journey bench: what an account needs before its journeys can send — an approved
// SMS template `UT<tag>` and e-mail template `ET<tag>` (no variables), an enabled sender on a passed
// domain, and money in the SMS and e-mail wallets.

export async function journeyFixtures(db: Db, userId: number, tag: string, now: Date, amount = 10_000_000) {
  await db.insert(smsTemplates).values({
    templateId: `UT${tag}`,
    userId,
    name: 'Welcome',
    purpose: 2,
    language: 'en',
    content: 'Welcome to Herald, your account is ready today',
    status: 2,
    variableCount: 0,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(emailTemplates).values({
    templateId: `ET${tag}`,
    userId,
    name: 'Follow-up',
    subject: 'How is it going?',
    kind: 'html',
    emailType: 1,
    editor: 'html',
    design: '',
    html: '<p>Hello again</p>',
    textPart: 'Hello again',
    status: 3,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(emailDomains).values({
    domainId: `ED${tag}`,
    userId,
    domain: `journey${tag}.example.com`,
    trackingPrefix: 'track',
    dkimSelector: 'herald',
    dkimPublicKey: 'x',
    dkimPrivateKey: 'x',
    status: 1,
    createdAt: now,
    updatedAt: now,
  });
  await db.insert(emailSenders).values({
    senderId: `ES${tag}`,
    userId,
    domainId: `ED${tag}`,
    alias: 'Herald',
    address: `hello@journey${tag}.example.com`,
    createdAt: now,
    updatedAt: now,
  });
  for (const productType of [SUB_WALLET_TYPES.Sms, SUB_WALLET_TYPES.Email])
    await db.transaction((tx) =>
      credit(tx, { userId, productType, amount, billType: 'recharge', uniqueKey: `journey-${tag}-${productType}` }),
    );
}
