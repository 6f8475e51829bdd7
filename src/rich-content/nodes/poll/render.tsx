/**
 * POLL (SPEC §3 "Poll", §6; issue 4 "polls that members can vote in"). The server renders the
 * question and its options as a form that waits for the page to load; once hydrated, the poll asks
 * the API how this reader sees it (their choice, whether they may vote, the results the view
 * setting lets them see) and lets them vote or change their vote. Without an endpoint (a preview,
 * a poll without an id) the form stays disabled. Results are never in the server's HTML: pages
 * are cached for every visitor, results belong to the reader.
 */
import { type CSSProperties, type FormEvent, useEffect, useId, useState } from 'react';
import type { PollResultsView } from '../../../domain/polls';
import type { PollData } from '../../document';
import { useTranslation } from '../../i18n';
import { cssColor } from '../../render/css-values';
import { interactivePart } from '../../render/interactive';
import {
  blockClasses,
  blockStyle,
  boundedPx,
  mediaImageSources,
  sizesFor,
} from '../../render/media-nodes-shared';
import '../../render/messages';
import type { NodeRenderer } from '../../render/types';

/** The poll's background from its design: a colour, an image or a gradient. */
function pollBackground(design: PollData['design']): CSSProperties {
  const poll = design?.poll;
  const style: CSSProperties = { borderRadius: boundedPx(poll?.borderRadius, 100) };
  const background = poll?.background;
  if (background?.type === 'COLOR') style.backgroundColor = cssColor(background.color);
  if (background?.type === 'IMAGE') {
    const { src } = mediaImageSources(background.image, 960);
    // Only a URL without quotes, parentheses, spaces or escapes goes into url().
    if (src && /^[^"'()\s\\]+$/.test(src)) {
      style.backgroundImage = `url("${src}")`;
      style.backgroundSize = 'cover';
    }
  }
  if (background?.type === 'GRADIENT') {
    const start = cssColor(background.gradient?.startColor);
    const last = cssColor(background.gradient?.lastColor);
    const angle = background.gradient?.angle;
    if (start && last) {
      const degrees = angle !== undefined && Number.isFinite(angle) ? angle : 180;
      style.backgroundImage = `linear-gradient(${degrees}deg, ${start}, ${last})`;
    }
  }
  return style;
}

type Status = 'loading' | 'ready' | 'sending' | 'unavailable';

/** Reads an API reply: the poll view, or throws with the error code the API gave. */
async function readView(response: Response): Promise<PollResultsView> {
  const body = (await response.json().catch(() => null)) as
    | (PollResultsView & { error?: { code?: string } })
    | null;
  if (!response.ok || !body) throw new Error(body?.error?.code ?? 'unknown');
  return body;
}

/** The note under the options: why the reader cannot vote, or what their vote did. */
function noteKey(
  view: PollResultsView | null,
  status: Status,
  hasEndpoint: boolean,
  justVoted: boolean,
): string | null {
  if (!hasEndpoint) return 'richContent.poll.notOpen';
  if (status === 'unavailable') return 'richContent.poll.unavailable';
  if (!view) return null;
  if (view.voteRefusal === 'login-required') return 'richContent.poll.loginToVote';
  if (view.voteRefusal !== null) return 'richContent.poll.cannotVote';
  if (justVoted) return 'richContent.poll.voted';
  return null;
}

/**
 * The reader's view of a poll and their vote: loaded from the API once the page is live,
 * changed by their choices, and sent with the page's fetch.
 */
function usePollVote(
  endpoint: string | undefined,
  fetchApi: (input: string, init?: RequestInit) => Promise<Response>,
  isMultiple: boolean,
) {
  const { t } = useTranslation();
  const [view, setView] = useState<PollResultsView | null>(null);
  const [status, setStatus] = useState<Status>(endpoint ? 'loading' : 'unavailable');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [justVoted, setJustVoted] = useState(false);

  useEffect(() => {
    if (!endpoint) return;
    const controller = new AbortController();
    fetch(endpoint, { signal: controller.signal, headers: { accept: 'application/json' } })
      .then(readView)
      .then((loaded) => {
        setView(loaded);
        setChosen(loaded.myChoice);
        setStatus('ready');
      })
      .catch(() => {
        if (!controller.signal.aborted) setStatus('unavailable');
      });
    return () => controller.abort();
  }, [endpoint]);

  const mayVote = status !== 'unavailable' && view !== null && view.voteRefusal === null;

  function toggle(optionId: string, checked: boolean) {
    setError(null);
    setJustVoted(false);
    if (!isMultiple) setChosen(checked ? [optionId] : []);
    else setChosen((now) => (checked ? [...now, optionId] : now.filter((id) => id !== optionId)));
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!endpoint || !mayVote || status === 'sending') return;
    if (chosen.length === 0) {
      setError(t('richContent.poll.chooseFirst'));
      return;
    }
    setStatus('sending');
    setError(null);
    try {
      const response = await fetchApi(`${endpoint}/vote`, {
        method: 'PUT',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ optionIds: chosen }),
      });
      const updated = await readView(response);
      setView(updated);
      setChosen(updated.myChoice);
      setJustVoted(true);
    } catch {
      // The choice stays as the reader made it, ready to send again.
      setError(t('richContent.poll.failed'));
    } finally {
      setStatus('ready');
    }
  }

  return { view, status, chosen, error, justVoted, mayVote, toggle, submit };
}

/** One answer: its input, picture and title, and its result when the reader may see it. */
function PollOptionRow({
  option,
  index,
  name,
  isMultiple,
  showImage,
  borderRadius,
  result,
  isMine,
  isChosen,
  onToggle,
}: {
  option: PollData['poll']['options'][number];
  index: number;
  name: string;
  isMultiple: boolean;
  showImage: boolean;
  borderRadius: number | undefined;
  result: NonNullable<PollResultsView['results']>['options'][string] | undefined;
  isMine: boolean;
  isChosen: boolean;
  onToggle(optionId: string, checked: boolean): void;
}) {
  const { t } = useTranslation();
  const image = showImage ? mediaImageSources(option.image, 320) : undefined;
  const title = option.title || t('richContent.poll.option', { index: index + 1 });
  return (
    <li
      className="rc-poll__option"
      data-chosen={isMine ? 'true' : undefined}
      style={borderRadius !== undefined ? { borderRadius } : undefined}
    >
      <label className="rc-poll__choice">
        <input
          type={isMultiple ? 'checkbox' : 'radio'}
          name={name}
          value={option.id}
          disabled={!option.id}
          checked={isChosen}
          onChange={(event) => option.id && onToggle(option.id, event.target.checked)}
        />
        {image?.src ? (
          <img
            className="rc-poll__option-image"
            src={image.src}
            srcSet={image.srcSet}
            sizes={image.srcSet ? '160px' : undefined}
            width={160}
            height={160}
            alt=""
            loading="lazy"
            decoding="async"
          />
        ) : null}
        <span className="rc-poll__option-title">{title}</span>
      </label>
      {result ? (
        <span className="rc-poll__result">
          <span className="rc-poll__bar" style={{ width: `${result.share}%` }} aria-hidden="true" />
          <span className="rc-poll__share">
            {result.count === null
              ? t('richContent.poll.shareOnly', { share: result.share })
              : t('richContent.poll.share', { share: result.share, count: result.count })}
          </span>
          {result.voters && result.voters.length > 0 ? (
            <span className="rc-poll__voters">
              {t('richContent.poll.voters', { names: result.voters.join(', ') })}
            </span>
          ) : null}
        </span>
      ) : null}
    </li>
  );
}

/** What a poll is drawn from: plain JSON (an island's props, issue 20), and the page's fetch. */
export interface PollBlockProps {
  data: PollData;
  /** The poll's API address; without it the form stays disabled (a preview). */
  endpoint?: string;
  /** Sends the vote; the page's passes the anti-forgery token (decision 017). */
  fetchApi?: (input: string, init?: RequestInit) => Promise<Response>;
}

/** A poll: its question and options, then the reader's vote and the results they may see. */
export function PollBlock({
  data,
  endpoint,
  fetchApi = (input, init) => fetch(input, init),
}: PollBlockProps) {
  const { t } = useTranslation();
  const { poll, layout, design } = data;
  const name = `rc-poll-${useId()}`;
  const isMultiple = poll.settings.permissions.allowMultipleVotes === true;
  const showImages = layout.poll.enableImage ?? layout.options?.enableImage ?? false;
  const pollImage = mediaImageSources(poll.image, 960);
  const optionRadius = boundedPx(design?.options?.borderRadius, 100);
  const { view, status, chosen, error, justVoted, mayVote, toggle, submit } = usePollVote(
    endpoint,
    fetchApi,
    isMultiple,
  );
  const hasVoted = (view?.myChoice.length ?? 0) > 0;

  // Before anyone has voted there is nothing to show but zeros.
  const results = view?.results && view.results.voterCount > 0 ? view.results : null;
  const note = noteKey(view, status, endpoint !== undefined, justVoted);
  const resultsNote =
    view && !results && poll.settings.permissions.view === 'VOTERS' && !hasVoted
      ? t('richContent.poll.resultsAfterVoting')
      : null;

  return (
    <div
      className={`${blockClasses('rc-poll', data.containerData)} rc-poll--${layout.poll.type.toLowerCase()}`}
      dir={layout.poll.direction === 'RTL' ? 'rtl' : 'ltr'}
      style={{ ...blockStyle(data.containerData), ...pollBackground(design) }}
    >
      <form className="rc-poll__form" onSubmit={submit} noValidate>
        <fieldset
          className="rc-poll__fieldset"
          disabled={!mayVote || status === 'sending'}
          aria-describedby={`${name}-note`}
          aria-busy={status === 'loading' || status === 'sending' || undefined}
        >
          <legend className="rc-poll__title">{poll.title || t('richContent.poll.label')}</legend>
          {pollImage.src ? (
            <img
              className="rc-poll__image"
              src={pollImage.src}
              srcSet={pollImage.srcSet}
              sizes={pollImage.srcSet ? sizesFor(data.containerData) : undefined}
              width={poll.image?.width || 740}
              height={poll.image?.height || 300}
              alt=""
              loading="lazy"
              decoding="async"
            />
          ) : null}
          <ul className="rc-poll__options">
            {poll.options.map((option, index) => (
              <PollOptionRow
                key={option.id ?? index}
                option={option}
                index={index}
                name={name}
                isMultiple={isMultiple}
                showImage={showImages}
                borderRadius={optionRadius}
                result={option.id ? results?.options[option.id] : undefined}
                isMine={Boolean(option.id && view?.myChoice.includes(option.id))}
                isChosen={option.id ? chosen.includes(option.id) : false}
                onToggle={toggle}
              />
            ))}
          </ul>
          {mayVote ? (
            <div className="rc-poll__actions">
              <button className="rc-poll__vote" type="submit">
                {t(
                  status === 'sending'
                    ? 'richContent.poll.voting'
                    : hasVoted
                      ? 'richContent.poll.changeVote'
                      : 'richContent.poll.vote',
                )}
              </button>
              {results ? (
                <span className="rc-poll__total">
                  {t('richContent.poll.voterCount', { count: results.voterCount })}
                </span>
              ) : null}
            </div>
          ) : null}
        </fieldset>
        <p className="rc-poll__note" id={`${name}-note`} role="status">
          {note ? t(note) : null}
          {resultsNote ? ` ${resultsNote}` : null}
        </p>
        {error ? (
          <p className="rc-poll__error" role="alert">
            {error}
          </p>
        ) : null}
      </form>
    </div>
  );
}

/** The POLL node's renderer: votes go to the context's poll endpoint. */
export const renderPoll: NodeRenderer<'POLL'> = (node, _children, context) => {
  const id = node.pollData.poll.id;
  const endpoint = id ? context.pollEndpoint?.(id) : undefined;
  // The island's props leave the page's fetch out: an island brings its own (it is no JSON).
  return interactivePart(context, {
    name: 'poll',
    props: { data: node.pollData, ...(endpoint !== undefined && { endpoint }) },
    element: <PollBlock data={node.pollData} endpoint={endpoint} fetchApi={context.fetchApi} />,
  });
};
