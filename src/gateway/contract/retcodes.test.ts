import { describe, expect, it } from 'vitest';
import { RetCode, retCodeMessageKey, retCodeName, SESSION_ENDING_CODES } from './retcodes';

describe('RetCode catalogue', () => {
  it("keeps the spec's numbers (spec 000 §8)", () => {
    expect(RetCode).toMatchObject({
      SignupCodeExpired: 214412,
      Logout: 10000,
      NotLoggedIn: 215398,
      UserNotExist: 214407,
      AlreadyActivated: 214418,
      UserExists: 214411,
      NotActivated: 214415,
      WhatsAppGetTemplates: 17109,
      LibraryNoSpace: 17202,
    });
  });

  it('gives every code one name and one message key', () => {
    const codes = Object.values(RetCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const [name, code] of Object.entries(RetCode)) {
      expect(retCodeName(code)).toBe(name);
      expect(retCodeMessageKey(code)).toBe(`errors:${name}`);
    }
    expect(retCodeMessageKey(999_999)).toBeUndefined();
  });

  it('ends the session on the not-logged code and on refresh-token reuse', () => {
    expect(SESSION_ENDING_CODES).toEqual([RetCode.NotLoggedIn, RetCode.TokenReused]);
  });
});
