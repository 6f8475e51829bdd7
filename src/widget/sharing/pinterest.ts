/**
 * Pinterest's pin script (SPEC §7: "a pin-sharing script loads on non-mobile when enabled,
 * retrying 5 times at 200 ms"): it puts a Save button on the post's pictures. Loaded once per
 * page, after the page is ready, only where the page asks for it; a script that fails to load is
 * taken out and asked for again 200 ms later, five times at most.
 */

import { PINTEREST_SCRIPT_URL } from '../../domain/share';

/** Pinterest's script (its address is the domain's: the pages' policy allows it). */
export { PINTEREST_SCRIPT_URL };
/** SPEC §7: how many times the script is asked for, at most. */
export const PINTEREST_ATTEMPTS = 5;
/** SPEC §7: the wait between two attempts. */
export const PINTEREST_RETRY_MS = 200;

/** What the loader needs of the page (the browser's `document` and timers, or fakes). */
export interface ScriptHost {
  createScript(): {
    src: string;
    async: boolean;
    setAttribute(name: string, value: string): void;
    remove(): void;
    onload: ((event: Event) => void) | null;
    onerror: ((event: Event | string) => void) | null;
  };
  append(script: ReturnType<ScriptHost['createScript']>): void;
  setTimeout(run: () => void, ms: number): unknown;
}

let loading: Promise<boolean> | null = null;

/**
 * Loads the pin script; resolves true once it ran, false after PINTEREST_ATTEMPTS failures. One
 * load per page however often it is asked for.
 */
export function loadPinterestScript(host: ScriptHost = browserHost()): Promise<boolean> {
  loading ??= new Promise<boolean>((resolve) => {
    let attempt = 0;
    const tryOnce = () => {
      attempt++;
      const script = host.createScript();
      script.async = true;
      // Pinterest's own option: a Save button over the pictures when the pointer is on them.
      script.setAttribute('data-pin-hover', 'true');
      script.setAttribute('data-inkwell-pinterest', String(attempt));
      script.onload = () => resolve(true);
      script.onerror = () => {
        script.remove();
        if (attempt >= PINTEREST_ATTEMPTS) resolve(false);
        else host.setTimeout(tryOnce, PINTEREST_RETRY_MS);
      };
      script.src = PINTEREST_SCRIPT_URL;
      host.append(script);
    };
    tryOnce();
  });
  return loading;
}

/** Forgets an earlier load (tests). */
export function resetPinterestScript(): void {
  loading = null;
}

function browserHost(): ScriptHost {
  return {
    createScript: () => document.createElement('script'),
    append: (script) => document.head.append(script as HTMLScriptElement),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
  };
}
