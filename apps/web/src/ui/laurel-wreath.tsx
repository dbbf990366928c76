import { useId } from 'react';

const CENTRE = { x: 50, y: 52 };
const RADIUS = 34;
const LEAF_COUNT = 7;
const FIRST_ANGLE = 102;
const LAST_ANGLE = 246;
const TILT = 34;
const LEAF = 'M0,0 Q6.5,-4.6 14,0 Q6.5,4.6 0,0 Z';
const STAR = 'M50,33 L54.7,45.5 L68,46 L57.6,54.2 L61.2,67 L50,59.6 L38.8,67 L42.4,54.2 L32,46 L45.3,45.5 Z';

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;
const round = (value: number) => Math.round(value * 100) / 100;

const pointAt = (degrees: number, radius = RADIUS) => ({
  x: round(CENTRE.x + radius * Math.cos(toRadians(degrees))),
  y: round(CENTRE.y + radius * Math.sin(toRadians(degrees))),
});

/** One branch, from the bottom up the left side; the right branch is its mirror image. */
const branchLeaves = Array.from({ length: LEAF_COUNT }, (_, index) => {
  const angle = FIRST_ANGLE + (index * (LAST_ANGLE - FIRST_ANGLE)) / (LEAF_COUNT - 1);
  const radians = toRadians(angle);
  const heading = (Math.atan2(Math.cos(radians), -Math.sin(radians)) * 180) / Math.PI;
  const at = pointAt(angle);
  const isTip = index === LEAF_COUNT - 1;
  return isTip
    ? [{ key: `${index}-tip`, ...at, rotate: round(heading) }]
    : [
        { key: `${index}-out`, ...at, rotate: round(heading - TILT) },
        { key: `${index}-in`, ...at, rotate: round(heading + TILT) },
      ];
}).flat();

const stemStart = pointAt(96);
const stemEnd = pointAt(LAST_ANGLE);
const stem = `M${stemStart.x},${stemStart.y} A${RADIUS},${RADIUS} 0 0 1 ${stemEnd.x},${stemEnd.y}`;

/** A unique id usable in `url(#…)`: useId() may contain characters such a reference does not accept. */
export const useSvgId = (prefix: string) => `${prefix}-${useId().replace(/[^A-Za-z0-9_-]/g, '')}`;

type TWreathShapesProps = {
  /** A paint: a colour or `url(#gradient)`. */
  fill: string;
  withStar?: boolean;
};

/** The wreath drawn in a 100 × 100 box, for use inside another SVG. */
export const WreathShapes = ({ fill, withStar = true }: TWreathShapesProps) => {
  const branch = (
    <g>
      <path d={stem} fill="none" stroke={fill} strokeWidth={2.4} strokeLinecap="round" />
      {branchLeaves.map((leaf) => (
        <path
          key={leaf.key}
          d={LEAF}
          fill={fill}
          transform={`translate(${leaf.x} ${leaf.y}) rotate(${leaf.rotate})`}
        />
      ))}
    </g>
  );
  return (
    <g>
      {branch}
      <g transform="translate(100 0) scale(-1 1)">{branch}</g>
      {withStar && <path d={STAR} fill={fill} />}
    </g>
  );
};

type TLaurelWreathProps = {
  size?: number | string;
  /** Gradient stops, light to dark. */
  colors?: [string, string];
  withStar?: boolean;
  className?: string;
};

/** The Laurel mark: a wreath around a star, in the badge gold. Decorative. */
export const LaurelWreath = ({
  size = 40,
  colors = ['#e8c662', '#b08418'],
  withStar = true,
  className,
}: TLaurelWreathProps) => {
  const gradientId = useSvgId('wreath');
  return (
    <svg
      viewBox="0 0 100 100"
      width={size}
      height={size}
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0" stopColor={colors[0]} />
          <stop offset="1" stopColor={colors[1]} />
        </linearGradient>
      </defs>
      <WreathShapes fill={`url(#${gradientId})`} withStar={withStar} />
    </svg>
  );
};
