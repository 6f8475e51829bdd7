/**
 * Which of the toolbar's tools fit its row (issue 23: on a phone "+ Insert" covered Underline and
 * the rest of the row was out of reach; at 1280 undo, redo and alignment were in More). The row is
 * measured with every tool shown, before the browser paints, and again whenever its width changes;
 * the tools that do not fit go to the More menu, the least used first (`shownTools`).
 */
import { type RefObject, useEffect, useLayoutEffect, useState } from 'react';
import { shownTools, type ToolGroup, type ToolLength } from './toolbar-items';

const widthOf = (element: Element) => element.getBoundingClientRect().width;
const gapOf = (element: Element) => Number.parseFloat(getComputedStyle(element).columnGap) || 0;

/** The tools' and groups' lengths along the row, and the room the row has for them. */
function measureRow(row: HTMLElement) {
  const style = getComputedStyle(row);
  const rowGap = gapOf(row);
  // The row's items are separated by its gap: each item takes its width and one gap.
  const length =
    row.clientWidth -
    Number.parseFloat(style.paddingLeft) -
    Number.parseFloat(style.paddingRight) +
    rowGap;
  const tools: ToolLength[] = [];
  const groupExtra: Partial<Record<ToolGroup, number>> = {};
  for (const group of row.querySelectorAll<HTMLElement>('[data-tool-group]')) {
    const name = group.dataset.toolGroup as ToolGroup;
    const gap = gapOf(group);
    let lengths = 0;
    for (const tool of group.querySelectorAll<HTMLElement>('[data-tool]')) {
      const toolLength = widthOf(tool) + gap;
      tools.push({ id: tool.dataset.tool!, group: name, length: toolLength });
      lengths += toolLength;
    }
    groupExtra[name] = widthOf(group) + rowGap - lengths;
  }
  // What always stays: the block type, and the end group (More, when it shows, and Insert).
  const start = row.querySelector<HTMLElement>('.rte-toolbar__group--start');
  const end = row.querySelector<HTMLElement>('.rte-toolbar__group--end');
  const more = row.querySelector<HTMLElement>('.rte-more-button')?.parentElement;
  const startLength = start ? widthOf(start) + rowGap : 0;
  const endLength = end ? widthOf(end) + rowGap : 0;
  const moreLength = more && end ? widthOf(more) + gapOf(end) : 0;
  const roomWithMore = length - startLength - endLength;
  return { tools, groupExtra, room: roomWithMore + moreLength, roomWithMore };
}

/**
 * The ids of the tools (`[data-tool]` in the `[data-tool-group]`s of `ref`'s row) that show;
 * `isMeasuring` while every tool is shown to be measured (the More button too, for its width).
 */
export function useToolbarOverflow(ref: RefObject<HTMLElement | null>) {
  const [shown, setShown] = useState<ReadonlySet<string> | null>(null);
  const [isMeasuring, setIsMeasuring] = useState(true);
  // Before paint: the writer never sees the row overflow.
  useLayoutEffect(() => {
    if (!isMeasuring || !ref.current) return;
    const { tools, groupExtra, room, roomWithMore } = measureRow(ref.current);
    setShown(shownTools(tools, groupExtra, room, roomWithMore));
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
  // While measuring (and before the first measure) every tool shows.
  const isShown = (id: string) => isMeasuring || shown === null || shown.has(id);
  return { isShown, isMeasuring };
}
