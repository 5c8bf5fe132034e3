// `npm run dev`: the gateway on GATEWAY_PORT (8080) and Vite's dev server (5173) proxying /api to it.
import { spawn } from 'node:child_process';

process.env.PORT = process.env.GATEWAY_PORT ?? '8080';
process.env.DIST_DIR = 'dist-none';
await import('./main');
const vite = spawn('npx', ['vite', '--port', '5173'], { stdio: 'inherit', env: process.env });
process.on('exit', () => vite.kill());
