/**
 * The colour picker's popover (issue 7): react-colorful's saturation and hue picker, the presets
 * and a hex field. Its own chunk: it loads the first time an owner opens a colour.
 */
import { useId, useState } from 'react';
import { HexColorPicker } from 'react-colorful';
import { useTranslation } from '../../widget/i18n';

const HEX = /^#[0-9a-f]{6}$/i;

/** The popover; `onChange` gets lowercase `#rrggbb` values only. */
export default function ColorPopover({
  value,
  presets,
  label,
  onChange,
}: {
  value: string;
  presets: readonly string[];
  label: string;
  onChange(value: string): void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const [typed, setTyped] = useState<string | null>(null);
  const six = value.slice(0, 7);
  return (
    <div className="bx-color__popover" role="dialog" aria-label={label}>
      <HexColorPicker color={six} onChange={(next) => onChange(next.toLowerCase())} />
      <p className="bx-field__sublabel">{t('builder.control.presets')}</p>
      <div className="bx-color__presets">
        {presets.map((preset) => (
          <button
            key={preset}
            type="button"
            className="bx-color__preset"
            style={{ background: preset }}
            aria-label={preset}
            aria-pressed={preset === six}
            onClick={() => onChange(preset)}
          />
        ))}
      </div>
      <label className="bx-field__sublabel" htmlFor={id}>
        {t('builder.control.hex')}
      </label>
      <input
        id={id}
        className="bx-input bx-color__input"
        value={typed ?? six}
        spellCheck={false}
        maxLength={7}
        onChange={(event) => {
          const text = event.target.value.trim();
          setTyped(text);
          const hex = text.startsWith('#') ? text : `#${text}`;
          if (HEX.test(hex)) onChange(hex.toLowerCase());
        }}
        onBlur={() => setTyped(null)}
      />
    </div>
  );
}
