import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineAction, DEFAULT_BODY_LIMIT, type StrictInput } from './define';
import { actionDefs } from './registry';

/** Every object inside a schema that would let an unknown field through, by path. */
function looseObjects(schema: z.ZodType, path: string): string[] {
  const def = schema._zod.def as unknown as Record<string, z.ZodType & Record<string, unknown>> & { type: string };
  switch (def.type) {
    case 'object': {
      const shape = (def as unknown as { shape: Record<string, z.ZodType> }).shape;
      const own = def.catchall?._zod.def.type === 'never' ? [] : [path];
      return [...own, ...Object.entries(shape).flatMap(([key, value]) => looseObjects(value, `${path}.${key}`))];
    }
    case 'optional':
    case 'nullable':
    case 'default':
    case 'prefault':
    case 'readonly':
      return looseObjects(def.innerType, path);
    case 'array':
      return looseObjects(def.element, `${path}[]`);
    case 'union':
      return (def.options as unknown as z.ZodType[]).flatMap((option) => looseObjects(option, path));
    case 'pipe':
      return looseObjects(def.in, path);
    case 'record':
      return looseObjects(def.valueType, `${path}{}`);
    default:
      return [];
  }
}

describe('defineAction', () => {
  it('gives every Action a strict input, down to nested objects', () => {
    const loose = Object.entries(actionDefs).flatMap(([name, def]) => looseObjects(def.input, name));
    expect(loose).toEqual([]);
  });

  it('refuses an input schema that is not strict', () => {
    const loose = z.object({ Name: z.string() }) as unknown as StrictInput;
    expect(() => defineAction('public', loose, z.object({}))).toThrow(/strict/);
  });

  it('declares the body limit and the reply kind on the Action', () => {
    expect(actionDefs.GetUserInfo).toMatchObject({ bodyLimit: DEFAULT_BODY_LIMIT, reply: 'json' });
    expect(actionDefs.AddUSMSSendTask.bodyLimit).toBeGreaterThan(DEFAULT_BODY_LIMIT);
    expect(actionDefs.GetUSMSExportSendRecordFile.reply).toBe('file');
    expect(actionDefs.GetUSMSPrice.reply).toBe('jsonOrFile');
  });
});
