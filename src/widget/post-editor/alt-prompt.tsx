/**
 * The alt-text prompt of images in the editor (issue 23, decision 067): under every IMAGE, and
 * under every picture of a GALLERY, a "Describe this image for people who can't see it" field with
 * a "Decorative image" choice (alt=""), and for a gallery's pictures their caption. It is focused
 * right after an upload puts the image in (`askForAlt`), and the pre-publish panel's findings lead
 * back to it (`focusAltField`). What is typed goes into the node's data block at once, so the
 * document the page saves (and the checks read) always has it.
 */
import './alt-prompt.css';
import type { Editor } from '@tiptap/core';
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import type { GalleryData, GalleryItem } from '../../rich-content/nodes/gallery/schema';
import type { ImageData } from '../../rich-content/nodes/image/schema';
import { mediaImageSources } from '../../rich-content/render/media-nodes-shared';

/** The blocks that ask for alternative text. */
export const ALT_PROMPT_TYPES = new Set(['IMAGE', 'GALLERY']);

/** The class of the prompt's box: the node view lets its events through to its fields. */
export const ALT_PROMPT_CLASS = 'rte-alt';

/** Node ids whose prompt takes focus when it first shows, by editor (an upload just put them). */
const pendingFocus = new WeakMap<Editor, Set<string>>();

/** The prompt of the block `nodeId` takes focus as soon as the block shows (after an upload). */
export function askForAlt(editor: Editor, nodeId: string): void {
  const ids = pendingFocus.get(editor) ?? new Set<string>();
  ids.add(nodeId);
  pendingFocus.set(editor, ids);
}

/** Whether the block `nodeId` was just added and its prompt should take focus (asked once). */
function takeFocusRequest(editor: Editor, nodeId: string): boolean {
  return pendingFocus.get(editor)?.delete(nodeId) === true;
}

/**
 * Focuses the description field of a block's DOM (`item`: a gallery's picture), scrolled to the
 * middle of the screen; false when the block has no such field.
 */
export function focusAltField(blockDom: Element | null, item = 0): boolean {
  const field = blockDom?.querySelector<HTMLTextAreaElement>(
    `.${ALT_PROMPT_CLASS} [data-alt-item="${item}"]`,
  );
  if (!field) return false;
  field.scrollIntoView({ block: 'center' });
  field.focus({ preventScroll: true });
  return true;
}

/** A text field that keeps what is typed while the node's data catches up. */
function useDraftValue(stored: string) {
  const [value, setValue] = useState(stored);
  const isFocused = useRef(false);
  // A change from elsewhere (the Edit dialog, undo) shows unless the writer is typing here.
  useEffect(() => {
    if (!isFocused.current) setValue(stored);
  }, [stored]);
  const focusHandlers = {
    onFocus: () => {
      isFocused.current = true;
    },
    onBlur: () => {
      isFocused.current = false;
      setValue(stored);
    },
  };
  return { value, setValue, focusHandlers };
}

interface DescriptionProps {
  /** 0 for an image, the picture's index in a gallery. */
  item: number;
  altText: string;
  isDecorative: boolean;
  autoFocus: boolean;
  onAltText(value: string): void;
  onDecorative(isDecorative: boolean): void;
  children?: ReactNode;
}

/** The description field and the decorative choice of one picture. */
function Description({
  item,
  altText,
  isDecorative,
  autoFocus,
  onAltText,
  onDecorative,
  children,
}: DescriptionProps) {
  const { t } = useTranslation();
  const id = useId();
  const { value, setValue, focusHandlers } = useDraftValue(altText);
  const field = useRef<HTMLTextAreaElement>(null);
  useEffect(() => {
    if (!autoFocus || !field.current) return;
    field.current.scrollIntoView({ block: 'center' });
    field.current.focus({ preventScroll: true });
  }, [autoFocus]);
  return (
    <div className="rte-alt__fields">
      <label className="rte-alt__label" htmlFor={`${id}-alt`}>
        {t('postEditor.dialog.image.altTextHint')}
      </label>
      <textarea
        ref={field}
        id={`${id}-alt`}
        className="rte-alt__input"
        rows={2}
        value={isDecorative ? '' : value}
        disabled={isDecorative}
        data-alt-item={item}
        {...focusHandlers}
        aria-invalid={!isDecorative && value.trim() === '' ? true : undefined}
        onChange={(event) => {
          setValue(event.target.value);
          onAltText(event.target.value);
        }}
        onKeyDown={(event) => {
          // Enter is done (a description is one paragraph); Escape leaves it as it is.
          if ((event.key === 'Enter' && !event.shiftKey) || event.key === 'Escape') {
            event.preventDefault();
            event.currentTarget.blur();
          }
        }}
      />
      <label className="rte-alt__check">
        <input
          type="checkbox"
          checked={isDecorative}
          onChange={(event) => onDecorative(event.target.checked)}
        />
        <span>{t('postEditor.dialog.image.decorative')}</span>
      </label>
      {children}
    </div>
  );
}

/** The prompt of an IMAGE: its description, or decorative. */
export function ImageAltPrompt({
  editor,
  nodeId,
  data,
  save,
}: {
  editor: Editor;
  nodeId: string;
  data: ImageData;
  save(next: ImageData): void;
}) {
  const [autoFocus] = useState(() => takeFocusRequest(editor, nodeId));
  return (
    <div className={ALT_PROMPT_CLASS} contentEditable={false}>
      <Description
        item={0}
        altText={data.altText ?? ''}
        isDecorative={data.decorative === true}
        autoFocus={autoFocus}
        onAltText={(altText) => save({ ...data, altText })}
        onDecorative={(isDecorative) =>
          save({ ...data, altText: '', decorative: isDecorative || undefined })
        }
      />
    </div>
  );
}

/** A gallery item with `patch` applied; emptied optional fields are left out. */
function withItem(item: GalleryItem, patch: Partial<GalleryItem>): GalleryItem {
  const next: GalleryItem = { ...item, ...patch };
  if (!next.title) delete next.title;
  if (!next.decorative) delete next.decorative;
  return next;
}

/** The prompt of a GALLERY: each picture's description (or decorative) and caption. */
export function GalleryAltPrompt({
  editor,
  nodeId,
  data,
  save,
}: {
  editor: Editor;
  nodeId: string;
  data: GalleryData;
  save(next: GalleryData): void;
}) {
  const { t } = useTranslation();
  const [autoFocus] = useState(() => takeFocusRequest(editor, nodeId));
  const firstPicture = data.items.findIndex((item) => item.image !== undefined);
  const update = (index: number, patch: Partial<GalleryItem>) =>
    save({
      ...data,
      items: data.items.map((item, at) => (at === index ? withItem(item, patch) : item)),
    });
  let number = 0;
  return (
    <div className={`${ALT_PROMPT_CLASS} rte-alt--gallery`} contentEditable={false}>
      {data.items.map((item, index) => {
        if (!item.image) return null;
        number += 1;
        const { src } = mediaImageSources(item.image.media, 320);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: items have no ids; the index is the item.
          <fieldset className="rte-alt__item" key={index}>
            <legend className="rte-alt__legend">
              {t('postEditor.alt.galleryItem', { number })}
            </legend>
            {src ? <img className="rte-alt__thumb" src={src} alt="" /> : null}
            <Description
              item={index}
              altText={item.altText ?? ''}
              isDecorative={item.decorative === true}
              autoFocus={autoFocus && index === firstPicture}
              onAltText={(altText) => update(index, { altText })}
              onDecorative={(isDecorative) =>
                update(index, { altText: '', decorative: isDecorative || undefined })
              }
            >
              <CaptionField
                title={item.title ?? ''}
                onTitle={(title) => update(index, { title })}
              />
            </Description>
          </fieldset>
        );
      })}
    </div>
  );
}

/** A gallery picture's caption: empty unless the writer writes one. */
function CaptionField({ title, onTitle }: { title: string; onTitle(title: string): void }) {
  const { t } = useTranslation();
  const id = useId();
  const { value, setValue, focusHandlers } = useDraftValue(title);
  return (
    <>
      <label className="rte-alt__label" htmlFor={`${id}-caption`}>
        {t('postEditor.alt.caption')}
      </label>
      <input
        id={`${id}-caption`}
        className="rte-alt__input"
        type="text"
        value={value}
        {...focusHandlers}
        onChange={(event) => {
          setValue(event.target.value);
          onTitle(event.target.value);
        }}
      />
    </>
  );
}
