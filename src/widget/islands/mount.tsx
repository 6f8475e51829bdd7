/**
 * Brings one island to life (decision 053): loads its component, renders it with its embedded
 * props over the server's HTML (Preact's `hydrate` keeps the server's nodes; React's `<!-- -->`
 * text separators are left over and dropped), inside the providers a page's root gives: the
 * page language's translator, and the name of the island being rendered as its root.
 */
import { hydrate } from 'preact';
import { replayPendingAction } from '../engagement/gated-action';
import { installErrorReporter } from '../error-reporter';
import { TranslationProvider, translatorFor } from '../i18n';
import { IslandRootContext } from './island';
import { islandPage } from './island-page';
import { ISLANDS } from './registry';

// The page's errors go to the server from the first island on (decision 042), as the root does
// on pages that hydrate the whole app.
const monitoring = (
  islandPage().routes.root as
    | { monitoring?: Parameters<typeof installErrorReporter>[0] }
    | undefined
)?.monitoring;
if (monitoring) installErrorReporter(monitoring);

/** Renders island `element`; resolves once it is live (nothing when its name is unknown). */
export async function mountIsland(element: HTMLElement): Promise<void> {
  const name = element.dataset.island ?? '';
  const load = ISLANDS[name];
  if (!load) return;
  const Component = await load();
  const props = JSON.parse(element.dataset.props ?? '{}') as object;
  const { language } = islandPage();
  if (language !== 'en') {
    // The island's words in the page's language, before it renders over the server's (issue 22).
    const { ensureLocale, pageLocaleBase } = await import('../../rich-content/locale-loader');
    await ensureLocale(language, pageLocaleBase());
  }
  const translator = translatorFor(language);
  hydrate(
    <IslandRootContext.Provider value={name}>
      <TranslationProvider value={translator}>
        <Component {...props} />
      </TranslationProvider>
    </IslandRootContext.Provider>,
    element,
  );
}

/** SPEC §4: back from logging in, the gated action that asked for it continues (gated-action). */
export function continuePendingAction(): void {
  replayPendingAction();
}
