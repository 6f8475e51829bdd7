/**
 * The builder editor's settings state (issue 7; decision 022): the draft of both devices as the
 * owner edits it, saved to the API a moment after each change (changes in quick succession, a
 * slider's drag, go in one request), published or reset on request. The draft here is what the
 * canvas shows; the server's answer only says whether anything is left to publish.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  applySettingsPatch,
  DEVICES,
  type Device,
  type ResolvedSettings,
  resolveSettings,
  type SettingValue,
} from '../../domain/settings';
import type { PanelTab } from '../../domain/settings-panel';
import { apiFetch } from '../../widget/api-client';

/** How long after the last change the draft is saved. */
export const SAVE_DELAY_MS = 300;

type DeviceValues = Record<Device, Record<string, unknown>>;

interface EditorSettingsResponse {
  draft: DeviceValues;
  published: DeviceValues;
  hasUnpublishedChanges: boolean;
}

export type SaveStatus =
  | { kind: 'loading' }
  | { kind: 'load-failed' }
  | { kind: 'saving' }
  | { kind: 'saved' }
  | { kind: 'published' }
  | { kind: 'failed'; message: string };

const API = '/api/editor/settings';

async function readJson<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => null)) as
    | (T & { error?: { message?: string; fields?: Record<string, string> } })
    | null;
  if (!response.ok || body === null) {
    const fields = body?.error?.fields;
    const message = fields
      ? Object.entries(fields)
          .map(([key, problem]) => `${key} ${problem}`)
          .join('; ')
      : (body?.error?.message ?? `HTTP ${response.status}`);
    throw new Error(message);
  }
  return body;
}

/** The editor's settings: the draft, its resolved values per device, and the actions on it. */
export function useBuilderSettings({ onSaved }: { onSaved(): void }) {
  const [draft, setDraft] = useState<DeviceValues | null>(null);
  const [hasUnpublished, setHasUnpublished] = useState(false);
  const [status, setStatus] = useState<SaveStatus>({ kind: 'loading' });
  const pending = useRef<Partial<Record<Device, Record<string, SettingValue | null>>>>({});
  const timer = useRef<number | undefined>(undefined);
  const inFlight = useRef<Promise<void>>(Promise.resolve());
  const onSavedRef = useRef(onSaved);
  onSavedRef.current = onSaved;

  const load = useCallback(async () => {
    setStatus({ kind: 'loading' });
    try {
      const body = await readJson<EditorSettingsResponse>(await apiFetch(`${API}/blog`));
      setDraft(body.draft);
      setHasUnpublished(body.hasUnpublishedChanges);
      setStatus({ kind: body.hasUnpublishedChanges ? 'saved' : 'published' });
    } catch {
      setStatus({ kind: 'load-failed' });
    }
  }, []);

  useEffect(() => {
    void load();
  }, [load]);

  /** Sends what is pending, one request per device, after any request already under way. */
  const flush = useCallback((): Promise<void> => {
    window.clearTimeout(timer.current);
    const batch = pending.current;
    pending.current = {};
    const devices = DEVICES.filter((device) => batch[device]);
    if (devices.length === 0) return inFlight.current;
    inFlight.current = inFlight.current.then(async () => {
      setStatus({ kind: 'saving' });
      try {
        let last: EditorSettingsResponse | null = null;
        for (const device of devices) {
          last = await readJson<EditorSettingsResponse>(
            await apiFetch(`${API}/blog/${device}`, {
              method: 'PATCH',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify(batch[device]),
            }),
          );
        }
        if (last) setHasUnpublished(last.hasUnpublishedChanges);
        setStatus({ kind: 'saved' });
        onSavedRef.current();
      } catch (error) {
        setStatus({ kind: 'failed', message: (error as Error).message });
      }
    });
    return inFlight.current;
  }, []);

  /** Changes some settings of one device: shown at once, saved shortly. */
  const change = useCallback(
    (device: Device, patch: Record<string, SettingValue | null>) => {
      setDraft((current) =>
        current ? { ...current, [device]: applySettingsPatch(current[device], patch) } : current,
      );
      setHasUnpublished(true);
      pending.current = { ...pending.current, [device]: { ...pending.current[device], ...patch } };
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => void flush(), SAVE_DELAY_MS);
    },
    [flush],
  );

  /** Saves what is pending, then makes the draft live. */
  const publish = useCallback(async () => {
    await flush();
    setStatus({ kind: 'saving' });
    try {
      const body = await readJson<EditorSettingsResponse>(
        await apiFetch(`${API}/publish`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ widget: 'blog' }),
        }),
      );
      setHasUnpublished(body.hasUnpublishedChanges);
      setStatus({ kind: 'published' });
      return true;
    } catch (error) {
      setStatus({ kind: 'failed', message: (error as Error).message });
      return false;
    }
  }, [flush]);

  /** Restores the defaults of one tab for one device. */
  const reset = useCallback(
    async (device: Device, tab: PanelTab) => {
      await flush();
      setStatus({ kind: 'saving' });
      try {
        const body = await readJson<EditorSettingsResponse>(
          await apiFetch(`${API}/reset`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ widget: 'blog', device, tab }),
          }),
        );
        setDraft(body.draft);
        setHasUnpublished(body.hasUnpublishedChanges);
        setStatus({ kind: 'saved' });
        onSavedRef.current();
        return true;
      } catch (error) {
        setStatus({ kind: 'failed', message: (error as Error).message });
        return false;
      }
    },
    [flush],
  );

  // Nothing typed is lost when the owner leaves: what is pending goes with the page's last breath.
  useEffect(() => {
    const handlePageHide = () => void flush();
    window.addEventListener('pagehide', handlePageHide);
    return () => window.removeEventListener('pagehide', handlePageHide);
  }, [flush]);

  const resolved = useMemo<Record<Device, ResolvedSettings> | null>(
    () =>
      draft
        ? { desktop: resolveSettings(draft, 'desktop'), mobile: resolveSettings(draft, 'mobile') }
        : null,
    [draft],
  );

  return { draft, resolved, hasUnpublished, status, change, publish, reset, reload: load };
}
