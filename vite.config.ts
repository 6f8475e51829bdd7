import { readFileSync } from 'node:fs';
import { reactRouter } from '@react-router/dev/vite';
import { defineConfig } from 'vite';

/**
 * The islands' boot script (decision 053), from the islands build's manifest (`npm run build`
 * runs that build first): reader pages name it. Null when it was not built (no islands then).
 */
function islandsBootUrl(): string | null {
  try {
    const manifest = JSON.parse(
      readFileSync(new URL('./build-islands/.vite/manifest.json', import.meta.url), 'utf8'),
    ) as Record<string, { file: string; isEntry?: boolean }>;
    const boot = Object.values(manifest).find((chunk) => chunk.isEntry);
    return boot ? `/${boot.file}` : null;
  } catch {
    return null;
  }
}

export default defineConfig(({ isSsrBuild }) => ({
  resolve: { alias: { '~': new URL('./src', import.meta.url).pathname } },
  plugins: [reactRouter()],
  define: { __INKWELL_ISLANDS_BOOT__: JSON.stringify(islandsBootUrl()) },
  build: {
    // Client source maps for the server's stack mapping (decision 042): `hidden` writes no
    // sourceMappingURL comment, and scripts/finish-client-build.mjs moves the maps out of the
    // served folder. The server's bundle needs none.
    sourcemap: isSsrBuild ? false : 'hidden',
    // Small modules every blog page loads (the blog hook, the error and not-found screens, the
    // icons, the pagination, the route and media URL builders) go into one chunk with React,
    // which they import, instead of seven chunks of a few hundred bytes: each chunk costs its
    // imports, exports and gzip framing, and together that was 1.2 kB of the feed's 130 kB
    // (decision 030 needed the room). Client build only; the server's bundle stays one file.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [
                {
                  name: 'blog-shared',
                  test: /src\/(widget\/use-blog\.ts|widget\/components\/(not-found|blog-error|icons|pagination)\.tsx|domain\/(routes|media)\.ts)$/,
                },
                // One stylesheet for the public site (issue 20, decision 052): every stylesheet
                // of the blog, the widgets and rich content, with the base and the fonts' faces,
                // in one file that every page links, instead of 6 (feed) to 10 (post) small
                // render-blocking ones. The writer's editor keeps its own (40 kB that readers
                // never use); the dashboard and the builder add theirs after it.
                {
                  name: 'site',
                  test: /src\/(widget\/(?!post-editor\/)|rich-content\/).*\.css$/,
                },
              ],
            },
          },
        },
    // A lazy chunk that a script imports (a card's menu, the like button's behaviour) fetches its
    // own imports when it loads, rather than every page listing them up front for preloading:
    // those lists cost the feed's script budget on every page (decision 020). Its stylesheets
    // are still loaded with it (Vite keeps CSS out of this list).
    modulePreload: {
      resolveDependencies: (_file, deps, { hostType }) => (hostType === 'js' ? [] : deps),
    },
  },
}));
