/**
 * Holes rendered once per set of equal reads (decision 054): through `renderHoles` itself, a like
 * button whose reads are equal for two members renders once, a header that names its member never
 * shows another's, a hole that reads the whole view is never kept, and the memo's bounds hold.
 */
import { describe, expect, it } from 'vitest';
import type { ReaderView } from './domain/reader-state';
import { renderHoles } from './entry.server';
import {
  HOLE_MEMO_BUDGET_CHARS,
  HOLE_MEMO_HTML_MAX,
  HOLE_MEMO_VARIANTS_MAX,
  memoisedHole,
} from './hole-memo.server';
import type { CapturedHole } from './load-context';
import {
  ReaderViewScript,
  readerViewScriptHtml,
  useReader,
  useReaderState,
  VISITOR_VIEW,
} from './widget/reader/reader';

const POST = '11111111-1111-4111-8111-111111111111';
let renders = 0;

function LikeButton() {
  renders++;
  const state = useReaderState(`post:${POST}`);
  const { gates } = useReader();
  return (
    <button type="button" aria-pressed={state?.isLiked === true} data-gate={gates['post:like']}>
      {state?.likeCount ?? 0}
    </button>
  );
}

function Greeting() {
  renders++;
  const { member } = useReader();
  return <span>{member ? `Hello ${member.name}` : 'Log in'}</span>;
}

/** A hole that must never be rendered by React. */
function NeverRendered(): never {
  throw new Error('rendered by React');
}

/** A hole of `size` characters and its member's name. */
function Big({ size }: { size: number }) {
  return (
    <p>
      {'x'.repeat(size)}
      {useReader().member?.name}
    </p>
  );
}

const hole = (element: React.ReactNode): CapturedHole => ({ element, contexts: [] });

function memberView(name: string, isLiked: boolean, likeCount: number): ReaderView {
  return {
    ...VISITOR_VIEW,
    member: { id: name, name, slug: name, imageUrl: null } as unknown as ReaderView['member'],
    gates: { ...VISITOR_VIEW.gates, 'post:like': null } as ReaderView['gates'],
    posts: {
      [POST]: { isLiked, likeCount, averageRating: 0, totalRatings: 0, myRating: null },
    },
  };
}

describe('renderHoles with the hole memo', () => {
  it('renders a hole once for readers whose reads are equal, again when they differ', async () => {
    const like = hole(<LikeButton />);
    renders = 0;
    const ann = await renderHoles([like], memberView('Ann', false, 3));
    const bob = await renderHoles([like], memberView('Bob', false, 3));
    expect(bob).toEqual(ann);
    expect(renders).toBe(1);
    const liked = await renderHoles([like], memberView('Cy', true, 4));
    expect(renders).toBe(2);
    expect(liked[0]).toContain('aria-pressed="true"');
    expect(liked[0]).toContain('>4<');
    // A visitor's gates differ: their own render.
    const visitor = await renderHoles([like], VISITOR_VIEW);
    expect(renders).toBe(3);
    expect(visitor[0]).toContain('data-gate="login-required"');
  });

  it('never gives one member the HTML that names another', async () => {
    const greeting = hole(<Greeting />);
    const [ann] = await renderHoles([greeting], memberView('Ann', false, 0));
    const [bob] = await renderHoles([greeting], memberView('Bob', false, 0));
    expect(ann).toBe('<span>Hello Ann</span>');
    expect(bob).toBe('<span>Hello Bob</span>');
    const [annAgain] = await renderHoles([greeting], memberView('Ann', true, 9));
    expect(annAgain).toBe('<span>Hello Ann</span>');
  });

  it('never keeps a hole that reads the whole view (the page’s JSON copy)', async () => {
    const script = hole(<ReaderViewScript />);
    const view = memberView('Ann', false, 0);
    const [json] = await renderHoles([script], view);
    expect(json).toContain('"name":"Ann"');
    expect(memoisedHole(script, view)).toBeUndefined();
    const [other] = await renderHoles([script], memberView('Bob', false, 0));
    expect(other).toContain('"name":"Bob"');
  });

  it('draws the page’s JSON copy of the view without React, as React renders it', async () => {
    const view = memberView('Ann </script><b>&"\u2028 Ünï', true, 7);
    // The element as React renders it (a hole recorded without its `html`)…
    const [viaReact] = await renderHoles([hole(<ReaderViewScript />)], view);
    expect(viaReact).toContain('\\u003c/script>');
    expect(readerViewScriptHtml(view)).toBe(viaReact);
    // …and a hole recorded with it is drawn by it alone: its element is never rendered.
    const drawn: CapturedHole = {
      element: <NeverRendered />,
      contexts: [],
      html: readerViewScriptHtml,
    };
    const like = hole(<LikeButton />);
    const parts = await renderHoles([drawn, like, drawn], view);
    expect(parts[0]).toBe(viaReact);
    expect(parts[2]).toBe(viaReact);
    expect(parts[1]).toContain('aria-pressed="true"');
    expect(readerViewScriptHtml(VISITOR_VIEW)).toBe(
      (await renderHoles([hole(<ReaderViewScript />)], VISITOR_VIEW))[0],
    );
  });

  it('keeps at most a few variants per hole, the oldest dropped first', async () => {
    const greeting = hole(<Greeting />);
    const names = Array.from({ length: HOLE_MEMO_VARIANTS_MAX + 1 }, (_, i) => `M${i}`);
    for (const name of names) await renderHoles([greeting], memberView(name, false, 0));
    expect(memoisedHole(greeting, memberView('M0', false, 0))).toBeUndefined();
    expect(memoisedHole(greeting, memberView(names.at(-1)!, false, 0))).toBe(
      `<span>Hello ${names.at(-1)}</span>`,
    );
  });

  it('renders kept and new holes of one page together in their order', async () => {
    const like = hole(<LikeButton />);
    const greeting = hole(<Greeting />);
    await renderHoles([like], memberView('Ann', false, 1));
    const parts = await renderHoles([greeting, like, greeting], memberView('Dee', false, 1));
    expect(parts).toHaveLength(3);
    expect(parts[0]).toBe('<span>Hello Dee</span>');
    expect(parts[1]).toContain('aria-pressed="false"');
    expect(parts[2]).toBe(parts[0]);
  });

  it('starts every memo again once all of them pass their budget, and skips big HTML', async () => {
    const view = memberView('Ann', false, 0);
    const tooBig = hole(<Big size={HOLE_MEMO_HTML_MAX} />);
    await renderHoles([tooBig], view);
    expect(memoisedHole(tooBig, view)).toBeUndefined();
    const first = hole(<Big size={HOLE_MEMO_HTML_MAX - 100} />);
    await renderHoles([first], view);
    expect(memoisedHole(first, view)).toBeDefined();
    const count = Math.ceil(HOLE_MEMO_BUDGET_CHARS / (HOLE_MEMO_HTML_MAX - 100));
    const others = Array.from({ length: count }, () =>
      hole(<Big size={HOLE_MEMO_HTML_MAX - 100} />),
    );
    await renderHoles(others, view);
    expect(memoisedHole(first, view)).toBeUndefined();
    expect(memoisedHole(others.at(-1)!, view)).toBeDefined();
  });
});
