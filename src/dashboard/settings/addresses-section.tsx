/**
 * The blog settings screen's "Addresses and feeds" section (issue 19): the shape of every post's
 * one address (each option shows an example built by `postLink`, the function every link of the
 * product goes through), how many posts each feed carries and whether whole posts or excerpts.
 * A refused value stays as typed, with the server's field message beside it.
 */
import type { BlogSettingsValues } from '../../domain/blog-settings';
import { postLink } from '../../domain/routes';
import {
  FEED_CONTENT_KINDS,
  FEED_ITEM_COUNT_MAX,
  FEED_ITEM_COUNT_MIN,
  POST_URL_SHAPES,
  type PostUrlShape,
} from '../../domain/seo';
import { useTranslation } from '../../widget/i18n';
import { Field, SETTINGS_KEYS as k, NumberInput, Section } from './settings-parts';

/** What the section reads and writes of the settings form (the screen's form has it all). */
export interface AddressesForm {
  id: string;
  draft: Pick<BlogSettingsValues, 'postUrlShape' | 'feedContent' | 'timeZone'> & {
    feedItemCount: string;
  };
  errors: Record<string, string>;
  set(field: 'postUrlShape' | 'feedContent' | 'feedItemCount', value: string): void;
}

// The examples' post: a fixed day, so the server's and the browser's render agree.
const EXAMPLE_POST = { slug: 'my-first-post', firstPublishedDate: '2026-05-09T12:00:00Z' };

/** The address a post of the blog would have in `shape` (origin included). */
export function exampleAddress(
  origin: string,
  blogBase: string,
  timeZone: string,
  shape: PostUrlShape,
): string {
  return `${origin}${postLink({ blogBase, postUrlShape: shape, timeZone }, EXAMPLE_POST)}`;
}

/** Post address shape, feed size and feed content. */
export function AddressesSection({
  form,
  blogBase,
  origin,
}: {
  form: AddressesForm;
  blogBase: string;
  origin: string;
}) {
  const { t } = useTranslation();
  return (
    <Section title={t(`${k}.sections.addresses`)}>
      <Choice
        form={form}
        field="postUrlShape"
        options={POST_URL_SHAPES.map((shape) => ({
          value: shape,
          label: t(`${k}.fields.postUrlShapes.${shape}`),
          example: exampleAddress(origin, blogBase, form.draft.timeZone, shape),
        }))}
      />
      <FeedItemCount form={form} />
      <Choice
        form={form}
        field="feedContent"
        options={FEED_CONTENT_KINDS.map((kind) => ({
          value: kind,
          label: t(`${k}.fields.feedContents.${kind}`),
        }))}
      />
    </Section>
  );
}

/** One of a few options, as radio buttons with a legend, a hint and the field's error. */
function Choice({
  form,
  field,
  options,
}: {
  form: AddressesForm;
  field: 'postUrlShape' | 'feedContent';
  options: { value: string; label: string; example?: string }[];
}) {
  const { t } = useTranslation();
  const id = `${form.id}-${field}`;
  const error = form.errors[field];
  return (
    <fieldset className="bs-choice" aria-describedby={error ? `${id}-error` : `${id}-hint`}>
      <legend className="dash-field__label">{t(`${k}.fields.${field}`)}</legend>
      <div className="bs-choice__list">
        {options.map((option, index) => (
          <label key={option.value} className="bs-choice__option">
            <input
              // The first option takes the field's id: a refusal focuses it.
              id={index === 0 ? id : undefined}
              type="radio"
              name={field}
              value={option.value}
              checked={form.draft[field] === option.value}
              onChange={() => form.set(field, option.value)}
            />
            <span className="bs-choice__text">
              {option.label}
              {option.example ? <code className="bs-choice__example">{option.example}</code> : null}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="dash-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : (
        <p className="dash-field__hint" id={`${id}-hint`}>
          {t(`${k}.fields.${field}Hint`)}
        </p>
      )}
    </fieldset>
  );
}

/** How many posts each feed carries, typed as text so a bad entry is kept. */
function FeedItemCount({ form }: { form: AddressesForm }) {
  const { t } = useTranslation();
  const id = `${form.id}-feedItemCount`;
  const error = form.errors.feedItemCount;
  return (
    <Field
      id={id}
      label={t(`${k}.fields.feedItemCount`)}
      hint={t(`${k}.fields.feedItemCountHint`, {
        min: FEED_ITEM_COUNT_MIN,
        max: FEED_ITEM_COUNT_MAX,
      })}
      error={error}
    >
      <NumberInput
        id={id}
        name="feedItemCount"
        min={FEED_ITEM_COUNT_MIN}
        max={FEED_ITEM_COUNT_MAX}
        value={form.draft.feedItemCount}
        error={error}
        onChange={(value) => form.set('feedItemCount', value)}
      />
    </Field>
  );
}
