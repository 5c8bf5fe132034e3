import { useState } from 'react';

/**
 * Whether a composer's `fields` differ from what they were when `ready` first held (the loaded post or
 * template, or the empty form): the `dirty` a LeaveGuard needs, for editors whose machine keeps no saved
 * copy. Compared as JSON, so only plain form values belong in `fields`.
 */
export function useChangedSinceReady(ready: boolean, fields: unknown): boolean {
  const now = JSON.stringify(fields);
  const [start, setStart] = useState<string | null>(null);
  // set while rendering (React's "adjust state on a change" pattern): the first ready render is the start
  if (ready && start === null) setStart(now);
  return start !== null && start !== now;
}
