import type { Db } from '../db/database';
import { emailDomains, emailSenders, emailTemplates, smsTemplates } from '../db/schema';
import { credit, MAIN_WALLET } from '../money/ledger';
import { SUB_WALLET_TYPES } from '../../src/gateway/contract/actions/constants';
import type { audienceTenant } from '../audience/testkit';
import type { WorkflowDocument } from '../../src/gateway/contract/workflow/document';

// Journey tests and the journey bench: what an account needs before its journeys can send — an approved
// SMS template `UT<tag>`, MMS template `MT<tag>` and e-mail template `ET<tag>` (no variables), an enabled
// sender on a passed domain, and money in the SMS, e-mail and main (MMS) wallets.

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
  await db.insert(smsTemplates).values({
    templateId: `MT${tag}`,
    userId,
    name: 'Welcome picture',
    purpose: 2,
    language: 'en',
    content: 'Welcome to Herald, here is your card',
    subject: 'Welcome',
    channel: 'mms',
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
  for (const productType of [SUB_WALLET_TYPES.Sms, SUB_WALLET_TYPES.Email, MAIN_WALLET])
    await db.transaction((tx) =>
      credit(tx, { userId, productType, amount, billType: 'recharge', uniqueKey: `journey-${tag}-${productType}` }),
    );
}

let nextContact = 0;

type Tenant = Awaited<ReturnType<typeof audienceTenant>>;

/** `count` contacts with a phone and an e-mail in a new list, the first two also in a "VIP" list. */
export async function journeyAudience(tenant: Tenant, count: number) {
  const ids: number[] = [];
  const emails: string[] = [];
  for (let i = 0; i < count; i++) {
    const n = nextContact++;
    emails.push(`c${n}-${tenant.id}@example.com`);
    const contact = await tenant.api('CreateContact', {
      Phone: `+1 415 555 ${String(1000 + tenant.id * 100 + n).slice(-4)}`,
      Email: emails[i],
      FirstName: `C${n}`,
    });
    ids.push(contact.ContactId);
  }
  const list = await tenant.api('CreateContactList', { Name: `Journey ${tenant.id} ${nextContact}` });
  await tenant.api('AddContactsToList', { ListId: list.ListId, ContactIds: ids });
  const vip = await tenant.api('CreateContactList', { Name: `VIP ${tenant.id} ${nextContact}` });
  await tenant.api('AddContactsToList', { ListId: vip.ListId, ContactIds: ids.slice(0, 2) });
  return { listId: list.ListId, vipId: vip.ListId, ids, emails };
}

const at = { x: 0, y: 0 };

/** trigger(list) → SMS → delay 1 day → condition (in the VIP list) → e-mail (yes) / exit (no). */
export const journeyOf = (listId: number, vipId: number, tag: string): WorkflowDocument => ({
  nodes: [
    {
      id: 't',
      kind: 'trigger',
      position: at,
      config: { source: 'list', audienceId: `L${listId}`, attribute: '', event: '' },
    },
    { id: 's', kind: 'sms', position: at, config: { templateId: `UT${tag}` } },
    { id: 'd', kind: 'delay', position: at, config: { amount: 1, unit: 'day' } },
    {
      id: 'c',
      kind: 'condition',
      position: at,
      config: { audienceId: `L${vipId}`, rules: [{ kind: 'inList', value: '' }] },
    },
    { id: 'e', kind: 'email', position: at, config: { templateId: `ET${tag}` } },
    { id: 'x', kind: 'exit', position: at, config: {} },
  ],
  edges: [
    { id: 'e1', source: 't', target: 's' },
    { id: 'e2', source: 's', target: 'd' },
    { id: 'e3', source: 'd', target: 'c' },
    { id: 'e4', source: 'c', target: 'e', branch: 'yes' },
    { id: 'e5', source: 'c', target: 'x', branch: 'no' },
    { id: 'e6', source: 'e', target: 'x' },
  ],
});

/** trigger(list) → SMS → condition (in the VIP list) → exit (yes) / delay 1 day → the SMS again (no). */
export const loopJourneyOf = (listId: number, vipId: number, tag: string): WorkflowDocument => {
  const { nodes } = journeyOf(listId, vipId, tag);
  return {
    nodes: nodes.filter((node) => node.id !== 'e'),
    edges: [
      { id: 'e1', source: 't', target: 's' },
      { id: 'e2', source: 's', target: 'c' },
      { id: 'e3', source: 'c', target: 'x', branch: 'yes' },
      { id: 'e4', source: 'c', target: 'd', branch: 'no' },
      { id: 'e5', source: 'd', target: 's' },
    ],
  };
};
