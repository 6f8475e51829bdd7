/**
 * A SPOILER decoration (SPEC §3): the text is covered until the reader reveals it with a click,
 * Enter or Space. The server renders it covered (`aria-expanded="false"`), and the text is hidden
 * from assistive technology until revealed. Before scripts run, focusing the spoiler reveals it
 * (CSS only, see text-nodes.css); once hydrated, only an explicit activation does. The first
 * render is the same on server and client (hydration-safe); `data-live` is set after mount.
 */
import { type KeyboardEvent, type MouseEvent, type ReactNode, useEffect, useState } from 'react';

/** What a spoiler's island is given: its label only (its text is the server's, issue 20). */
export interface SpoilerIslandProps {
  label: string;
}

/**
 * Keeps the covered text as the server drew it: Preact's hydrate leaves an element's HTML alone
 * when it is set this way, and so does every later render with the same value. The text (marks,
 * links, hashtags) then needs no renderer in the island's script.
 */
const SERVER_TEXT = { __html: '' };

/** A spoiler brought to life on a page of islands (decision 053) over the server's HTML. */
export function SpoilerIsland({ label }: SpoilerIslandProps) {
  return <Spoiler label={label} isServerText />;
}

/** Covered text with a button role that reveals (and covers again) its children. */
export function Spoiler({
  label,
  children,
  isServerText = false,
}: {
  label: string;
  children?: ReactNode;
  /** An island's: the text is already in the page (see SERVER_TEXT). */
  isServerText?: boolean;
}) {
  const [isRevealed, setRevealed] = useState(false);
  const [isLive, setLive] = useState(false);
  useEffect(() => setLive(true), []);

  function handleClick(event: MouseEvent<HTMLSpanElement>) {
    // The first click only reveals: a link inside a covered spoiler does not navigate. Once
    // revealed, links inside work and do not cover it again.
    if (!isRevealed) event.preventDefault();
    else if ((event.target as Element).closest('a')) return;
    setRevealed((was) => !was);
  }

  function handleKeyDown(event: KeyboardEvent<HTMLSpanElement>) {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      setRevealed((was) => !was);
    }
  }

  return (
    // A <button> cannot wrap across lines like running text, and spoilers sit inside sentences.
    // biome-ignore lint/a11y/useSemanticElements: an inline span with the button role, on purpose.
    <span
      className="rc-spoiler"
      role="button"
      tabIndex={0}
      aria-expanded={isRevealed}
      data-live={isLive ? '' : undefined}
      onClick={handleClick}
      onKeyDown={handleKeyDown}
    >
      <span className="rc-visually-hidden">{label}</span>
      {isServerText ? (
        <span
          className="rc-spoiler__text"
          aria-hidden={isRevealed ? undefined : true}
          // biome-ignore lint/security/noDangerouslySetInnerHtml: an empty value, it keeps the server's text
          dangerouslySetInnerHTML={SERVER_TEXT}
        />
      ) : (
        <span className="rc-spoiler__text" aria-hidden={isRevealed ? undefined : true}>
          {children}
        </span>
      )}
    </span>
  );
}
