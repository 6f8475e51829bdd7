/**
 * The forms behind the editor's dialogs (issue 4 "Writing"): link, video link, link preview, HTML
 * embed, button, map, poll, table and image details. Each keeps what the writer typed, validates
 * on submit with `editor-validation`, and hands the values back; the editor turns them into
 * nodes (`insert-blocks`) or marks.
 */
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from '../../rich-content/i18n';
import { GALLERY_LAYOUTS } from '../../rich-content/nodes/gallery/limits';
import { CheckboxField, ChoiceField, EditorDialog, Field } from './editor-dialog';
import { type LinkPreviewResult, useEditorServices } from './editor-services';
import {
  completeUrl,
  type FieldErrors,
  isValid,
  POLL_OPTIONS_MAX,
  POLL_OPTIONS_MIN,
  validateAudio,
  validateButton,
  validateFile,
  validateGallery,
  validateHtml,
  validateImageDetails,
  validateLink,
  validateLinkPreview,
  validateMap,
  validatePoll,
  validateTable,
  validateVideoLink,
  webUrlError,
} from './editor-validation';
import {
  type AudioForm,
  DEFAULT_POLL_SETTINGS,
  type FileForm,
  type GalleryForm,
  hostOf,
  type PollSettingsForm,
} from './insert-blocks';

export interface LinkForm {
  url: string;
  openInNewTab: boolean;
}
export interface UrlForm {
  url: string;
}
export interface LinkPreviewForm {
  url: string;
  title: string;
  description: string;
  thumbnailUrl: string;
  /** What the page calls its site (not a field: the title of last resort). */
  siteName?: string;
}
export interface HtmlForm {
  mode: 'html' | 'url';
  html: string;
  url: string;
}
export interface ButtonForm {
  text: string;
  url: string;
  openInNewTab: boolean;
}
export interface MapForm {
  address: string;
  lat: string;
  lng: string;
}
export interface PollForm {
  title: string;
  options: string[];
  settings: PollSettingsForm;
}
export interface TableForm {
  rows: string;
  columns: string;
}
export interface ImageForm {
  altText: string;
  decorative: boolean;
}

/** Which dialog is open, with its starting values; `editing` when it edits an existing block. */
export type DialogRequest =
  | { kind: 'link'; initial: LinkForm; hasLink: boolean }
  | { kind: 'videoLink'; initial?: UrlForm; editing?: boolean }
  | { kind: 'linkPreview'; initial?: LinkPreviewForm; editing?: boolean }
  | { kind: 'html'; initial?: HtmlForm; editing?: boolean }
  | { kind: 'button'; initial?: ButtonForm; editing?: boolean }
  | { kind: 'map'; initial?: MapForm; editing?: boolean }
  | { kind: 'poll'; initial?: PollForm; editing?: boolean }
  | { kind: 'table'; initial?: TableForm; editing?: boolean }
  | { kind: 'image'; initial: ImageForm; editing?: boolean }
  | { kind: 'gallery'; initial: GalleryForm; editing?: boolean }
  | { kind: 'file'; initial: FileForm; isPdf: boolean; editing?: boolean }
  | { kind: 'audio'; initial: AudioForm; editing?: boolean };

/** What each dialog hands back. */
export interface DialogResults {
  link: LinkForm | null;
  videoLink: UrlForm;
  linkPreview: LinkPreviewForm;
  html: HtmlForm;
  button: ButtonForm;
  map: MapForm;
  poll: PollForm;
  table: TableForm;
  image: ImageForm;
  gallery: GalleryForm;
  file: FileForm;
  audio: AudioForm;
}

export interface InsertDialogProps {
  request: DialogRequest;
  /** The values (for `link`, null removes the link). */
  onSubmit(result: DialogResults[DialogRequest['kind']]): void;
  onClose(): void;
}

/** A form's values, its errors after the last submit, and the submit that validates. */
function useForm<T>(initial: T, validate: (values: T) => FieldErrors, done: (values: T) => void) {
  const [values, setValues] = useState(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  const set = <K extends keyof T>(key: K, value: T[K]) => {
    const next = { ...values, [key]: value };
    setValues(next);
    // After the first submit, problems clear (or appear) as the writer types.
    if (isSubmitted) setErrors(validate(next));
  };
  const submit = () => {
    const found = validate(values);
    setErrors(found);
    setIsSubmitted(true);
    if (isValid(found)) done(values);
  };
  type KeyOf<V> = { [K in keyof T]: T[K] extends V ? K : never }[keyof T] & string;
  /** The props a text field of `key` needs: its name, value, change and problem. */
  const field = (key: KeyOf<string>) => ({
    name: key,
    value: values[key] as string,
    onChange: (value: string) => set(key, value as T[typeof key]),
    error: errors[key],
  });
  /** The props a checkbox of `key` needs. */
  const check = (key: KeyOf<boolean>) => ({
    name: key,
    checked: values[key] as boolean,
    onChange: (checked: boolean) => set(key, checked as T[typeof key]),
  });
  return { values, setValues, errors, set, submit, field, check };
}

/** The dialog for a request. */
export function InsertDialog({ request, onSubmit, onClose }: InsertDialogProps) {
  switch (request.kind) {
    case 'link':
      return <LinkDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'videoLink':
      return <UrlDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'linkPreview':
      return <LinkPreviewDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'html':
      return <HtmlDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'button':
      return <ButtonDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'map':
      return <MapDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'poll':
      return <PollDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'table':
      return <TableDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'image':
      return <ImageDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'gallery':
      return <GalleryDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'file':
      return <FileDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
    case 'audio':
      return <AudioDialog request={request} onSubmit={onSubmit} onClose={onClose} />;
  }
}

type Props<K extends DialogRequest['kind']> = {
  request: Extract<DialogRequest, { kind: K }>;
  onSubmit(result: DialogResults[K]): void;
  onClose(): void;
};

function useLabels(editing: boolean | undefined) {
  const { t } = useTranslation();
  return { t, submitLabel: t(editing ? 'postEditor.dialog.save' : 'postEditor.dialog.insert') };
}

function LinkDialog({ request, onSubmit, onClose }: Props<'link'>) {
  const { t } = useTranslation();
  const form = useForm(request.initial, validateLink, onSubmit);
  return (
    <EditorDialog
      title={t('postEditor.dialog.link.title')}
      submitLabel={t(request.hasLink ? 'postEditor.dialog.save' : 'postEditor.dialog.insert')}
      onSubmit={form.submit}
      onClose={onClose}
      extraActions={
        request.hasLink ? (
          <button
            type="button"
            className="rte-button rte-button--quiet"
            onClick={() => onSubmit(null)}
          >
            {t('postEditor.dialog.remove')}
          </button>
        ) : null
      }
    >
      <Field
        {...form.field('url')}
        type="url"
        inputMode="url"
        label={t('postEditor.dialog.link.url')}
        hint={t('postEditor.dialog.link.urlHint')}
      />
      <CheckboxField {...form.check('openInNewTab')} label={t('postEditor.dialog.link.newTab')} />
    </EditorDialog>
  );
}

function UrlDialog({ request, onSubmit, onClose }: Props<'videoLink'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial ?? { url: '' }, validateVideoLink, onSubmit);
  return (
    <EditorDialog
      title={t('postEditor.dialog.videoLink.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Field
        {...form.field('url')}
        type="url"
        inputMode="url"
        label={t('postEditor.dialog.videoLink.url')}
        hint={t('postEditor.dialog.videoLink.urlHint')}
      />
    </EditorDialog>
  );
}

type LookupState =
  | { kind: 'idle' }
  | { kind: 'loading' }
  | { kind: 'done'; hasDetails: boolean }
  | { kind: 'error'; code: Extract<LinkPreviewResult, { kind: 'error' }>['code'] };

/**
 * The link preview dialog: the page's address, then what the page says about itself, read by the
 * server (`GET /api/editor/link-preview`) when the address is left or on request, and editable.
 * When the page cannot be read the dialog says why, and the card falls back to the page's host.
 * Submitting an address not read yet reads it first, and inserts once it has the details.
 */
function LinkPreviewDialog({ request, onSubmit, onClose }: Props<'linkPreview'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const services = useEditorServices();
  const form = useForm<LinkPreviewForm>(
    request.initial ?? { url: '', title: '', description: '', thumbnailUrl: '' },
    validateLinkPreview,
    onSubmit,
  );
  const [lookup, setLookup] = useState<LookupState>({ kind: 'idle' });
  // The address last read (an edited card starts as read: its details are the writer's).
  const lastRead = useRef(request.initial?.url ? completeUrl(request.initial.url) : '');
  const pending = useRef<AbortController | null>(null);
  useEffect(() => () => pending.current?.abort(), []);

  /** Reads the page at the current address; resolves with the form as it then is. */
  async function read(): Promise<LinkPreviewForm | null> {
    const url = completeUrl(form.values.url);
    if (webUrlError(url)) return null;
    pending.current?.abort();
    const controller = new AbortController();
    pending.current = controller;
    lastRead.current = url;
    setLookup({ kind: 'loading' });
    const result = await services.linkPreview(url, controller.signal);
    if (controller.signal.aborted) return null;
    if (result.kind === 'error') {
      setLookup({ kind: 'error', code: result.code });
      return null;
    }
    const { title, description, thumbnailUrl, siteName } = result.preview;
    const next: LinkPreviewForm = {
      url: form.values.url,
      title: title ?? '',
      description: description ?? '',
      thumbnailUrl: thumbnailUrl ?? '',
      siteName,
    };
    form.setValues(next);
    setLookup({ kind: 'done', hasDetails: Boolean(title || description || thumbnailUrl) });
    return next;
  }

  function handleUrlBlur() {
    const url = completeUrl(form.values.url);
    if (url !== lastRead.current && !webUrlError(url)) void read();
  }

  async function handleSubmit() {
    const url = completeUrl(form.values.url);
    if (lookup.kind === 'loading') return;
    if (url !== lastRead.current && !webUrlError(url)) {
      const next = await read();
      // Read: insert with what the page gave. Not read: the dialog says why and stays open.
      if (next) onSubmit(next);
      return;
    }
    form.submit();
  }

  const url = completeUrl(form.values.url);
  const host = webUrlError(url) ? '' : hostOf(url);
  const fallback = t('postEditor.dialog.linkPreview.fallback', { host });
  const title = form.values.title.trim() || form.values.siteName || host;
  const image = form.values.thumbnailUrl.trim();
  const isImageShown = /^https?:\/\//i.test(image) && !webUrlError(image);
  return (
    <EditorDialog
      title={t('postEditor.dialog.linkPreview.title')}
      submitLabel={
        lookup.kind === 'loading' ? t('postEditor.dialog.linkPreview.reading') : submitLabel
      }
      onSubmit={() => void handleSubmit()}
      onClose={onClose}
    >
      <div className="rte-field-row">
        <Field
          {...form.field('url')}
          type="url"
          inputMode="url"
          label={t('postEditor.dialog.linkPreview.url')}
          onBlur={handleUrlBlur}
        />
        <button
          type="button"
          className="rte-button rte-field-row__action"
          disabled={lookup.kind === 'loading' || host === ''}
          onClick={() => void read()}
        >
          {t(
            lookup.kind === 'idle' && !request.editing
              ? 'postEditor.dialog.linkPreview.read'
              : 'postEditor.dialog.linkPreview.reread',
          )}
        </button>
      </div>
      <div className="rte-lookup" aria-live="polite">
        {lookup.kind === 'loading' ? (
          <p className="rte-lookup__status">
            <span className="rte-spinner" aria-hidden="true" />
            {t('postEditor.dialog.linkPreview.loading')}
          </p>
        ) : lookup.kind === 'done' ? (
          <p className="rte-lookup__status is-done">
            {lookup.hasDetails
              ? t('postEditor.dialog.linkPreview.done')
              : t('postEditor.dialog.linkPreview.nothingFound', { host })}
          </p>
        ) : null}
      </div>
      {lookup.kind === 'error' ? (
        <p className="rte-lookup__status is-error" role="alert">
          {t(`postEditor.dialog.linkPreview.errors.${lookup.code}`)} {fallback}
        </p>
      ) : null}
      <Field
        {...form.field('title')}
        label={t('postEditor.dialog.linkPreview.cardTitle')}
        hint={host ? t('postEditor.dialog.linkPreview.titleHint', { host }) : undefined}
      />
      <Field
        {...form.field('description')}
        multiline
        rows={3}
        label={t('postEditor.dialog.linkPreview.description')}
      />
      <Field
        {...form.field('thumbnailUrl')}
        type="url"
        inputMode="url"
        label={t('postEditor.dialog.linkPreview.image')}
      />
      {host ? (
        <figure
          className="rte-lookup__card"
          aria-label={t('postEditor.dialog.linkPreview.cardPreview')}
        >
          {isImageShown ? <img src={image} alt="" className="rte-lookup__thumb" /> : null}
          <figcaption className="rte-lookup__body">
            <span className="rte-lookup__title">{title}</span>
            {form.values.description.trim() ? (
              <span className="rte-lookup__description">{form.values.description.trim()}</span>
            ) : null}
            <span className="rte-lookup__host">{host}</span>
          </figcaption>
        </figure>
      ) : null}
    </EditorDialog>
  );
}

function HtmlDialog({ request, onSubmit, onClose }: Props<'html'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm<HtmlForm>(
    request.initial ?? { mode: 'html', html: '', url: '' },
    validateHtml,
    onSubmit,
  );
  return (
    <EditorDialog
      title={t('postEditor.dialog.html.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <fieldset className="rte-segmented">
        <legend className="rte-field__label">{t('postEditor.dialog.html.mode')}</legend>
        {(['html', 'url'] as const).map((mode) => (
          <label key={mode} className="rte-segmented__option">
            <input
              type="radio"
              name="mode"
              value={mode}
              checked={form.values.mode === mode}
              onChange={() => form.set('mode', mode)}
            />
            <span>
              {t(
                mode === 'html'
                  ? 'postEditor.dialog.html.modeHtml'
                  : 'postEditor.dialog.html.modeUrl',
              )}
            </span>
          </label>
        ))}
      </fieldset>
      {form.values.mode === 'html' ? (
        <Field
          {...form.field('html')}
          multiline
          label={t('postEditor.dialog.html.html')}
          hint={t('postEditor.dialog.html.htmlHint')}
        />
      ) : (
        <Field
          {...form.field('url')}
          type="url"
          inputMode="url"
          label={t('postEditor.dialog.html.url')}
          hint={t('postEditor.dialog.html.htmlHint')}
        />
      )}
    </EditorDialog>
  );
}

function ButtonDialog({ request, onSubmit, onClose }: Props<'button'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(
    request.initial ?? { text: '', url: '', openInNewTab: false },
    validateButton,
    onSubmit,
  );
  return (
    <EditorDialog
      title={t('postEditor.dialog.button.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Field {...form.field('text')} label={t('postEditor.dialog.button.text')} />
      <Field
        {...form.field('url')}
        type="url"
        inputMode="url"
        label={t('postEditor.dialog.button.url')}
        hint={t('postEditor.dialog.link.urlHint')}
      />
      <CheckboxField {...form.check('openInNewTab')} label={t('postEditor.dialog.button.newTab')} />
    </EditorDialog>
  );
}

function MapDialog({ request, onSubmit, onClose }: Props<'map'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial ?? { address: '', lat: '', lng: '' }, validateMap, onSubmit);
  return (
    <EditorDialog
      title={t('postEditor.dialog.map.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Field
        {...form.field('address')}
        autoComplete="street-address"
        label={t('postEditor.dialog.map.address')}
      />
      <div className="rte-field-row">
        <Field
          {...form.field('lat')}
          type="number"
          inputMode="decimal"
          label={t('postEditor.dialog.map.lat')}
          hint={t('postEditor.dialog.map.latHint')}
        />
        <Field
          {...form.field('lng')}
          type="number"
          inputMode="decimal"
          label={t('postEditor.dialog.map.lng')}
          hint={t('postEditor.dialog.map.lngHint')}
        />
      </div>
    </EditorDialog>
  );
}

function PollDialog({ request, onSubmit, onClose }: Props<'poll'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(
    request.initial ?? { title: '', options: ['', ''], settings: DEFAULT_POLL_SETTINGS },
    validatePoll,
    onSubmit,
  );
  const options = form.values.options;
  const settings = form.values.settings;
  const setSetting = <K extends keyof PollSettingsForm>(key: K, value: PollSettingsForm[K]) =>
    form.set('settings', { ...settings, [key]: value });
  const setOption = (index: number, value: string) =>
    form.set(
      'options',
      options.map((o, i) => (i === index ? value : o)),
    );
  return (
    <EditorDialog
      title={t('postEditor.dialog.poll.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Field {...form.field('title')} label={t('postEditor.dialog.poll.question')} />
      <ol className="rte-poll-options">
        {options.map((option, index) => (
          // Answers have no identity but their place while the dialog is open.
          // biome-ignore lint/suspicious/noArrayIndexKey: the index is the answer's identity here.
          <li key={index} className="rte-poll-options__item">
            <Field
              name={`option${index}`}
              label={t('postEditor.dialog.poll.option', { n: index + 1 })}
              value={option}
              onChange={(v) => setOption(index, v)}
              error={form.errors[`option${index}`]}
            />
            {options.length > POLL_OPTIONS_MIN ? (
              <button
                type="button"
                className="rte-icon-button rte-poll-options__remove"
                aria-label={t('postEditor.dialog.poll.removeOption', { n: index + 1 })}
                onClick={() =>
                  form.set(
                    'options',
                    options.filter((_, i) => i !== index),
                  )
                }
              >
                <span aria-hidden="true">×</span>
              </button>
            ) : null}
          </li>
        ))}
      </ol>
      {form.errors.options ? (
        <p className="rte-field__error" role="alert">
          {t(`postEditor.errors.${form.errors.options.key}`, form.errors.options.values)}
        </p>
      ) : null}
      {options.length < POLL_OPTIONS_MAX ? (
        <button
          type="button"
          className="rte-button rte-button--quiet"
          onClick={() => form.set('options', [...options, ''])}
        >
          + {t('postEditor.dialog.poll.addOption')}
        </button>
      ) : null}
      <fieldset className="rte-poll-settings">
        <legend className="rte-field__label">{t('postEditor.dialog.poll.settings')}</legend>
        <ChoiceField
          name="vote"
          label={t('postEditor.dialog.poll.whoVotes')}
          value={settings.vote}
          choices={[
            { value: 'SITE_MEMBERS', label: t('postEditor.dialog.poll.vote.SITE_MEMBERS') },
            { value: 'ALL', label: t('postEditor.dialog.poll.vote.ALL') },
          ]}
          onChange={(value) => setSetting('vote', value)}
        />
        <ChoiceField
          name="view"
          label={t('postEditor.dialog.poll.whoSees')}
          value={settings.view}
          choices={[
            { value: 'CREATOR', label: t('postEditor.dialog.poll.view.CREATOR') },
            { value: 'VOTERS', label: t('postEditor.dialog.poll.view.VOTERS') },
            { value: 'EVERYONE', label: t('postEditor.dialog.poll.view.EVERYONE') },
          ]}
          onChange={(value) => setSetting('view', value)}
        />
        <CheckboxField
          name="allowMultipleVotes"
          label={t('postEditor.dialog.poll.allowMultipleVotes')}
          checked={settings.allowMultipleVotes}
          onChange={(checked) => setSetting('allowMultipleVotes', checked)}
        />
        <CheckboxField
          name="showVotesCount"
          label={t('postEditor.dialog.poll.showVotesCount')}
          checked={settings.showVotesCount}
          onChange={(checked) => setSetting('showVotesCount', checked)}
        />
        <CheckboxField
          name="showVoters"
          label={t('postEditor.dialog.poll.showVoters')}
          checked={settings.showVoters}
          onChange={(checked) => setSetting('showVoters', checked)}
        />
      </fieldset>
    </EditorDialog>
  );
}

function TableDialog({ request, onSubmit, onClose }: Props<'table'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial ?? { rows: '3', columns: '3' }, validateTable, onSubmit);
  return (
    <EditorDialog
      title={t('postEditor.dialog.table.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <div className="rte-field-row">
        <Field
          {...form.field('rows')}
          type="number"
          inputMode="numeric"
          label={t('postEditor.dialog.table.rows')}
        />
        <Field
          {...form.field('columns')}
          type="number"
          inputMode="numeric"
          label={t('postEditor.dialog.table.columns')}
        />
      </div>
    </EditorDialog>
  );
}

function ImageDialog({ request, onSubmit, onClose }: Props<'image'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial, validateImageDetails, onSubmit);
  return (
    <EditorDialog
      title={t('postEditor.dialog.image.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      {form.values.decorative ? null : (
        <Field
          {...form.field('altText')}
          multiline
          label={t('postEditor.dialog.image.altText')}
          hint={t('postEditor.dialog.image.altTextHint')}
        />
      )}
      <CheckboxField
        {...form.check('decorative')}
        label={t('postEditor.dialog.image.decorative')}
      />
    </EditorDialog>
  );
}

/** The dialog offers every layout of the model. */
const GALLERY_LAYOUT_CHOICES = GALLERY_LAYOUTS satisfies readonly GalleryForm['layout'][];

function GalleryDialog({ request, onSubmit, onClose }: Props<'gallery'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial, validateGallery, onSubmit);
  const { values } = form;
  return (
    <EditorDialog
      title={t('postEditor.dialog.gallery.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <ChoiceField
        name="layout"
        label={t('postEditor.dialog.gallery.layout')}
        value={values.layout}
        choices={GALLERY_LAYOUT_CHOICES.map((value) => ({
          value,
          label: t(`postEditor.dialog.gallery.layouts.${value}`),
        }))}
        onChange={(value) => form.set('layout', value)}
      />
      <div className="rte-field-row">
        <Field
          {...form.field('columns')}
          type="number"
          inputMode="numeric"
          label={t('postEditor.dialog.gallery.columns')}
        />
        <Field
          {...form.field('spacing')}
          type="number"
          inputMode="numeric"
          label={t('postEditor.dialog.gallery.spacing')}
        />
      </div>
      <ChoiceField
        name="crop"
        label={t('postEditor.dialog.gallery.crop')}
        value={values.crop}
        choices={[
          { value: 'FILL', label: t('postEditor.dialog.gallery.crops.FILL') },
          { value: 'FIT', label: t('postEditor.dialog.gallery.crops.FIT') },
        ]}
        onChange={(value) => form.set('crop', value)}
      />
      {values.layout === 'THUMBNAIL' ? (
        <ChoiceField
          name="thumbnails"
          label={t('postEditor.dialog.gallery.thumbnails')}
          value={values.thumbnails}
          choices={(['BOTTOM', 'TOP', 'LEFT', 'RIGHT', 'NONE'] as const).map((value) => ({
            value,
            label: t(`postEditor.dialog.gallery.placements.${value}`),
          }))}
          onChange={(value) => form.set('thumbnails', value)}
        />
      ) : null}
      <CheckboxField
        {...form.check('disableExpand')}
        label={t('postEditor.dialog.gallery.disableExpand')}
      />
      <CheckboxField
        {...form.check('disableDownload')}
        label={t('postEditor.dialog.gallery.disableDownload')}
      />
    </EditorDialog>
  );
}

function FileDialog({ request, onSubmit, onClose }: Props<'file'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial, validateFile, onSubmit);
  const { values } = form;
  return (
    <EditorDialog
      title={t('postEditor.dialog.file.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Field {...form.field('name')} label={t('postEditor.dialog.file.name')} />
      {request.isPdf ? (
        <ChoiceField
          name="viewMode"
          label={t('postEditor.dialog.file.viewMode')}
          value={values.viewMode}
          choices={(['NONE', 'MINI', 'FULL'] as const).map((value) => ({
            value,
            label: t(`postEditor.dialog.file.viewModes.${value}`),
          }))}
          onChange={(value) => form.set('viewMode', value)}
        />
      ) : null}
      <CheckboxField
        {...form.check('disableDownload')}
        label={t('postEditor.dialog.file.disableDownload')}
      />
      {request.isPdf ? (
        <CheckboxField
          {...form.check('disablePrint')}
          label={t('postEditor.dialog.file.disablePrint')}
        />
      ) : null}
    </EditorDialog>
  );
}

function AudioDialog({ request, onSubmit, onClose }: Props<'audio'>) {
  const { t, submitLabel } = useLabels(request.editing);
  const form = useForm(request.initial, validateAudio, onSubmit);
  return (
    <EditorDialog
      title={t('postEditor.dialog.audio.title')}
      submitLabel={submitLabel}
      onSubmit={form.submit}
      onClose={onClose}
    >
      <Field {...form.field('name')} label={t('postEditor.dialog.audio.name')} />
      <Field {...form.field('authorName')} label={t('postEditor.dialog.audio.authorName')} />
      <CheckboxField
        {...form.check('disableDownload')}
        label={t('postEditor.dialog.audio.disableDownload')}
      />
    </EditorDialog>
  );
}
