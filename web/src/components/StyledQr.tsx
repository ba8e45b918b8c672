import { useId } from 'react';

/**
 * Draws a QR module matrix (computed at build time by node-qrcode) as a styled symbol: round dots,
 * rounded finder rings with dot centres, a gradient, and the standard 4-module quiet zone.
 */
export default function StyledQr({
  size,
  modules,
  title,
  pixels = 240,
}: {
  size: number;
  modules: number[];
  title: string;
  pixels?: number;
}) {
  const gradientId = useId();
  const margin = 4;
  const total = size + margin * 2;
  const isFinder = (row: number, col: number) =>
    (row < 7 && col < 7) || (row < 7 && col >= size - 7) || (row >= size - 7 && col < 7);

  const dots: string[] = [];
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (modules[row * size + col] && !isFinder(row, col)) {
        const cx = col + margin + 0.5;
        const cy = row + margin + 0.5;
        dots.push(`M${cx - 0.46} ${cy}a0.46 0.46 0 1 0 0.92 0a0.46 0.46 0 1 0 -0.92 0`);
      }
    }
  }
  const finders = [
    [0, 0],
    [0, size - 7],
    [size - 7, 0],
  ] as const;

  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox={`0 0 ${total} ${total}`}
      width={pixels}
      height={pixels}
      role="img"
      aria-label={title}
      shapeRendering="geometricPrecision"
    >
      <title>{title}</title>
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3730a3" />
          <stop offset="1" stopColor="#6d28d9" />
        </linearGradient>
      </defs>
      <rect width={total} height={total} rx={2} fill="#ffffff" />
      <path d={dots.join('')} fill={`url(#${gradientId})`} />
      {finders.map(([row, col]) => {
        const x = col + margin;
        const y = row + margin;
        return (
          <g key={`${row}-${col}`} fill="#312e81">
            <path
              fillRule="evenodd"
              d={`M${x + 2} ${y}h3a2 2 0 0 1 2 2v3a2 2 0 0 1 -2 2h-3a2 2 0 0 1 -2 -2v-3a2 2 0 0 1 2 -2z
                 M${x + 2} ${y + 1}a1 1 0 0 0 -1 1v3a1 1 0 0 0 1 1h3a1 1 0 0 0 1 -1v-3a1 1 0 0 0 -1 -1z`}
            />
            <circle cx={x + 3.5} cy={y + 3.5} r={1.5} />
          </g>
        );
      })}
    </svg>
  );
}
