import { describe, expect, it } from 'vitest';
import { formatBytes, formatDuration } from './format';

describe('voice formats', () => {
  it('shows durations as m:ss or h:mm:ss', () => {
    expect(formatDuration(0)).toBe('—');
    expect(formatDuration(2_350)).toBe('0:02');
    expect(formatDuration(65_000)).toBe('1:05');
    expect(formatDuration(3_723_000)).toBe('1:02:03');
  });

  it('shows sizes in KB under a megabyte, else MB', () => {
    expect(formatBytes(16_500, 'en')).toBe('16.1 KB');
    expect(formatBytes(10_485_760, 'en')).toBe('10 MB');
    expect(formatBytes(1_572_864, 'zh')).toBe('1.5 MB');
  });
});
