/**
 * BUTTON (SPEC §3 "Button"): a link styled as a button (LINK), or a button that does nothing on
 * the page (ACTION). A link whose URL is unsafe keeps its label but goes nowhere.
 */
import type { ReactNode } from 'react';
import type { ButtonData } from '../../document';
import {
  classNames,
  linkAttributes,
  mergeStyles,
  nodeStyle,
  optionalStyle,
  type StyleWithVars,
  withAnchorId,
} from '../../render/block-style';
import { cssColor, cssPixels } from '../../render/css-values';
import type { NodeRenderer } from '../../render/types';

/** A button's look from the document: border, radius and colours, each sanitised. */
function buttonStyle(styles: ButtonData['styles']): StyleWithVars | undefined {
  const borderWidth = cssPixels(styles?.border?.width, 0, 20);
  return mergeStyles({
    ...(borderWidth && { borderWidth, borderStyle: 'solid' }),
    ...optionalStyle('borderRadius', cssPixels(styles?.border?.radius, 0, 100)),
    ...optionalStyle('color', cssColor(styles?.colors?.text)),
    ...optionalStyle('borderColor', cssColor(styles?.colors?.border)),
    ...optionalStyle('backgroundColor', cssColor(styles?.colors?.background)),
  });
}

/** The BUTTON node's renderer. */
export const renderButton: NodeRenderer<'BUTTON'> = (node, _children, context) => {
  const data = node.buttonData;
  const label = data.text ?? '';
  const style = mergeStyles(buttonStyle(data.styles));
  const alignment = data.containerData?.alignment;
  let button: ReactNode;
  if (data.type === 'ACTION') {
    button = (
      <button type="button" className="rc-button" style={style}>
        {label}
      </button>
    );
  } else {
    const link = linkAttributes(data.link);
    // A link button whose URL is unsafe keeps its label but goes nowhere.
    button = link ? (
      <a {...link} className="rc-button" style={style}>
        {label}
      </a>
    ) : (
      <span className="rc-button rc-button--inert" style={style}>
        {label}
      </span>
    );
  }
  return (
    <div
      className={classNames('rc-button-row', alignment && `rc-align-${alignment.toLowerCase()}`)}
      style={nodeStyle(node.style)}
      {...withAnchorId(node, context)}
    >
      {button}
    </div>
  );
};
