import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  plugins: [reactRouter()],
  build: { sourcemap: false },
});
