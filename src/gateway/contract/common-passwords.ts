// A blocklist of passwords that pass the length and character-kind rules but appear at the top of
// every leaked-password list. Compared in lower case.
export const COMMON_PASSWORDS: ReadonlySet<string> = new Set([
  'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$word', 'password!',
  'abc123', 'abcd1234', 'abc12345', 'abc123456', 'a123456', 'a1234567', 'a12345678', 'aa123456',
  '123456a', '1234567a', '12345678a', '123456abc', '123abc', '1q2w3e', '1q2w3e4r', '1q2w3e4r5t',
  'qwe123', 'qwerty1', 'qwerty12', 'qwerty123', 'qwer1234', 'q1w2e3r4', 'q1w2e3r4t5', 'zaq12wsx',
  'iloveyou1', 'iloveyou2', 'welcome1', 'welcome123', 'admin123', 'admin1234', 'admin@123', 'root123',
  'test123', 'test1234', 'letmein1', 'monkey123', 'dragon123', 'master123', 'sunshine1', 'princess1',
  'football1', 'baseball1', 'superman1', 'batman123', 'trustno1', 'charlie1', 'michael1', 'shadow123',
  'hello123', 'killer123', 'asdf1234', 'asd123', 'zxc123', 'zxcv1234', 'computer1', 'internet1',
  'changeme1', 'secret123', 'freedom1', 'whatever1', 'summer2024', 'summer2025', 'summer2026',
  'winter2025', 'winter2026', 'spring2026', 'autumn2026', 'herald123', 'herald2026', 'woaini1314',
  '5201314a', 'aa112233', 'a1b2c3d4', 'a1b2c3', '1a2b3c4d', 'qazwsx123', '1qaz2wsx', '1qaz@wsx',
]);
