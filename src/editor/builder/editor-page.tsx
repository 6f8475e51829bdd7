/**
 * The website builder's editor at /editor (issue 7; DESIGN.md "/editor"; decision 022): the site
 * page with the Blog in a canvas iframe (`?renderMode=editor`) beside the settings panel, a
 * desktop/mobile switch, Preview and Publish. Owners only (`can(actor, 'builder:open')`): a
 * visitor gets the login-required screen that continues to the login page (SPEC §2, §4), another
 * member a 403 screen. Changes reach the canvas at once by message (canvas-bridge.ts) and are
 * saved as a draft; visitors see them only once published.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { data, useLoaderData } from 'react-router';
import builderEn from '../../../locales/builder/en.json';
import type { MemberLanguageHandle } from '../../domain/member-preferences';
import { whyNot } from '../../domain/permissions';
import { type Device, feedSettingsView } from '../../domain/settings';
import type { PanelScope } from '../../domain/settings-panel';
import { addNamespace } from '../../rich-content/i18n';
import { LoginRequiredScreen } from '../../widget/components/login-required';
import { BUILDER_MAIN_ID, SkipLink } from '../../widget/components/skip-link';
import { metaT, useTranslation } from '../../widget/i18n';
import type { Route } from './+types/editor-page';
import { installCanvasBridge } from './canvas-bridge';
import { type EditorToCanvas, withCanvasParams } from './canvas-protocol';
import { CloseIcon } from './close-icon';
import { PanelSheet } from './panel-sheet';
import { type SheetState, usePhoneLayout } from './phone-layout';
import { SettingsPanel } from './settings-panel';
import { TopbarMenu } from './topbar-menu';
import { type SaveStatus, useBuilderSettings } from './use-builder-settings';
import './builder.css';

// The editor's words travel with it (locales/builder), not with the blog's pages.
addNamespace('builder', builderEn);

/** How many times (every 50 ms) the editor looks for the canvas's hydrated page: 15 s. */
const CANVAS_WAIT_TRIES = 300;

/** SPEC §9: the phone width the canvas narrows to in the mobile view. */
export const MOBILE_CANVAS_WIDTH = 375;

/**
 * Issue 22: the builder's chrome is in the member's own language when they chose one (decision
 * 061); the site in its canvas is the blog's page, in the site's language.
 */
export const handle: MemberLanguageHandle = { usesMemberLanguage: true };

/** Who may open the editor, and where the canvas's pages are. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const refusal = whyNot(context.actor, 'builder:open', {});
  const base = context.site.blogBase;
  if (refusal) {
    const reason: 'login-required' | 'forbidden' =
      refusal === 'login-required' ? 'login-required' : 'forbidden';
    const next = new URL(request.url).pathname;
    return data(
      { refusal: reason, base, next, postPath: null, siteName: context.site.name },
      { status: reason === 'login-required' ? 401 : 403 },
    );
  }
  const latest = await context.reader.listFeed({ source: 'homepage' }, 1, 1);
  return {
    refusal: null,
    base,
    next: '/editor',
    postPath: latest.posts[0]?.link ?? null,
    siteName: context.site.name,
  };
}

/** One owner's tool: never stored by a browser, a proxy or the page cache. */
export function headers(): HeadersInit {
  return { 'cache-control': 'private, no-store' };
}

/** Page title; never indexed. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [
    { title: t('meta.pageTitle', { name: t('builder.meta.title'), site }) },
    { name: 'robots', content: 'noindex' },
  ];
}

/** The canvas page of each scope a section applies to. */
function scopePath(scope: PanelScope, base: string, postPath: string | null): string {
  if (scope === 'post') return postPath ?? base;
  if (scope === 'post-list') return '/';
  if (scope === 'related-posts') return '/about';
  return base;
}

const SCOPES: readonly PanelScope[] = ['feed', 'post', 'post-list', 'related-posts'];
const SCOPE_LABEL: Record<PanelScope, string> = {
  feed: 'feed',
  post: 'post',
  'post-list': 'home',
  'related-posts': 'about',
};

function canvasUrl(path: string, mode: 'editor' | 'preview', device: Device): string {
  return withCanvasParams(path, new URLSearchParams({ renderMode: mode, device }).toString());
}

function StatusText({ status, hasUnpublished }: { status: SaveStatus; hasUnpublished: boolean }) {
  const { t } = useTranslation();
  let text = '';
  if (status.kind === 'saving') text = t('builder.status.saving');
  else if (status.kind === 'failed') text = t('builder.status.failed', { message: status.message });
  else if (hasUnpublished) text = t('builder.status.unpublished');
  else if (status.kind !== 'loading' && status.kind !== 'load-failed') {
    text = t('builder.status.published');
  }
  return (
    <p
      className={`bx-status bx-status--${status.kind === 'failed' ? 'error' : hasUnpublished ? 'draft' : 'live'}`}
      role="status"
      data-testid="save-status"
    >
      {text}
    </p>
  );
}

function DeviceIcon({ device }: { device: Device }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      {device === 'desktop' ? (
        <path
          d="M3 5.5A1.5 1.5 0 0 1 4.5 4h15A1.5 1.5 0 0 1 21 5.5v10a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 15.5zM9 20h6M12 17v3"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
        />
      ) : (
        <path
          d="M8 3h8a1.5 1.5 0 0 1 1.5 1.5v15A1.5 1.5 0 0 1 16 21H8a1.5 1.5 0 0 1-1.5-1.5v-15A1.5 1.5 0 0 1 8 3zM11 18h2"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.7"
          strokeLinecap="round"
        />
      )}
    </svg>
  );
}

/** The top bar: everything in one row on wider screens; on phones what does not fit is under More. */
function Topbar({
  isPhone,
  isPreview,
  siteName,
  base,
  scope,
  device,
  status,
  hasUnpublished,
  onLoad: load,
  onPublish: handlePublish,
}: {
  isPhone: boolean;
  isPreview: boolean;
  siteName: string;
  base: string;
  scope: PanelScope;
  device: Device;
  status: SaveStatus;
  hasUnpublished: boolean;
  onLoad(next: { device?: Device; scope?: PanelScope; preview?: boolean }): void;
  onPublish(): void;
}) {
  const { t } = useTranslation();
  const pagePicker = isPreview ? null : (
    <label className="bx-topbar__page">
      <span className={isPhone ? 'bx-more__label' : 'visually-hidden'}>
        {t('builder.toolbar.page')}
      </span>
      <select
        className="bx-select bx-select--compact"
        value={scope}
        onChange={(event) => load({ scope: event.target.value as PanelScope })}
      >
        {SCOPES.map((name) => (
          <option key={name} value={name}>
            {t(`builder.toolbar.pages.${SCOPE_LABEL[name]}`)}
          </option>
        ))}
      </select>
    </label>
  );
  const previewButton = (
    <button type="button" className="bx-button" onClick={() => load({ preview: !isPreview })}>
      {isPreview ? t('builder.toolbar.backToEditor') : t('builder.toolbar.preview')}
    </button>
  );
  const exitLink = (
    <a
      className={isPhone ? 'bx-button' : 'bx-icon-link'}
      href={base}
      title={isPhone ? undefined : t('builder.toolbar.exit')}
    >
      <span className={isPhone ? undefined : 'visually-hidden'}>{t('builder.toolbar.exit')}</span>
      {isPhone ? null : <CloseIcon />}
    </a>
  );
  const publishButton = (
    <button
      type="button"
      className="bx-button bx-button--primary"
      disabled={!hasUnpublished || status.kind === 'saving'}
      onClick={handlePublish}
    >
      {t('builder.toolbar.publish')}
    </button>
  );
  const devices = (
    <div className="bx-devices" role="radiogroup" aria-label={t('builder.toolbar.device')}>
      {(['desktop', 'mobile'] as const).map((name) => (
        <label key={name} className="bx-devices__option" title={t(`builder.toolbar.${name}`)}>
          <input
            type="radio"
            className="bx-radio"
            name="bx-device"
            value={name}
            checked={device === name}
            onChange={() => load({ device: name })}
          />
          <DeviceIcon device={name} />
          <span className="bx-devices__name">{t(`builder.toolbar.${name}`)}</span>
        </label>
      ))}
    </div>
  );
  return (
    // biome-ignore lint/a11y/useAriaPropsSupportedByRole: a top-level header is the banner landmark, which takes a name: named, it is told apart from the site's banner in the canvas (axe landmark-unique).
    <header className="bx-topbar" aria-label={t('builder.editorName')}>
      <div className="bx-topbar__brand">
        <span className="bx-logo" aria-hidden="true">
          I
        </span>
        <span className="bx-topbar__names">
          <strong>{siteName}</strong>
          <span>{t('builder.editorName')}</span>
        </span>
      </div>
      {isPhone ? (
        <div className="bx-topbar__actions">
          {devices}
          {publishButton}
          <TopbarMenu>
            <StatusText status={status} hasUnpublished={hasUnpublished} />
            {pagePicker}
            {previewButton}
            {exitLink}
          </TopbarMenu>
        </div>
      ) : (
        <>
          <div className="bx-topbar__center">
            {pagePicker}
            {devices}
          </div>
          <div className="bx-topbar__actions">
            <StatusText status={status} hasUnpublished={hasUnpublished} />
            {previewButton}
            {publishButton}
            {exitLink}
          </div>
        </>
      )}
    </header>
  );
}

/** The editor, or the refusal screen. */
export default function EditorPage() {
  const loaded = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (loaded.refusal) {
    const isLogin = loaded.refusal === 'login-required';
    return (
      <main className="bx-refusal">
        <LoginRequiredScreen
          reason={loaded.refusal}
          title={t(isLogin ? 'builder.refusal.loginTitle' : 'builder.refusal.forbiddenTitle')}
          description={t(
            isLogin ? 'builder.refusal.loginDescription' : 'builder.refusal.forbiddenDescription',
          )}
          loginUrl={`${loaded.base}/login?${new URLSearchParams({ next: loaded.next })}`}
          backUrl={loaded.base}
          loginLabel={t('builder.refusal.loginButton')}
          backLabel={t('builder.refusal.back')}
        />
      </main>
    );
  }
  return <Editor base={loaded.base} postPath={loaded.postPath} siteName={loaded.siteName} />;
}

function Editor({
  base,
  postPath,
  siteName,
}: {
  base: string;
  postPath: string | null;
  siteName: string;
}) {
  const { t } = useTranslation();
  const [device, setDevice] = useState<Device>('desktop');
  const [scope, setScope] = useState<PanelScope>('feed');
  const [isPreview, setIsPreview] = useState(false);
  const [toast, setToast] = useState<string | null>(null);
  const isPhone = usePhoneLayout();
  const [sheet, setSheet] = useState<SheetState>('closed');
  const frame = useRef<HTMLIFrameElement>(null);
  const [isCanvasReady, setIsCanvasReady] = useState(false);
  // The canvas's first address per device and mode; later pages are navigated to by message.
  const [src, setSrc] = useState(() => canvasUrl(base, 'editor', 'desktop'));

  const send = useCallback((message: EditorToCanvas) => {
    frame.current?.contentWindow?.postMessage(message, window.location.origin);
  }, []);
  const { resolved, hasUnpublished, status, change, publish, reset, reload } = useBuilderSettings({
    onSaved: () => send({ type: 'inkwell:refresh' }),
  });

  // Each document the canvas loads gets the bridge once it has hydrated (its router exists then).
  const handleFrameLoad = useCallback(() => {
    const canvas = frame.current?.contentWindow as Parameters<typeof installCanvasBridge>[0] | null;
    setIsCanvasReady(false);
    let tries = 0;
    const attempt = () => {
      if (!canvas || canvas.closed || frame.current?.contentWindow !== canvas) return;
      const isHydrated = canvas.document.documentElement.dataset.hydrated === 'true';
      if (isHydrated && installCanvasBridge(canvas)) setIsCanvasReady(true);
      else if (++tries < CANVAS_WAIT_TRIES) window.setTimeout(attempt, 50);
    };
    attempt();
  }, []);

  // A canvas that loaded before the editor hydrated fired its load event to nobody.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `src` is a new document
  useEffect(() => {
    const document = frame.current?.contentDocument;
    if (document?.readyState === 'complete' && document.URL !== 'about:blank') handleFrameLoad();
  }, [src, handleFrameLoad]);

  // The canvas shows the draft of its device as soon as it changes (and once it is ready).
  useEffect(() => {
    if (isCanvasReady && resolved && !isPreview) {
      send({ type: 'inkwell:settings', view: feedSettingsView(resolved[device]) });
    }
  }, [isCanvasReady, resolved, device, isPreview, send]);

  useEffect(() => {
    if (!toast) return;
    // SPEC §9: a toast shows for 3000 ms.
    const timer = window.setTimeout(() => setToast(null), 3000);
    return () => window.clearTimeout(timer);
  }, [toast]);

  function load(next: { device?: Device; scope?: PanelScope; preview?: boolean }) {
    const nextDevice = next.device ?? device;
    const nextScope = next.scope ?? scope;
    const nextPreview = next.preview ?? isPreview;
    setDevice(nextDevice);
    setScope(nextScope);
    setIsPreview(nextPreview);
    const path = scopePath(nextScope, base, postPath);
    if (nextDevice === device && nextPreview === isPreview && isCanvasReady) {
      // Same document: the canvas navigates inside itself, without a reload.
      send({ type: 'inkwell:navigate', path });
      return;
    }
    setIsCanvasReady(false);
    setSrc(canvasUrl(path, nextPreview ? 'preview' : 'editor', nextDevice));
  }

  async function handlePublish() {
    if (await publish()) setToast(t('builder.status.publishedToast'));
  }

  const isSheetFull = isPhone && !isPreview && sheet === 'full';

  return (
    <div
      className={`bx-editor${isPreview ? ' is-preview' : ''}${isPhone ? ' is-phone' : ''}`}
      data-device={device}
    >
      {/* Issue 23 (WCAG 2.4.1): past the top bar's dozen controls to the canvas and the panel. */}
      <SkipLink target={BUILDER_MAIN_ID} />
      <Topbar
        isPhone={isPhone}
        isPreview={isPreview}
        siteName={siteName}
        base={base}
        scope={scope}
        device={device}
        status={status}
        hasUnpublished={hasUnpublished}
        onLoad={load}
        onPublish={handlePublish}
      />
      {/* Named, like the top bar: told apart from the canvas page's own main (axe landmark-unique). */}
      <main
        className="bx-workspace"
        id={BUILDER_MAIN_ID}
        tabIndex={-1}
        aria-label={t('builder.editorName')}
      >
        <section
          className="bx-stage"
          aria-label={t('builder.canvas.title')}
          // A full sheet covers the canvas: nothing under it takes focus.
          inert={isSheetFull || undefined}
        >
          <div
            className={`bx-frame bx-frame--${device}`}
            style={device === 'mobile' && !isPhone ? { width: MOBILE_CANVAS_WIDTH } : undefined}
          >
            <iframe
              ref={frame}
              key={src}
              src={src}
              title={t('builder.canvas.title')}
              className="bx-frame__canvas"
              name="inkwell-canvas"
              onLoad={handleFrameLoad}
            />
          </div>
        </section>
        {isPreview ? null : (
          <PanelSheet
            isPhone={isPhone}
            state={sheet}
            onStateChange={setSheet}
            isEmpty={!resolved}
            isBusy={!resolved && status.kind === 'loading'}
          >
            {resolved ? (
              <SettingsPanel
                device={device}
                resolved={resolved}
                onChange={change}
                onReset={reset}
                canvasScope={scope}
                onShowScope={(next) => load({ scope: next })}
              />
            ) : status.kind === 'load-failed' ? (
              <div className="bx-panel__message">
                <p>{t('builder.loadFailed')}</p>
                <button type="button" className="bx-button" onClick={() => void reload()}>
                  {t('builder.retry')}
                </button>
              </div>
            ) : (
              <p className="bx-panel__message">{t('builder.loading')}</p>
            )}
          </PanelSheet>
        )}
      </main>
      <div className="bx-toast-region" aria-live="polite">
        {toast ? <p className="bx-toast">{toast}</p> : null}
      </div>
    </div>
  );
}
