import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RetCode } from '../gateway/contract/retcodes';

const dir = path.join(__dirname, 'locales');
const flatten = (value: unknown, prefix = ''): string[] =>
  value && typeof value === 'object'
    ? Object.entries(value).flatMap(([key, inner]) => flatten(inner, prefix ? `${prefix}.${key}` : key))
    : [prefix];
const load = (lang: string, file: string) =>
  JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')) as Record<string, unknown>;

describe('locales', () => {
  const files = readdirSync(path.join(dir, 'en'));

  it('has the same files in en and zh', () => {
    expect(readdirSync(path.join(dir, 'zh')).sort()).toEqual(files.sort());
  });

  for (const file of files) {
    it(`${file}: zh has exactly the keys of en, none empty`, () => {
      const en = flatten(load('en', file)).sort();
      const zh = flatten(load('zh', file)).sort();
      expect(zh).toEqual(en);
      for (const lang of ['en', 'zh']) {
        const values = JSON.stringify(load(lang, file));
        expect(values).not.toMatch(/:""/);
      }
    });
  }

  it('has a message for every RetCode in both languages', () => {
    for (const lang of ['en', 'zh']) {
      const errors = load(lang, 'errors.json');
      expect(Object.keys(RetCode).filter((name) => !(name in errors))).toEqual([]);
    }
  });
});
