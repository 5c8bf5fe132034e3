import { z } from 'zod';

// The console runs under a Content-Security-Policy without 'unsafe-eval' (server/app.ts). Zod 4 probes
// for eval with Function('') at its first object parse, which the browser reports as a CSP violation:
// jitless tells zod not to try (it parses the same, without compiled fast paths).
z.config({ jitless: true });
