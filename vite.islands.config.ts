/**
 * The islands' client build (issue 20, decision 053): reader pages load this instead of the React
 * Router client. The same component source as the app, with `react`/`react-dom` aliased to Preact's
 * compatibility layer (src/widget/islands/react-shim.js) and `react-router` to a shim over the
 * document (router-shim.tsx). Its entry is the boot script; each island is a chunk it imports on
 * demand. Stylesheets are the app's (`site-*.css`, which every page links): here they are empty.
 * Output goes to build-islands (React Router's build empties build/); scripts/finish-client-build.mjs moves it into the served assets,
 * and vite.config.ts names the boot script to the app from this build's manifest.
 */
import { defineConfig, type Plugin } from 'vite';

const src = new URL('./src', import.meta.url).pathname;

/** The app's CSS is already on the page: an island's stylesheet imports load nothing. */
function noStylesheets(): Plugin {
  return {
    name: 'inkwell-islands-no-css',
    enforce: 'pre',
    resolveId(id) {
      return id.endsWith('.css') ? '\0islands-empty.css.js' : null;
    },
    load(id) {
      return id === '\0islands-empty.css.js' ? 'export default {};' : null;
    },
  };
}

export default defineConfig({
  resolve: {
    alias: [
      { find: '~', replacement: src },
      { find: /^react$/, replacement: `${src}/widget/islands/react-shim.js` },
      { find: /^react\/jsx-(dev-)?runtime$/, replacement: 'preact/jsx-runtime' },
      { find: /^react-dom(\/client)?$/, replacement: 'preact/compat' },
      { find: /^react-router$/, replacement: `${src}/widget/islands/router-shim.tsx` },
    ],
  },
  plugins: [noStylesheets()],
  define: { 'process.env.NODE_ENV': '"production"' },
  build: {
    outDir: 'build-islands',
    emptyOutDir: true,
    manifest: true,
    // The app's client build uses `hidden` maps for the server's stack mapping (decision 042).
    sourcemap: 'hidden',
    modulePreload: false,
    rolldownOptions: {
      input: { 'islands-boot': `${src}/widget/islands/boot.ts` },
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames: 'assets/island-[name]-[hash].js',
        // Left alone, every shared module is a chunk of its own: 24 files once a reader has used
        // the feed's islands, past the 20. Two groups instead: what any island needs to
        // render (Preact, the shims, the translator, the reader's view, icons, popovers, toasts),
        // and what a first press needs (likes, follows, menus, gated actions, the API client).
        // The islands themselves stay a chunk each, loaded when needed.
        codeSplitting: {
          groups: [
            {
              name: 'runtime',
              test: /(node_modules\/preact\/|src\/widget\/islands\/(mount|router-shim|island|island-page|react-shim)\.|src\/rich-content\/i18n|src\/widget\/(i18n|use-blog|reader\/reader)\.|locales\/en\.json|src\/domain\/routes\.|src\/widget\/components\/(icons|line-icon|toasts|popover)\.|src\/widget\/engagement\/engagement-messages)/,
            },
            {
              name: 'actions',
              test: /src\/widget\/(engagement\/(like-button-live|engagement-client|gated-action|join-community-modal|reader-state-live)|api-client|components\/(card-menu|more-options-menu|modal-stack|login-required)|comments\/follow-button-live|sharing\/)/,
            },
          ],
        },
      },
    },
  },
});
