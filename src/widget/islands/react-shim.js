/**
 * What islands get for `react` (decision 053; vite.islands.config.ts aliases it here): Preact's
 * compatibility layer, which has React's API at a tenth of react-dom's size, plus React 19's
 * `use` for a context, the only form the shared components use (reader.tsx's holes, which only
 * the server records). Plain JavaScript: Preact's types declare compat with `export =`, which
 * TypeScript will not re-export with `export *`, and no TypeScript imports this file.
 */
import { useContext } from 'preact/compat';

export * from 'preact/compat';
export { default } from 'preact/compat';

/** React 19's `use(context)`: a hook itself, called where the components call `use`. */
export const use = (context) => useContext(context);
