import { describe, expect, it } from 'vitest';
import { draftFromSearch, searchOf, toFilters } from './record-filters';

describe('records filters in the URL (issue 18 §16)', () => {
  it('round-trips every filter through the query', () => {
    const draft = draftFromSearch(
      'from=2026-11-01&to=2026-11-20&phone=%2B12025550101&result=Fail&country=US&errorCode=E1',
    );
    expect(draft.range.preset).toBe('custom');
    expect(searchOf(draft)).toBe(
      'from=2026-11-01&to=2026-11-20&phone=%2B12025550101&country=US&errorCode=E1&result=Fail',
    );
    expect(toFilters(draftFromSearch(searchOf(draft)))).toEqual(toFilters(draft));
  });

  it('names a quick range by its name and leaves empty fields out', () => {
    const draft = draftFromSearch('range=last15d&phone=%20');
    expect(draft.range.preset).toBe('last15d');
    expect(searchOf(draft)).toBe('range=last15d');
  });

  it('takes the defaults for what is missing or malformed: 7 days, or 30 with a task', () => {
    expect(draftFromSearch('range=forever&result=maybe&from=11/01/2026').range.preset).toBe('last7d');
    expect(draftFromSearch('result=maybe').result).toBe('all');
    expect(draftFromSearch('taskId=TK123456').range.preset).toBe('last30d');
  });
});
