/**
 * A small drawing of each feed layout for the layout picker (issue 7): grey blocks for images and
 * lines for text, in the arrangement the layout gives its cards.
 */

const IMAGE = '#c9cdd6';
const TEXT = '#e3e5ea';

function Card({
  x,
  y,
  w,
  h,
  image = 0.6,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  image?: number;
}) {
  const imageHeight = h * image;
  return (
    <g>
      <rect x={x} y={y} width={w} height={imageHeight} rx={1.5} fill={IMAGE} />
      <rect x={x} y={y + imageHeight + 2} width={w * 0.8} height={2.5} rx={1} fill={TEXT} />
      <rect x={x} y={y + imageHeight + 6} width={w * 0.55} height={2.5} rx={1} fill={TEXT} />
    </g>
  );
}

function Beside({
  x,
  y,
  w,
  h,
  imageFirst = false,
}: {
  x: number;
  y: number;
  w: number;
  h: number;
  imageFirst?: boolean;
}) {
  const imageWidth = w * 0.38;
  const textX = imageFirst ? x + imageWidth + 3 : x;
  return (
    <g>
      <rect
        x={imageFirst ? x : x + w - imageWidth}
        y={y}
        width={imageWidth}
        height={h}
        rx={1.5}
        fill={IMAGE}
      />
      <rect
        x={textX}
        y={y + 2}
        width={(w - imageWidth - 3) * 0.9}
        height={2.5}
        rx={1}
        fill={TEXT}
      />
      <rect
        x={textX}
        y={y + 6}
        width={(w - imageWidth - 3) * 0.6}
        height={2.5}
        rx={1}
        fill={TEXT}
      />
    </g>
  );
}

function Over({ x, y, w, h }: { x: number; y: number; w: number; h: number }) {
  return (
    <g>
      <rect x={x} y={y} width={w} height={h} rx={1.5} fill={IMAGE} />
      <rect x={x + 3} y={y + h - 8} width={w * 0.6} height={2.5} rx={1} fill="#ffffff" />
    </g>
  );
}

function drawing(layout: string) {
  switch (layout) {
    case 'grid':
      return [4, 23, 42].map((x) => <Card key={x} x={x} y={6} w={16} h={26} />);
    case 'medium':
      return [4, 33].map((x) => <Card key={x} x={x} y={6} w={25} h={26} />);
    case 'masonry':
      return (
        <>
          <Card x={4} y={4} w={16} h={20} />
          <Card x={23} y={4} w={16} h={30} />
          <Card x={42} y={4} w={16} h={16} />
        </>
      );
    case 'pro-gallery':
      return [4, 23, 42].flatMap((x) => [
        <rect key={`${x}a`} x={x} y={5} width={16} height={14} rx={1.5} fill={IMAGE} />,
        <rect key={`${x}b`} x={x} y={22} width={16} height={14} rx={1.5} fill={IMAGE} />,
      ]);
    case 'magazine':
      return [4, 33].map((x) => <Over key={x} x={x} y={6} w={25} h={28} />);
    case 'mobile-magazine':
      return <Over x={14} y={5} w={34} h={30} />;
    case 'one-column':
      return <Card x={14} y={4} w={34} h={32} image={0.62} />;
    case 'list':
      return [6, 17, 28].map((y) => (
        <g key={y}>
          <rect x={6} y={y} width={44} height={2.5} rx={1} fill={IMAGE} />
          <rect x={6} y={y + 4} width={30} height={2.5} rx={1} fill={TEXT} />
        </g>
      ));
    case 'side-by-side':
    case 'mobile-side-by-side':
      return [5, 22].map((y) => <Beside key={y} x={6} y={y} w={50} h={13} />);
    case 'mobile-list':
      return [5, 17, 29].map((y) => <Beside key={y} x={10} y={y} w={42} h={8} imageFirst />);
    default:
      return null;
  }
}

/** The drawing of `layout` (decorative: the option's name is beside it). */
export function LayoutIcon({ layout }: { layout: string }) {
  return (
    <svg className="bx-layout-icon" viewBox="0 0 62 40" aria-hidden="true" focusable="false">
      {drawing(layout)}
    </svg>
  );
}
