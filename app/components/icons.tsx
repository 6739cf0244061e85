// Small inline icons (no icon font, no extra request).
type P = { size?: number };
const base = (size: number) => ({
  width: size,
  height: size,
  viewBox: "0 0 24 24",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.8,
  strokeLinecap: "round" as const,
  strokeLinejoin: "round" as const,
  "aria-hidden": true,
});

export const BedIcon = ({ size = 18 }: P) => (
  <svg {...base(size)}><path d="M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5" /><circle cx="7" cy="11" r="1.6" /></svg>
);
export const BathIcon = ({ size = 18 }: P) => (
  <svg {...base(size)}><path d="M4 12h16v2a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5v-2ZM6 12V5a2 2 0 0 1 3.5-1.3M7 19l-1 2M17 19l1 2" /></svg>
);
export const CarIcon = ({ size = 18 }: P) => (
  <svg {...base(size)}><path d="M5 16h14M6 16l1.5-5h9L18 16M5 16v3M19 16v3" /><circle cx="8" cy="16" r="0.8" /><circle cx="16" cy="16" r="0.8" /></svg>
);
export const SearchIcon = ({ size = 18 }: P) => (
  <svg {...base(size)}><circle cx="11" cy="11" r="7" /><path d="m20 20-3.5-3.5" /></svg>
);
