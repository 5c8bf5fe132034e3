// `npm run dev`: the gateway on GATEWAY_PORT (8080) and Vite's dev server (5173) proxying /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';

process.env.PORT = process.env.GATEWAY_PORT ?? '8080';
process.env.DIST_DIR = 'dist-none';
await import('./main');
// Vite's own script under this node, not through npx: `tsx watch` ends this process on every server
// change, and a kill sent to npx would leave Vite running on its port (the next Vite then takes 5174).
const vite = spawn(process.execPath, [path.resolve('node_modules/vite/bin/vite.js'), '--port', '5173'], {
  stdio: 'inherit',
  env: process.env,
});
process.on('exit', () => vite.kill());
