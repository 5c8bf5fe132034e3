import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction, emptyInput } from '../src/gateway/contract/actions/define';
import { BinaryReply } from './binary-reply';
import { checkReply, ReplyContractError, undeclaredFields } from './reply-contract';

const data = z.object({
  Total: z.number(),
  Items: z.array(z.object({ Id: z.string(), Note: z.string().nullable() })),
  Extra: z.object({ Kind: z.literal('a'), A: z.number() }).or(z.object({ Kind: z.literal('b'), B: z.number() })),
});
const json = defineAction('user', emptyInput, data);
const file = defineAction('user', emptyInput, z.object({}), { reply: 'file' });
const either = defineAction('user', emptyInput, data, { reply: 'jsonOrFile' });
const good = { Total: 1, Items: [{ Id: 'x', Note: null }], Extra: { Kind: 'b', B: 2 } };
const csv = new BinaryReply('a.csv', 'text/csv', 'a\n');

describe('checkReply', () => {
  it('passes a reply that matches its Data schema', () => {
    expect(() => checkReply('Json', json, good)).not.toThrow();
  });

  it('names the field whose value breaks the schema', () => {
    expect(() => checkReply('Json', json, { ...good, Total: '1' })).toThrow(/Json answered outside[\s\S]*Total/);
  });

  it('names fields the schema does not declare, at any depth', () => {
    const drifted = { ...good, Secret: 'h', Items: [{ Id: 'x', Note: null, PasswordHash: 'h' }] };
    expect(() => checkReply('Json', json, drifted)).toThrow(ReplyContractError);
    expect(undeclaredFields(data, drifted)).toEqual(['Data.Items[0].PasswordHash', 'Data.Secret']);
    expect(undeclaredFields(data, { ...good, Extra: { Kind: 'a', A: 1, B: 2 } })).toEqual(['Data.Extra.B']);
  });

  it('holds each Action to the reply kind its definition declares', () => {
    expect(() => checkReply('Json', json, csv)).toThrow(/a file, but the Action declares a JSON reply/);
    expect(() => checkReply('File', file, {})).toThrow(/JSON, but the Action declares a file reply/);
    expect(() => checkReply('File', file, csv)).not.toThrow();
    expect(() => checkReply('Either', either, csv)).not.toThrow();
    expect(() => checkReply('Either', either, good)).not.toThrow();
  });
});
