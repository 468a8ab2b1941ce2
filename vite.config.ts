import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The web app lives in src/web and is built to dist/web, which the server serves.
export default defineConfig({
  root: 'src/web',
  plugins: [react()],
  build: {
    outDir: '../../dist/web',
    emptyOutDir: true,
    sourcemap: true,
  },
  server: {
    proxy: { '/api': 'http://localhost:3000' },
  },
});
