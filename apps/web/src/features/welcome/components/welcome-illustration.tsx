import { useSvgId, WreathShapes } from '@/ui/laurel-wreath';

const C = { x: 400, y: 400 };
const polar = (radius: number, degrees: number) => ({
  x: Math.round((C.x + radius * Math.cos((degrees * Math.PI) / 180)) * 10) / 10,
  y: Math.round((C.y + radius * Math.sin((degrees * Math.PI) / 180)) * 10) / 10,
});

const arc = (radius: number, from: number, to: number) => {
  const start = polar(radius, from);
  const end = polar(radius, to);
  const large = to - from > 180 ? 1 : 0;
  return `M${start.x},${start.y} A${radius},${radius} 0 ${large} 1 ${end.x},${end.y}`;
};

const sparkle = (size: number) =>
  `M0,${-size} C${size * 0.15},${-size * 0.15} ${size * 0.15},${-size * 0.15} ${size},0 C${size * 0.15},${size * 0.15} ${size * 0.15},${size * 0.15} 0,${size} C${-size * 0.15},${size * 0.15} ${-size * 0.15},${size * 0.15} ${-size},0 C${-size * 0.15},${-size * 0.15} ${-size * 0.15},${-size * 0.15} 0,${-size} Z`;

const hexagon = (radius: number) =>
  Array.from({ length: 6 }, (_, index) => {
    const angle = ((60 * index - 90) * Math.PI) / 180;
    return `${Math.round(radius * Math.cos(angle) * 10) / 10},${Math.round(radius * Math.sin(angle) * 10) / 10}`;
  }).join(' ');

const sparkles = [
  { r: 300, a: 172, s: 9, o: 0.9 },
  { r: 380, a: 300, s: 6, o: 0.6 },
  { r: 230, a: 110, s: 5, o: 0.7 },
  { r: 360, a: 40, s: 7, o: 0.55 },
  { r: 420, a: 170, s: 5, o: 0.4 },
  { r: 170, a: 250, s: 4, o: 0.6 },
];

/** The default side image of the welcome area: the wreath as an award medallion, orbited by badges. Decorative. */
export const WelcomeIllustration = () => {
  const id = useSvgId('welcome');
  const gold = `url(#${id}-gold)`;
  const hexAt = polar(300, -38);
  const coinAt = polar(230, 148);
  const medalAt = polar(370, 212);
  const progressEnd = polar(230, 28);

  return (
    <svg
      viewBox="0 0 800 1000"
      preserveAspectRatio="xMidYMid slice"
      width="100%"
      height="100%"
      aria-hidden="true"
      focusable="false"
      style={{ display: 'block' }}
    >
      <defs>
        <linearGradient id={`${id}-bg`} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#2b2210" />
          <stop offset="0.55" stopColor="#17120a" />
          <stop offset="1" stopColor="#0c0a06" />
        </linearGradient>
        <radialGradient id={`${id}-glow`} cx="0.5" cy="0.4" r="0.55">
          <stop offset="0" stopColor="#d2a023" stopOpacity="0.42" />
          <stop offset="0.45" stopColor="#d2a023" stopOpacity="0.12" />
          <stop offset="1" stopColor="#d2a023" stopOpacity="0" />
        </radialGradient>
        <linearGradient id={`${id}-gold`} x1="0" y1="0" x2="0.4" y2="1">
          <stop offset="0" stopColor="#f6e3a6" />
          <stop offset="0.45" stopColor="#e0b53a" />
          <stop offset="1" stopColor="#a47b12" />
        </linearGradient>
        <radialGradient id={`${id}-medal`} cx="0.38" cy="0.32" r="0.75">
          <stop offset="0" stopColor="#fbefc6" />
          <stop offset="0.5" stopColor="#e3b838" />
          <stop offset="1" stopColor="#9a720f" />
        </radialGradient>
        <linearGradient id={`${id}-fade`} x1="0" y1="0" x2="0" y2="1">
          <stop offset="0.55" stopColor="#0c0a06" stopOpacity="0" />
          <stop offset="1" stopColor="#0c0a06" stopOpacity="0.85" />
        </linearGradient>
        <filter id={`${id}-soft`} x="-50%" y="-50%" width="200%" height="200%">
          <feGaussianBlur stdDeviation="14" />
        </filter>
      </defs>

      <rect width="800" height="1000" fill={`url(#${id}-bg)`} />
      <rect width="800" height="1000" fill={`url(#${id}-glow)`} />

      {[150, 230, 300, 380, 460].map((radius, index) => (
        <circle
          key={radius}
          cx={C.x}
          cy={C.y}
          r={radius}
          fill="none"
          stroke="#d2a023"
          strokeOpacity={0.16 - index * 0.022}
          strokeWidth={1.2}
          strokeDasharray={index % 2 === 1 ? '2 10' : undefined}
        />
      ))}

      <path d={arc(230, -90, 28)} fill="none" stroke={gold} strokeWidth={5} strokeLinecap="round" />
      <circle cx={progressEnd.x} cy={progressEnd.y} r={9} fill="#f6e3a6" />
      <circle cx={progressEnd.x} cy={progressEnd.y} r={18} fill="#f6e3a6" opacity={0.18} />

      <circle cx={C.x} cy={C.y + 8} r={84} fill="#d2a023" opacity={0.35} filter={`url(#${id}-soft)`} />
      <circle cx={C.x} cy={C.y} r={78} fill={`url(#${id}-medal)`} />
      <circle cx={C.x} cy={C.y} r={66} fill="none" stroke="#7d5c0c" strokeOpacity={0.55} strokeWidth={2} />
      <g transform={`translate(${C.x - 50 * 1.05} ${C.y - 52 * 1.05}) scale(1.05)`}>
        <path
          d="M50,33 L54.7,45.5 L68,46 L57.6,54.2 L61.2,67 L50,59.6 L38.8,67 L42.4,54.2 L32,46 L45.3,45.5 Z"
          fill="#3a2c0c"
          opacity={0.9}
        />
      </g>
      <g transform={`translate(${C.x - 50 * 4} ${C.y - 52 * 4}) scale(4)`}>
        <WreathShapes fill={gold} withStar={false} />
      </g>

      <g transform={`translate(${hexAt.x} ${hexAt.y})`}>
        <polygon points={hexagon(40)} fill="#221a0b" stroke={gold} strokeWidth={3} />
        <polygon points={hexagon(28)} fill="none" stroke="#d2a023" strokeOpacity={0.45} strokeWidth={1.5} />
        <path d="M4,-18 L-10,3 L0,3 L-4,18 L10,-3 L0,-3 Z" fill="#f0da99" />
      </g>

      <g transform={`translate(${coinAt.x} ${coinAt.y})`}>
        <circle r={30} fill={`url(#${id}-medal)`} />
        <circle r={22} fill="none" stroke="#7d5c0c" strokeOpacity={0.6} strokeWidth={2} />
        <path
          d="M-9,1 L-3,8 L10,-7"
          fill="none"
          stroke="#3a2c0c"
          strokeWidth={4}
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>

      <g transform={`translate(${medalAt.x} ${medalAt.y})`}>
        <path d="M-16,-44 L-6,-10 L6,-10 L16,-44 Z" fill="#8a6610" />
        <path d="M-16,-44 L-4,-44 L2,-10 L-6,-10 Z" fill="#b08418" />
        <circle r={24} fill="#221a0b" stroke={gold} strokeWidth={3} />
        <circle r={14} fill={gold} />
      </g>

      {sparkles.map((item) => {
        const at = polar(item.r, item.a);
        return (
          <path
            key={`${item.r}-${item.a}`}
            d={sparkle(item.s)}
            transform={`translate(${at.x} ${at.y})`}
            fill="#f6e3a6"
            opacity={item.o}
          />
        );
      })}

      <rect width="800" height="1000" fill={`url(#${id}-fade)`} />
    </svg>
  );
};
