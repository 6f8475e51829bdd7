/**
 * One control per setting, chosen by the setting's type in the settings table (issue 7; DESIGN.md
 * "The editor's panel is generated from that table"): a slider with a number input for a bounded
 * number, a switch for a boolean, a segmented choice or a select for an enumeration, a text field,
 * a colour picker with presets, a font picker. Typed numbers are clamped to the table's bound.
 */
import { lazy, Suspense, useEffect, useId, useRef, useState } from 'react';
import {
  type Device,
  FEED_LAYOUTS,
  FONT_FAMILIES,
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  type FontValue,
  type SettingDefinition,
  type SettingValue,
} from '../../domain/settings';
import { clampNumber, optionsFor } from '../../domain/settings-panel';
import { useTranslation } from '../../widget/i18n';
import { LayoutIcon } from './layout-icon';

const ColorPopover = lazy(() => import('./color-popover'));

/** The label key of a setting: a layout's parameter by its short name, others by their key. */
export function settingLabelKey(key: string): string {
  const match = /^feed\.([a-z-]+)\.(\w+)$/.exec(key);
  if (match && (FEED_LAYOUTS as readonly string[]).includes(match[1]!)) {
    return `builder.param.${match[2]}`;
  }
  return `builder.setting.${key}`;
}

/** The option labels' key prefix of an enumeration (per setting: "count" means two things). */
function optionKey(key: string, option: string): string {
  const match = /^feed\.([a-z-]+)\.(\w+)$/.exec(key);
  const id = match && (FEED_LAYOUTS as readonly string[]).includes(match[1]!) ? match[2] : key;
  return `builder.options.${id}.${option.replaceAll('.', '_')}`;
}

/** The unit a number is shown with, from its name. */
function unitOf(key: string): string {
  if (/Opacity|Proportions/.test(key)) return 'percent';
  if (/Seconds$/.test(key)) return 'seconds';
  if (/(Size|Width|Radius|spacing|Spacing|Padding|padding|margins|Height|fontSize)$/.test(key)) {
    return 'px';
  }
  return '';
}

interface ControlProps<T extends SettingValue> {
  definition: SettingDefinition;
  value: T;
  device: Device;
  onChange(value: T): void;
}

/** The control of one setting. */
export function SettingControl(props: ControlProps<SettingValue>) {
  const { definition } = props;
  switch (definition.type) {
    case 'Number':
      return <NumberControl {...(props as ControlProps<number>)} />;
    case 'Boolean':
      return <SwitchControl {...(props as ControlProps<boolean>)} />;
    case 'Color':
      return <ColorControl {...(props as ControlProps<string>)} />;
    case 'Font':
      return <FontControl {...(props as ControlProps<FontValue>)} />;
    case 'String':
      return definition.options ? (
        <ChoiceControl {...(props as ControlProps<string>)} />
      ) : (
        <TextControl {...(props as ControlProps<string>)} />
      );
  }
}

/** A slider and a number field bound to one number; typed values are clamped on commit. */
function RangeField({
  id,
  label,
  value,
  min,
  max,
  step = 1,
  unit,
  onChange,
  testId,
}: {
  id: string;
  label: string;
  value: number;
  min: number;
  max: number;
  step?: number;
  unit: string;
  onChange(value: number): void;
  testId: string;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState<string | null>(null);
  const [wasClamped, setWasClamped] = useState(false);
  const percent = max === min ? 0 : ((value - min) / (max - min)) * 100;

  function commit(text: string) {
    setTyped(null);
    if (text.trim() === '') return;
    const number = Number(text);
    const clamped = clampNumber(number, min, max, step);
    setWasClamped(clamped !== number);
    if (clamped !== value) onChange(clamped);
  }

  return (
    <div className="bx-range">
      <input
        id={id}
        type="range"
        className="bx-range__slider"
        min={min}
        max={max}
        step={step}
        value={value}
        aria-label={label}
        style={{ '--fill': `${percent}%` } as React.CSSProperties}
        onChange={(event) => {
          setWasClamped(false);
          onChange(Number(event.target.value));
        }}
      />
      <span className="bx-range__number">
        <input
          type="number"
          inputMode="decimal"
          min={min}
          max={max}
          step={step}
          value={typed ?? String(value)}
          aria-label={label}
          data-testid={testId}
          onChange={(event) => setTyped(event.target.value)}
          onBlur={(event) => commit(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') commit(event.currentTarget.value);
            if (event.key === 'Escape') setTyped(null);
          }}
        />
        {unit ? <span className="bx-range__unit">{t(`builder.control.unit.${unit}`)}</span> : null}
      </span>
      {wasClamped ? (
        <p className="bx-hint" role="status">
          {t('builder.control.clamped', { min, max })}
        </p>
      ) : null}
    </div>
  );
}

function NumberControl({ definition, value, onChange }: ControlProps<number>) {
  const { t } = useTranslation();
  const id = useId();
  if (definition.type !== 'Number') return null;
  const label = t(settingLabelKey(definition.key));
  return (
    <div className="bx-field" data-setting={definition.key}>
      <label className="bx-field__label" htmlFor={id}>
        {label}
      </label>
      <RangeField
        id={id}
        label={label}
        value={value}
        min={definition.min}
        max={definition.max}
        step={definition.step}
        unit={unitOf(definition.key)}
        onChange={onChange}
        testId={`number-${definition.key}`}
      />
    </div>
  );
}

function SwitchControl({ definition, value, onChange }: ControlProps<boolean>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <div className="bx-field bx-field--inline" data-setting={definition.key}>
      <span className="bx-field__label" id={id}>
        {t(settingLabelKey(definition.key))}
      </span>
      <button
        type="button"
        role="switch"
        aria-checked={value}
        aria-labelledby={id}
        className="bx-switch"
        onClick={() => onChange(!value)}
      >
        <span className="bx-switch__thumb" />
      </button>
    </div>
  );
}

function ChoiceControl({ definition, value, device, onChange }: ControlProps<string>) {
  const { t } = useTranslation();
  const id = useId();
  const options = optionsFor(definition, device);
  const label = t(settingLabelKey(definition.key));
  if (definition.key === 'feed.layout' || definition.key === 'postList.layout') {
    return (
      <fieldset className="bx-field bx-layouts" data-setting={definition.key}>
        <legend className="bx-field__label">{label}</legend>
        <div className="bx-layouts__grid">
          {options.map((option) => (
            <label key={option} className="bx-layouts__option">
              <input
                type="radio"
                className="bx-radio"
                name={id}
                value={option}
                checked={option === value}
                onChange={() => onChange(option)}
              />
              <LayoutIcon layout={option} />
              <span>{t(optionKey(definition.key, option))}</span>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  if (options.length <= 3) {
    return (
      <div className="bx-field" data-setting={definition.key}>
        <span className="bx-field__label" id={id}>
          {label}
        </span>
        <div className="bx-segmented" role="radiogroup" aria-labelledby={id}>
          {options.map((option) => (
            <label key={option} className="bx-segmented__option">
              <input
                type="radio"
                className="bx-radio"
                name={id}
                value={option}
                checked={option === value}
                onChange={() => onChange(option)}
              />
              <span>{t(optionKey(definition.key, option))}</span>
            </label>
          ))}
        </div>
      </div>
    );
  }
  return (
    <div className="bx-field" data-setting={definition.key}>
      <label className="bx-field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="bx-select"
        value={value}
        onChange={(event) => onChange(event.target.value)}
      >
        {options.map((option) => (
          <option key={option} value={option}>
            {t(optionKey(definition.key, option))}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A text setting: saved as typed (each change is a draft save a moment later). */
function TextControl({ definition, value, onChange }: ControlProps<string>) {
  const { t } = useTranslation();
  const id = useId();
  if (definition.type !== 'String') return null;
  const maxLength = definition.maxLength;
  const isLong = (maxLength ?? 0) > 200 && definition.key.startsWith('slots.');
  return (
    <div className="bx-field" data-setting={definition.key}>
      <label className="bx-field__label" htmlFor={id}>
        {t(settingLabelKey(definition.key))}
      </label>
      {isLong ? (
        <textarea
          id={id}
          className="bx-input bx-input--area"
          rows={3}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          className="bx-input"
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </div>
  );
}

/** The colour presets (the product's palette, then common brand colours). */
export const COLOR_PRESETS = [
  '#1c1e24',
  '#4a4f5c',
  '#ffffff',
  '#f6f5f2',
  '#2a4bd7',
  '#0f766e',
  '#b42318',
  '#c2410c',
  '#7c3aed',
  '#be185d',
] as const;

function ColorControl({ definition, value, onChange }: ControlProps<string>) {
  const { t } = useTranslation();
  const [isOpen, setIsOpen] = useState(false);
  const label = t(settingLabelKey(definition.key));
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen) return;
    const handlePointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    };
    const handleKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setIsOpen(false);
      // Escape pressed inside the popover closes it only (not the settings sheet around it),
      // and focus goes back to its button.
      if (element?.contains(event.target as Node)) {
        event.preventDefault();
        button.current?.focus();
      }
    };
    const element = root.current;
    document.addEventListener('pointerdown', handlePointer);
    // Heard before the page's handlers: on the field while focus is in it, else on the document.
    element?.addEventListener('keydown', handleKey);
    document.addEventListener('keydown', handleKey);
    return () => {
      document.removeEventListener('pointerdown', handlePointer);
      element?.removeEventListener('keydown', handleKey);
      document.removeEventListener('keydown', handleKey);
    };
  }, [isOpen]);

  return (
    <div className="bx-field bx-field--inline bx-color" data-setting={definition.key} ref={root}>
      <span className="bx-field__label">{label}</span>
      <button
        ref={button}
        type="button"
        className="bx-color__button"
        aria-expanded={isOpen}
        aria-label={t('builder.control.chooseColor', { label })}
        onClick={() => setIsOpen(!isOpen)}
      >
        <span className="bx-color__swatch" style={{ background: value }} />
        <span className="bx-color__hex">{value.toUpperCase()}</span>
      </button>
      {isOpen ? (
        <Suspense fallback={<div className="bx-color__popover bx-color__popover--loading" />}>
          <ColorPopover value={value} presets={COLOR_PRESETS} label={label} onChange={onChange} />
        </Suspense>
      ) : null}
    </div>
  );
}

function FontControl({ definition, value, onChange }: ControlProps<FontValue>) {
  const { t } = useTranslation();
  const id = useId();
  const label = t(settingLabelKey(definition.key));
  return (
    <fieldset className="bx-field bx-font" data-setting={definition.key}>
      <legend className="bx-field__label">{label}</legend>
      <div className="bx-font__families">
        {FONT_FAMILIES.map((family) => (
          <label
            key={family}
            className="bx-font__family"
            style={{ fontFamily: `var(--font-${family})` }}
          >
            <input
              type="radio"
              className="bx-radio"
              name={`${id}-family`}
              value={family}
              checked={family === value.family}
              onChange={() => onChange({ ...value, family })}
            />
            <span className="bx-font__sample" aria-hidden="true">
              Ag
            </span>
            <span className="bx-font__name">{t(`builder.fonts.${family}`)}</span>
          </label>
        ))}
      </div>
      <div className="bx-font__size">
        <label className="bx-field__sublabel" htmlFor={id}>
          {t('builder.control.size')}
        </label>
        <RangeField
          id={id}
          label={`${label} ${t('builder.control.size')}`}
          value={value.size}
          min={FONT_SIZE_MIN}
          max={FONT_SIZE_MAX}
          unit="px"
          onChange={(size) => onChange({ ...value, size })}
          testId={`number-${definition.key}.size`}
        />
      </div>
    </fieldset>
  );
}
