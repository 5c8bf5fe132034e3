import { describe, expect, it } from 'vitest';
import { isConsolePath, SERVICE_PATH_MAX } from './service-path';

describe('the sign-in pages’ service', () => {
  it('is a path of this console', () => {
    for (const path of ['/dashboard', '/sms/send?tab=2', '/setting/user-setting?tab=signIn#x'])
      expect(isConsolePath(path), path).toBe(true);
  });

  it('is never another site, a relative path, a control character or an endless string', () => {
    for (const path of [
      '',
      'dashboard',
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '/a\nb',
      '/a\u0000b',
      `/${'a'.repeat(SERVICE_PATH_MAX)}`,
    ])
      expect(isConsolePath(path), JSON.stringify(path)).toBe(false);
  });
});
