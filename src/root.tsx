/**
 * The HTML document every page renders into: head, the page, and the scripts that hydrate it.
 */
import { useEffect } from 'react';
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
  useRouteLoaderData,
} from 'react-router';
import type { Route } from './+types/root';
import { mediaUrl } from './domain/media';
import { installErrorReporter, useReportedBoundaryError } from './widget/error-reporter';
import { directionOf, TranslationProvider, translatorFor, useTranslation } from './widget/i18n';
import { IslandScripts, isIslandPage } from './widget/islands/island-scripts';
import { ReaderViewScript } from './widget/reader/reader';
import './widget/styles/base.css';

/** Loader of the document: the site's language, name and logo, shared by every page. */
export function loader({ context }: Route.LoaderArgs) {
  return {
    language: context.language,
    // Where the browser loads the words of a language other than English (issue 22).
    localeAssets: context.localeAssets,
    siteName: context.site.name,
    // Issue 18: the blog's logo (blog settings), shown by the site's header beside its name.
    siteLogo: context.site.logo
      ? {
          url: mediaUrl(context.site.logo.id, 320),
          width: context.site.logo.width,
          height: context.site.logo.height,
        }
      : null,
    renderMode: context.renderMode,
    // The error reporter's settings (decision 042); the same for every page of the site.
    monitoring: context.monitoring,
  };
}

/**
 * The root's data (language, site name, render mode) is the same for every page of a visit:
 * navigations don't reload it, which also keeps an editor canvas in its render mode.
 */
export function shouldRevalidate() {
  return false;
}

/** The document shell. */
export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>('root');
  const language = data?.language ?? 'en';
  const translator = translatorFor(language);
  // Reader pages ship islands instead of the React Router client (decision 053).
  const hasIslands = isIslandPage(useMatches(), data?.renderMode);
  return (
    <html
      lang={language}
      dir={directionOf(language)}
      data-render-mode={data?.renderMode ?? 'site'}
      data-locales={data?.localeAssets ?? undefined}
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <link rel="icon" href="/favicon.ico" sizes="any" />
        <Meta />
        <Links />
      </head>
      <body>
        <TranslationProvider value={translator}>{children}</TranslationProvider>
        {/* The reader's view, for hydration: who reads and their state of the page (050). */}
        <ReaderViewScript />
        {hasIslands ? (
          <IslandScripts />
        ) : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** The root route renders its page. */
export default function App() {
  const data = useRouteLoaderData<typeof loader>('root');
  const monitoring = data?.monitoring;
  useEffect(() => {
    // Errors of the page go to the server (decision 042).
    if (monitoring) installErrorReporter(monitoring);
  }, [monitoring]);
  useEffect(() => {
    // Lets browser tests (and curious humans) see that the page has hydrated.
    document.documentElement.dataset.hydrated = 'true';
  }, []);
  return <Outlet />;
}

/** Last-resort error screen, for errors outside any page's own boundary. */
export function ErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  useReportedBoundaryError(error);
  return (
    <main className="site-error">
      <h1>{status === 404 ? t('notFound.title') : t('errors.technicalIssue')}</h1>
      <p>
        <a href="/">{t('notFound.back')}</a>
      </p>
    </main>
  );
}
