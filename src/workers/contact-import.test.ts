import { describe, expect, it } from 'vitest';
import { ATTRIBUTE_TYPE } from '../gateway/contract/audience/rules';
import {
  checkContactFile,
  delimitedRows,
  guessTarget,
  mappedChunk,
  txtContactRows,
  validateContactRows,
} from './contact-import';

describe('contact files', () => {
  it('reads quoted csv cells, doubled quotes and newlines inside quotes', () => {
    expect(delimitedRows('\uFEFFemail,name\r\n"a@b.co","Lee, ""Ada"""\n"x@y.io","two\nlines"\n\n')).toEqual([
      ['email', 'name'],
      ['a@b.co', 'Lee, "Ada"'],
      ['x@y.io', 'two\nlines'],
    ]);
  });

  it('reads tab-separated txt files', () => {
    expect(txtContactRows('phone\tname\n+14155550100\tAda')).toEqual([
      ['phone', 'name'],
      ['+14155550100', 'Ada'],
    ]);
  });

  it('refuses other types and empty files before reading', () => {
    expect(checkContactFile({ name: 'a.pdf', size: 3 })).toBe('fileType');
    expect(checkContactFile({ name: 'a.csv', size: 0 })).toBe('fileEmpty');
    expect(checkContactFile({ name: 'a.XLSX', size: 3 })).toBeNull();
  });

  it('guesses columns from their headers', () => {
    expect(['E-mail', 'Phone number', 'first_name', 'Surname', 'WhatsApp', 'city'].map(guessTarget)).toEqual([
      'email',
      'phone',
      'firstName',
      'lastName',
      'whatsapp',
      '',
    ]);
  });

  it('validates rows with the server rules and numbers problems as rows of the file', () => {
    const rows = [
      ['email', 'since', 'ignored'],
      ['a@b.co', '2021-01-27', 'x'],
      ['b@b.co', '27/01/2021', 'x'],
      ['', '2021-01-27', 'x'],
    ];
    const attributes = new Map([[7, { type: ATTRIBUTE_TYPE.Date, values: [] }]]);
    const summary = validateContactRows(rows, ['email', 'attribute:7', ''], 1, attributes);
    expect(summary).toEqual({
      valid: 1,
      invalid: 2,
      problems: [
        { row: 3, target: 'attribute:7', key: 'validation:dateInvalid' },
        { row: 4, target: '', key: 'validation:contactChannelRequired' },
      ],
    });
    expect(mappedChunk(rows, ['email', 'attribute:7', ''], 1, 1, 5)).toEqual([
      ['b@b.co', '27/01/2021'],
      ['', '2021-01-27'],
    ]);
  });
});
