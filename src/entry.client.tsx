/**
 * The browser's entry for pages the React Router client runs (the dashboard, the editors; reader
 * pages hydrate as islands instead, decision 053). React Router's default, with one step first: a
 * page in a language other than English gets its words before it hydrates (issue 22), so the
 * hydrated page says what the server's HTML said. English pages skip that step and its module.
 */
import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';

async function hydrate() {
  const language = document.documentElement.lang || 'en';
  if (language !== 'en') {
    const { ensureLocale, installLocaleGate, pageLocaleBase } = await import(
      './rich-content/locale-loader'
    );
    // Pages reached later bring namespaces of their own: their words load before they show.
    installLocaleGate(pageLocaleBase());
    await ensureLocale(language, pageLocaleBase());
  }
  startTransition(() => {
    hydrateRoot(
      document,
      <StrictMode>
        <HydratedRouter />
      </StrictMode>,
    );
  });
}

void hydrate();
