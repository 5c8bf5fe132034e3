import type { ImportedContact, RowError } from '../../src/gateway/contract/audience/import-rules';
import type { AttributeValue } from '../../src/gateway/contract/audience/rules';

// How imported rows become contact writes (spec 001 §5 "upsert by e-mail or phone"): rows sharing an
// e-mail or phone are one person; a row whose e-mail and phone point at two different people is
// skipped, never merged into the wrong one.

export interface ExistingContact {
  id: number;
  email: string | null;
  phone: string | null;
  whatsapp: string | null;
  first_name: string;
  last_name: string;
  tags: string[];
  attributes: Record<string, AttributeValue>;
}

export interface Person extends ImportedContact {
  seqs: number[];
  existing?: ExistingContact;
}

const conflict: RowError = { target: '', key: 'validation:importConflict' };

function mergeInto(person: Person, row: ImportedContact) {
  person.email ??= row.email;
  person.phone ??= row.phone;
  person.whatsapp = row.whatsapp ?? person.whatsapp;
  if (row.firstName) person.firstName = row.firstName;
  if (row.lastName) person.lastName = row.lastName;
  person.tags = [...new Set([...person.tags, ...row.tags])];
  Object.assign(person.attributes, row.attributes);
}

/** Groups a chunk's rows into people; rows that contradict an earlier row are skipped. */
export function peopleOfRows(rows: { seq: number; contact: ImportedContact }[]) {
  const people: Person[] = [];
  const byEmail = new Map<string, Person>();
  const byPhone = new Map<string, Person>();
  const skipped: { seq: number; error: RowError }[] = [];
  for (const { seq, contact } of rows) {
    const a = contact.email ? byEmail.get(contact.email) : undefined;
    const b = contact.phone ? byPhone.get(contact.phone) : undefined;
    const person = a ?? b;
    if (
      (a && b && a !== b) ||
      (person && contact.email && person.email && person.email !== contact.email) ||
      (person && contact.phone && person.phone && person.phone !== contact.phone)
    ) {
      skipped.push({ seq, error: conflict });
      continue;
    }
    if (person) {
      mergeInto(person, contact);
      person.seqs.push(seq);
    } else {
      const created: Person = {
        ...contact,
        tags: [...contact.tags],
        attributes: { ...contact.attributes },
        seqs: [seq],
      };
      people.push(created);
    }
    const target = person ?? people[people.length - 1];
    if (target.email) byEmail.set(target.email, target);
    if (target.phone) byPhone.set(target.phone, target);
  }
  return { people, skipped };
}

/** Finds each person's stored contact; a person matching two stored contacts is a conflict. */
export function matchExisting(people: Person[], existing: ExistingContact[]) {
  const byEmail = new Map(existing.filter((c) => c.email).map((c) => [c.email!, c]));
  const byPhone = new Map(existing.filter((c) => c.phone).map((c) => [c.phone!, c]));
  const matched: Person[] = [];
  const skipped: { seq: number; error: RowError }[] = [];
  for (const person of people) {
    const a = person.email ? byEmail.get(person.email) : undefined;
    const b = person.phone ? byPhone.get(person.phone) : undefined;
    if (a && b && a.id !== b.id) {
      skipped.push(...person.seqs.map((seq) => ({ seq, error: conflict })));
      continue;
    }
    person.existing = a ?? b;
    matched.push(person);
  }
  return { matched, skipped };
}

/** The stored values of a person: imported values win, tags and attributes add to what was there. */
export function contactValues(person: Person, extraTags: readonly string[]) {
  const old = person.existing;
  return {
    id: old?.id ?? null,
    email: person.email ?? old?.email ?? null,
    phone: person.phone ?? old?.phone ?? null,
    whatsapp: person.whatsapp ?? old?.whatsapp ?? null,
    first_name: person.firstName ?? old?.first_name ?? '',
    last_name: person.lastName ?? old?.last_name ?? '',
    tags: [...new Set([...(old?.tags ?? []), ...person.tags, ...extraTags])],
    attributes: { ...(old?.attributes ?? {}), ...person.attributes },
  };
}
