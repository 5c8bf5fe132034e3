import { z } from 'zod';
import type { ActionDef } from '../src/gateway/contract/actions/define';
import { BinaryReply } from './binary-reply';

/**
 * Outside production every successful reply is checked against its Action's definition: the Data
 * schema and the reply kind. Drift between a handler and the contract the console is typed from is a
 * server fault (230500, logged with the Action and the mismatch), so a dev run or a server test meets it
 * at once instead of a view reading a field that is not there (docs/decisions.md, "Contract").
 * Production skips the check: it costs a parse per reply, and the contract is proven before release.
 */
export const CHECK_REPLIES = process.env.NODE_ENV !== 'production';

export class ReplyContractError extends Error {
  constructor(action: string, problem: string) {
    super(`${action} answered outside its contract: ${problem}`);
    this.name = 'ReplyContractError';
  }
}

/** Throws a ReplyContractError when a handler's answer breaks the Action's definition. */
export function checkReply(action: string, def: ActionDef, answer: unknown): void {
  if (answer instanceof BinaryReply) {
    if (def.reply === 'json') throw new ReplyContractError(action, 'a file, but the Action declares a JSON reply');
    return;
  }
  if (def.reply === 'file') throw new ReplyContractError(action, 'JSON, but the Action declares a file reply');
  const parsed = def.data.safeParse(answer ?? {});
  if (!parsed.success)
    throw new ReplyContractError(action, `Data does not match its schema\n${z.prettifyError(parsed.error)}`);
  const extra = undeclaredFields(def.data, answer ?? {});
  if (extra.length)
    throw new ReplyContractError(action, `fields its Data schema does not declare: ${extra.join(', ')}`);
}

/**
 * Fields of a reply its schema does not declare, by path. Data schemas are plain (non-strict) objects
 * so a parse would drop such fields silently; the contract check names them instead: an undeclared
 * field is one the typed console cannot see, or one the server should not be sending.
 */
export function undeclaredFields(schema: z.ZodType, value: unknown, path = 'Data'): string[] {
  const def = schema._zod.def as unknown as { type: string } & Record<string, z.ZodType>;
  switch (def.type) {
    case 'object': {
      if (typeof value !== 'object' || value === null) return [];
      const shape = (def as unknown as { shape: Record<string, z.ZodType> }).shape;
      // A plain or strict object declares every field; a loose one (catchall) allows the rest.
      const closed = def.catchall === undefined || def.catchall._zod.def.type === 'never';
      return Object.entries(value).flatMap(([key, field]) =>
        Object.hasOwn(shape, key)
          ? undeclaredFields(shape[key], field, `${path}.${key}`)
          : closed && field !== undefined // JSON drops an undefined field: it is never sent
            ? [`${path}.${key}`]
            : [],
      );
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return value === undefined || value === null ? [] : undeclaredFields(def.innerType, value, path);
    case 'array':
      return Array.isArray(value)
        ? value.flatMap((item, i) => undeclaredFields(def.element, item, `${path}[${i}]`))
        : [];
    case 'union': {
      const branches = (def.options as unknown as z.ZodType[])
        .filter((option) => option.safeParse(value).success)
        .map((option) => undeclaredFields(option, value, path));
      return branches.find((found) => found.length === 0) ?? branches[0] ?? [];
    }
    case 'pipe':
      return undeclaredFields(def.out, value, path);
    case 'record':
      return typeof value === 'object' && value !== null
        ? Object.entries(value).flatMap(([key, field]) => undeclaredFields(def.valueType, field, `${path}.${key}`))
        : [];
    default:
      return [];
  }
}
