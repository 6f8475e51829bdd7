/**
 * How many of the toolbar's tools fit its row (issue 23: on a phone "+ Insert" covered Underline
 * and the rest of the row was out of reach). The row is measured with every tool shown, before the
 * browser paints, and again whenever its width changes; the tools that do not fit go to the More
 * menu (`fittingCount`).
 */
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { fittingCount } from './toolbar-items';

/** Lengths along the row, from its start (the right in a right-to-left editor). */
function measureRow(row: HTMLElement): { ends: number[]; room: number; roomWithMore: number } {
  const style = getComputedStyle(row);
  const isRtl = style.direction === 'rtl';
  const box = row.getBoundingClientRect();
  const start = isRtl
    ? box.right - row.clientLeft - Number.parseFloat(style.paddingRight)
    : box.left + row.clientLeft + Number.parseFloat(style.paddingLeft);
  const along = (rect: DOMRect) => (isRtl ? start - rect.left : rect.right - start);
  const tools = [...row.querySelectorAll<HTMLElement>('[data-tool]')];
  // A group's last tool takes the group's end padding and divider with it.
  const ends = tools.map((tool) => {
    const group = tool.closest<HTMLElement>('.rte-toolbar__group');
    const isLastOfGroup =
      group !== null && [...group.querySelectorAll('[data-tool]')].at(-1) === tool;
    return along((isLastOfGroup ? group : tool).getBoundingClientRect());
  });
  const length =
    row.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
  const gap = Number.parseFloat(style.columnGap) || 0;
  const end = row.querySelector<HTMLElement>('.rte-toolbar__group--end');
  const more = row.querySelector<HTMLElement>('.rte-more-button')?.parentElement;
  const endLength = end ? end.getBoundingClientRect().width + gap : 0;
  const endGap = end ? Number.parseFloat(getComputedStyle(end).columnGap) || 0 : 0;
  const moreLength = more ? more.getBoundingClientRect().width + endGap : 0;
  return { ends, room: length - (endLength - moreLength), roomWithMore: length - endLength };
}

/**
 * The number of tools (`[data-tool]` in `ref`'s row, `count` of them) that show; `isMeasuring`
 * while every tool is shown to be measured (the More button too, for its width).
 */
export function useToolbarOverflow(ref: RefObject<HTMLElement | null>, count: number) {
  const [fitting, setFitting] = useState(count);
  const [isMeasuring, setIsMeasuring] = useState(true);
  // Before paint: the writer never sees the row overflow.
  useLayoutEffect(() => {
    if (!isMeasuring || !ref.current) return;
    const { ends, room, roomWithMore } = measureRow(ref.current);
    setFitting(fittingCount(ends, room, roomWithMore));
    setIsMeasuring(false);
  }, [isMeasuring, ref]);
  useEffect(() => {
    const row = ref.current;
    if (!row || typeof ResizeObserver === 'undefined') return;
    let width = row.clientWidth;
    const observer = new ResizeObserver(() => {
      if (row.clientWidth === width) return;
      width = row.clientWidth;
      setIsMeasuring(true);
    });
    observer.observe(row);
    return () => observer.disconnect();
  }, [ref]);
  return { visibleCount: isMeasuring ? count : fitting, isMeasuring };
}
