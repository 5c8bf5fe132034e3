import {
  conditionKind,
  dateWindow,
  pastMoment,
  type SegmentCondition,
  type SegmentRules,
} from '../../src/gateway/contract/audience/segments';
import type { AttributeType, AttributeValue } from '../../src/gateway/contract/audience/rules';

// The segment operators of spec 001 §3 written plainly over contacts in memory: the reference the SQL
// compiler (segment-sql.ts) is checked against in segment-sql.property.test.ts. Never used to serve.

export interface ReferenceContact {
  id: number;
  email: string | null;
  phone: string | null;
  firstName: string;
  lastName: string;
  tags: string[];
  createdAt: Date;
  attributes: Record<string, AttributeValue>;
  lists: Set<number>;
  records: { channel: 'sms' | 'email'; state: number; submitAt: Date }[];
}

export const referenceContact = (contact: ReferenceContact) => contact;

/** Per source: its channel's records and the states that count as received or failed. */
const CHANNEL_STATES = {
  4: { channel: 'sms', received: [2, 3, 5], failed: [4, 6] },
  5: { channel: 'email', received: [2, 3, 6], failed: [4, 5, 7] },
} as const;

export function referenceMatches(
  contact: ReferenceContact,
  rules: SegmentRules,
  attributeTypes: ReadonlyMap<number, AttributeType>,
  now: Date,
): boolean {
  const groups = rules.Groups.map((group) => {
    const results = group.Conditions.map((c) => conditionMatches(contact, c, attributeTypes, now));
    return group.Match === 'all' ? results.every(Boolean) : results.some(Boolean);
  });
  return rules.Match === 'all' ? groups.every(Boolean) : groups.some(Boolean);
}

function conditionMatches(
  contact: ReferenceContact,
  c: SegmentCondition,
  attributeTypes: ReadonlyMap<number, AttributeType>,
  now: Date,
): boolean {
  if (c.Source === 1) {
    if (c.Field === 'tags') return tagsMatch(contact.tags, c);
    if (c.Field === 'createdAt') return dateMatches(contact.createdAt, c, now);
    const values = {
      email: contact.email,
      phone: contact.phone,
      whatsapp: null,
      firstName: contact.firstName,
      lastName: contact.lastName,
    };
    return textMatches(values[c.Field!], c);
  }
  if (c.Source === 2) {
    const value = contact.attributes[String(c.AttributeId)];
    if (c.Operator === 'isEmpty') return value === undefined;
    if (c.Operator === 'hasAnyValue') return value !== undefined;
    switch (conditionKind(c, attributeTypes.get(c.AttributeId!))) {
      case 'number':
        return numberMatches(value as number | undefined, c);
      case 'boolean':
        return c.Operator === 'isTrue' ? value === true : value === false;
      case 'category': {
        const hit = value !== undefined && c.Values!.includes(value as string);
        return c.Operator === 'isAnyOf' ? hit : !hit;
      }
      case 'date':
        return dateMatches(value === undefined ? null : new Date(`${value as string}T00:00:00Z`), c, now);
      default:
        return textMatches(value as string | undefined, c);
    }
  }
  if (c.Source === 3) {
    if (c.Operator === 'memberOf') return contact.lists.has(c.ListId!);
    if (c.Operator === 'notMemberOf') return !contact.lists.has(c.ListId!);
    if (c.Operator === 'memberOfNoList') return contact.lists.size === 0;
    return contact.lists.size > 0;
  }
  const from = pastMoment(now, c.Amount!, c.Unit!).getTime();
  const { channel, received, failed } = CHANNEL_STATES[c.Source as 4 | 5];
  const had = (states: readonly number[]) =>
    contact.records.some((r) => r.channel === channel && states.includes(r.state) && r.submitAt.getTime() >= from);
  if (c.Operator === 'receivedInTheLast') return had(received);
  if (c.Operator === 'notReceivedInTheLast') return !had(received);
  return had(failed);
}

function textMatches(raw: string | null | undefined, c: SegmentCondition): boolean {
  const value = (raw ?? '').toLowerCase();
  const wanted = (c.Value ?? '').toLowerCase();
  switch (c.Operator) {
    case 'equals':
      return value === wanted;
    case 'notEquals':
      return value !== wanted;
    case 'contains':
      return value.includes(wanted);
    case 'notContains':
      return !value.includes(wanted);
    case 'startsWith':
      return value.startsWith(wanted);
    case 'isEmpty':
      return value === '';
    default:
      return value !== '';
  }
}

function numberMatches(value: number | undefined, c: SegmentCondition): boolean {
  if (c.Operator === 'notEquals') return value !== c.Number;
  if (value === undefined) return false;
  if (c.Operator === 'equals') return value === c.Number;
  if (c.Operator === 'greaterThan') return value > c.Number!;
  if (c.Operator === 'lessThan') return value < c.Number!;
  return c.Number! <= value && value <= c.Number2!;
}

function dateMatches(value: Date | null, c: SegmentCondition, now: Date): boolean {
  if (c.Operator === 'isEmpty') return value === null;
  if (c.Operator === 'hasAnyValue') return value !== null;
  if (value === null) return false;
  const window = dateWindow(c, now)!;
  const t = value.getTime();
  return (!window.from || t >= Date.parse(window.from)) && (!window.to || t < Date.parse(window.to));
}

function tagsMatch(tags: string[], c: SegmentCondition): boolean {
  if (c.Operator === 'hasTag') return tags.includes(c.Value!);
  if (c.Operator === 'hasNotTag') return !tags.includes(c.Value!);
  if (c.Operator === 'isEmpty') return tags.length === 0;
  return tags.length > 0;
}
