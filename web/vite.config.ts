import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: {
    // The Rust server serves /api, /login, /logout and /sanctum; in dev we proxy to it so that
    // cookies stay first-party (same origin as the page), which the CSRF cookie relies on.
    proxy: Object.fromEntries(
      ['/api', '/login', '/logout', '/sanctum'].map((prefix) => [
        prefix,
        {
          target: process.env.DAFTAR_API_URL ?? 'http://127.0.0.1:8080',
          changeOrigin: false,
          // The real-time channel's WebSocket (/api/ws) goes through the same proxy.
          ws: prefix === '/api',
          // /login is also a page of the app: only forward the POST, let Vite serve the page.
          bypass: (req: { method?: string; url?: string }) =>
            prefix === '/login' && req.method === 'GET' ? req.url : undefined,
        },
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    // Off: the Tailwind plugin emits no CSS source map and Rolldown warns on every build.
    sourcemap: false,
  },
  test: {
    environment: 'jsdom',
    globals: true,
    setupFiles: ['./src/testing/setup.ts'],
    // eslint-rules/: the lint rules' own tests, through ESLint's Node API.
    include: ['src/**/*.test.{ts,tsx}', 'eslint-rules/**/*.test.js'],
    css: false,
    restoreMocks: true,
    // Each test installs its own fake server (vi.stubGlobal('fetch')): never inherit the last one.
    unstubGlobals: true,
    // Route-level tests type into real forms; on a 2-core CI machine that is also compiling,
    // 5 s (the default) was seen to be too short once. Correctness is not time-bound here.
    testTimeout: 20_000,
  },
});
