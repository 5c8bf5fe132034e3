import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const gatewayPort = Number(process.env.GATEWAY_PORT ?? 8080);

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  worker: { format: 'es' },
  server: {
    proxy: {
      '/api': `http://127.0.0.1:${gatewayPort}`,
      '/dev': `http://127.0.0.1:${gatewayPort}`,
      '/files': `http://127.0.0.1:${gatewayPort}`,
    },
  },
});
