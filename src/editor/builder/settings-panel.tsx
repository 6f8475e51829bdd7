/**
 * The builder editor's settings panel (issue 7): the four tabs, each tab's sections and their
 * controls, all generated from the settings table through domain/settings-panel, for the device
 * being edited. A change on mobile's display toggles starts mobile's own display (SPEC §9).
 */
import { useState } from 'react';
import type { Device, ResolvedSettings, SettingValue } from '../../domain/settings';
import {
  changeDevice,
  mobileDisplayPatch,
  PANEL_SECTIONS,
  PANEL_TABS,
  type PanelScope,
  type PanelTab,
  panelPlacement,
  sectionSettings,
} from '../../domain/settings-panel';
import { useTranslation } from '../../widget/i18n';
import { SettingControl } from './setting-control';

export interface SettingsPanelProps {
  device: Device;
  resolved: Record<Device, ResolvedSettings>;
  onChange(device: Device, patch: Record<string, SettingValue | null>): void;
  onReset(device: Device, tab: PanelTab): Promise<boolean>;
  /** The canvas shows where a section's settings apply. */
  canvasScope: PanelScope;
  onShowScope(scope: PanelScope): void;
}

/** The panel's tabs, the selected tab's sections and its Reset (framed by PanelSheet). */
export function SettingsPanel({
  device,
  resolved,
  onChange,
  onReset,
  canvasScope,
  onShowScope,
}: SettingsPanelProps) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<PanelTab>('layout');
  const [isConfirming, setIsConfirming] = useState(false);
  const values = resolved[device];
  const tabLabel = t(`builder.tabs.${tab}`);

  function handleChange(key: string, value: SettingValue) {
    if (
      device === 'mobile' &&
      panelPlacement(key).tab === 'display' &&
      key.startsWith('display.')
    ) {
      onChange(
        'mobile',
        mobileDisplayPatch(resolved.mobile, resolved.desktop, key, value === true),
      );
      return;
    }
    onChange(changeDevice(key, device), { [key]: value });
  }

  return (
    <>
      <div className="bx-tabs" role="tablist" aria-label={t('builder.panel.label')}>
        {PANEL_TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`bx-tab-${name}`}
            aria-selected={name === tab}
            aria-controls="bx-tabpanel"
            className="bx-tabs__tab"
            onClick={() => {
              setTab(name);
              setIsConfirming(false);
            }}
          >
            {t(`builder.tabs.${name}`)}
          </button>
        ))}
      </div>
      <div
        // A new tab starts at its top.
        key={tab}
        className="bx-panel__body"
        role="tabpanel"
        id="bx-tabpanel"
        aria-labelledby={`bx-tab-${tab}`}
      >
        <p className="bx-panel__device">
          {t('builder.panel.editing', { device: t(`builder.toolbar.${device}`) })}
        </p>
        {device === 'mobile' && tab === 'display' ? (
          <p className="bx-note">{t('builder.panel.mobileNote')}</p>
        ) : null}
        {PANEL_SECTIONS[tab].map(({ id, scope }) => {
          const definitions = sectionSettings(id, device, values);
          if (definitions.length === 0) return null;
          return (
            <section key={id} className="bx-section" aria-labelledby={`bx-section-${id}`}>
              <header className="bx-section__header">
                <h2 className="bx-section__title" id={`bx-section-${id}`}>
                  {t(`builder.sections.${id}`)}
                </h2>
                {scope !== canvasScope ? (
                  <button
                    type="button"
                    className="bx-link-button"
                    onClick={() => onShowScope(scope)}
                  >
                    {t('builder.panel.showInCanvas')}
                  </button>
                ) : null}
              </header>
              {definitions.map((definition) => (
                <SettingControl
                  key={definition.key}
                  definition={definition}
                  device={device}
                  value={values[definition.key]!}
                  onChange={(value) => handleChange(definition.key, value)}
                />
              ))}
            </section>
          );
        })}
      </div>
      <footer className="bx-panel__footer">
        {isConfirming ? (
          <div className="bx-confirm" role="alertdialog" aria-labelledby="bx-confirm-text">
            <p id="bx-confirm-text">
              {t('builder.panel.resetConfirm', {
                tab: tabLabel,
                device: t(`builder.toolbar.${device}`),
              })}
            </p>
            <div className="bx-confirm__actions">
              <button type="button" className="bx-button" onClick={() => setIsConfirming(false)}>
                {t('builder.panel.cancel')}
              </button>
              <button
                type="button"
                className="bx-button bx-button--danger"
                onClick={async () => {
                  if (await onReset(device, tab)) setIsConfirming(false);
                }}
              >
                {t('builder.panel.resetDo')}
              </button>
            </div>
          </div>
        ) : (
          <button type="button" className="bx-button" onClick={() => setIsConfirming(true)}>
            {t('builder.panel.reset', { tab: tabLabel })}
          </button>
        )}
      </footer>
    </>
  );
}
