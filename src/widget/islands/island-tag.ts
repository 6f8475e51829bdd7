/**
 * The island wrapper's element name (decision 053), on its own so that the boot script imports
 * nothing else: a custom element, valid in flow and phrasing content, styled `display: contents`.
 */
export const ISLAND_TAG = 'inkwell-island';
