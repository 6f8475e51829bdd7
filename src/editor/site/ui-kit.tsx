/**
 * A page of the demo website (not of the blog) that shows every interaction primitive of SPEC §4
 * at work: toasts of each kind, stacked modals, more-options menus (one near each corner of the
 * viewport, to see them flip and shift) and the pin tooltip. Browser tests drive it
 * (tests/e2e/interactions.spec.ts); search engines are asked not to index it.
 */

import { useState } from 'react';
import uiKitEn from '../../../locales/ui-kit/en.json';
import { addNamespace } from '../../rich-content/i18n';
import { HeartIcon, IconSprite, PinIcon } from '../../widget/components/icons';
import { ModalHeader, ModalProvider, useModal } from '../../widget/components/modal-stack';
import { type MenuItem, MoreOptionsMenu } from '../../widget/components/more-options-menu';
import { PinTooltip } from '../../widget/components/pin-tooltip';
import { SITE_MAIN_ID } from '../../widget/components/skip-link';
import { ToastProvider, useToast } from '../../widget/components/toasts';
import { metaT, useTranslation } from '../../widget/i18n';
import type { Route } from './+types/ui-kit';

// The kit's words load with it, not with every page's script (decision 009's budget).
addNamespace('ui-kit', uiKitEn);

/** Page title; not indexed. */
export function meta({ matches }: Route.MetaArgs) {
  const t = metaT(matches);
  const site = (matches[0]?.data as { siteName?: string } | undefined)?.siteName ?? t('site.name');
  return [{ title: t('ui.kit.metaTitle', { site }) }, { name: 'robots', content: 'noindex' }];
}

// The demo's own layout; the primitives' styles are in widget/styles/interactions.css.
const KIT_CSS = `
.ui-kit section{background:var(--paper);border:1px solid var(--line);border-radius:var(--radius);padding:20px 24px;margin:0 0 20px}
.ui-kit__lead{font-size:19px;color:var(--ink-soft);margin:0 0 32px}
.ui-kit h2{font:700 20px/1.3 var(--font-serif);margin:0 0 4px}
.ui-kit section>p{color:var(--ink-soft);margin:0 0 16px}
.ui-kit__row{display:flex;flex-wrap:wrap;align-items:center;gap:12px}
.ui-kit__post{display:flex;align-items:center;justify-content:space-between;gap:12px;padding:12px 16px;border:1px solid var(--line);border-radius:var(--radius)}
.ui-kit__post strong{font:600 17px/1.3 var(--font-serif)}
.ui-kit__pinned{font-size:13px;font-weight:600;color:var(--ink-faint)}
.ui-kit__corner{position:fixed;z-index:5;display:inline-grid;border-radius:999px;background:var(--paper);box-shadow:0 4px 14px rgba(28,30,36,.14)}
.ui-kit__corner[data-corner^="top"]{top:76px}
.ui-kit__corner[data-corner^="bottom"]{bottom:12px}
.ui-kit__corner[data-corner$="start"]{inset-inline-start:12px}
.ui-kit__corner[data-corner$="end"]{inset-inline-end:12px}
`;

const CORNERS = ['top-start', 'top-end', 'bottom-start', 'bottom-end'] as const;

function ToastDemo() {
  const { t } = useTranslation();
  const toast = useToast();
  return (
    <section aria-labelledby="kit-toasts">
      <h2 id="kit-toasts">{t('ui.kit.toasts.title')}</h2>
      <p>{t('ui.kit.toasts.text')}</p>
      <div className="ui-kit__row">
        {(['success', 'info', 'error'] as const).map((kind) => (
          <button
            key={kind}
            type="button"
            className="button"
            onClick={() => toast.show({ kind, message: t(`ui.kit.toasts.${kind}Message`) })}
          >
            {t(`ui.kit.toasts.${kind}`)}
          </button>
        ))}
      </div>
    </section>
  );
}

function ModalDemo() {
  const { t } = useTranslation();
  const { openModal } = useModal();
  const [result, setResult] = useState<string | null>(null);

  function openSecond() {
    return openModal<true>(({ close }) => (
      <>
        <ModalHeader title={t('ui.kit.modals.secondTitle')} />
        <p className="modal__body">{t('ui.kit.modals.secondBody')}</p>
        <div className="modal__actions">
          <button type="button" className="button" onClick={() => close()}>
            {t('ui.kit.modals.cancel')}
          </button>
          <button type="button" className="button button--primary" onClick={() => close(true)}>
            {t('ui.kit.modals.confirm')}
          </button>
        </div>
      </>
    ));
  }

  async function handleOpen() {
    const value = await openModal<true>(({ close }) => (
      <>
        <ModalHeader title={t('ui.kit.modals.firstTitle')} />
        <p className="modal__body">{t('ui.kit.modals.firstBody')}</p>
        <div className="modal__actions">
          <button
            type="button"
            className="button"
            onClick={async () => setResult(String((await openSecond()) ?? 'undefined'))}
          >
            {t('ui.kit.modals.openSecond')}
          </button>
          <button type="button" className="button button--primary" onClick={() => close(true)}>
            {t('ui.kit.modals.done')}
          </button>
        </div>
      </>
    ));
    setResult(String(value ?? 'undefined'));
  }

  return (
    <section aria-labelledby="kit-modals">
      <h2 id="kit-modals">{t('ui.kit.modals.title')}</h2>
      <p>{t('ui.kit.modals.text')}</p>
      <div className="ui-kit__row">
        <button type="button" className="button button--primary" onClick={handleOpen}>
          {t('ui.kit.modals.open')}
        </button>
        <output className="ui-kit__result" data-result={result ?? ''}>
          {result === null ? '' : t('ui.kit.modals.result', { value: result })}
        </output>
      </div>
    </section>
  );
}

function useDemoItems(): MenuItem[] {
  const { t } = useTranslation();
  const toast = useToast();
  const say = (label: string) => () =>
    toast.show({ kind: 'info', message: t('ui.kit.menu.chosen', { label }) });
  const labels = {
    share: t('ui.kit.menu.share'),
    pin: t('ui.kit.menu.pin'),
    delete: t('ui.kit.menu.delete'),
  };
  return [
    { id: 'share', label: labels.share, icon: <HeartIcon />, onSelect: say(labels.share) },
    { id: 'pin', label: labels.pin, icon: <PinIcon />, onSelect: say(labels.pin) },
    { id: 'about', label: t('ui.kit.menu.about'), href: '/about' },
    { id: 'delete', label: labels.delete, isDanger: true, onSelect: say(labels.delete) },
  ];
}

function MenuDemo() {
  const { t } = useTranslation();
  const items = useDemoItems();
  return (
    <section aria-labelledby="kit-menu">
      <h2 id="kit-menu">{t('ui.kit.menu.title')}</h2>
      <p>{t('ui.kit.menu.text')}</p>
      <div className="ui-kit__post">
        <strong>{t('ui.kit.menu.post')}</strong>
        <MoreOptionsMenu items={items} className="ui-kit__inline-menu" />
      </div>
      {CORNERS.map((corner) => (
        <span key={corner} className="ui-kit__corner" data-corner={corner}>
          <MoreOptionsMenu items={items} label={t(`ui.kit.menu.corner.${corner}`)} />
        </span>
      ))}
    </section>
  );
}

function TooltipDemo() {
  const { t } = useTranslation();
  return (
    <section aria-labelledby="kit-tooltip">
      <h2 id="kit-tooltip">{t('ui.kit.tooltip.title')}</h2>
      <p>{t('ui.kit.tooltip.text')}</p>
      <span className="ui-kit__pinned">
        <PinTooltip content={t('ui.kit.tooltip.content')}>
          <PinIcon />
          {t('ui.kit.tooltip.trigger')}
        </PinTooltip>
      </span>
    </section>
  );
}

/** The interaction kit page, with its own modal, message and popover roots like the blog shell. */
export default function UiKit() {
  const { t } = useTranslation();
  return (
    <ToastProvider>
      <ModalProvider>
        <IconSprite />
        <style>{KIT_CSS}</style>
        <main className="site-page ui-kit" id={SITE_MAIN_ID} tabIndex={-1}>
          <h1>{t('ui.kit.title')}</h1>
          <p className="ui-kit__lead">{t('ui.kit.lead')}</p>
          <ToastDemo />
          <ModalDemo />
          <MenuDemo />
          <TooltipDemo />
        </main>
        <div id="modal-root" />
        <div id="message-root" aria-live="polite" />
        <div id="popover-root" />
      </ModalProvider>
    </ToastProvider>
  );
}
