import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

export default defineConfig({
  resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  plugins: [reactRouter()],
  build: {
    sourcemap: false,
    // A lazy chunk that a script imports (a card's menu, the like button's behaviour) fetches its
    // own imports when it loads, rather than every page listing them up front for preloading:
    // those lists cost the feed's script budget on every page (decision 020). Its stylesheets
    // are still loaded with it (Vite keeps CSS out of this list).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
  },
});
