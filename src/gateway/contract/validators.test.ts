import { describe, expect, it } from 'vitest';
import { emailField, passwordField, phoneField, splitPastedList, passwordCharacterKinds } from './validators';

describe('shared validators (spec 001 §5)', () => {
  it.each([
    ['name@example.com', true],
    ['first.last+tag@mail.example.co', true],
    ['a-b@c-d.org', true],
    ['no-at-sign.example.com', false],
    ['name@nodot', false],
    ['name@@example.com', false],
    ['', false],
  ])('e-mail %s -> %s', (email, ok) => expect(emailField.safeParse(email).success).toBe(ok));

  it.each([
    ['zebra42', true],
    ['abc123', false], // common
    ['ABCdef', true],
    ['Tr0ub4dor', true],
    ['abcdef', false], // one kind only
    ['Ab1', false], // too short
    ['Abcdefghijk123456789x', false], // 21 characters
    ['password1', false], // common
    ['Qwerty123', false], // common, compared in lower case
  ])('password %s -> %s', (password, ok) => expect(passwordField.safeParse(password).success).toBe(ok));

  it('counts character kinds', () => {
    expect(passwordCharacterKinds('aA1!')).toBe(4);
    expect(passwordCharacterKinds('aaaa')).toBe(1);
  });

  it.each([
    ['14155550100', true],
    ['123456789012345', true],
    ['1234567890123456', false],
    ['+14155550100', false],
    ['415-555', false],
  ])('phone %s -> %s', (phone, ok) => expect(phoneField.safeParse(phone).success).toBe(ok));

  it('splits pasted lists by newline or comma, trimmed, empties dropped', () => {
    expect(splitPastedList(' 1, 2\n\n3 ,,\r\n4 ')).toEqual(['1', '2', '3', '4']);
  });
});
