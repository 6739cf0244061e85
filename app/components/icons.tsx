// Small icons drawn once per page: <IconSprite /> (in the site layout) holds each shape as a <symbol>,
// and every icon is a two-element <use> of it. A listing card shows three icons; inlined in full they
// made up a third of the home page's HTML (issue 11: the home page ≤ 25 KB).
type P = { size?: number };

const SHAPES = {
  bed: (
    <>
      <path d="M3 18V7M3 14h18v4M21 14v-2a3 3 0 0 0-3-3h-7v5" />
      <circle cx="7" cy="11" r="1.6" />
    </>
  ),
  bath: <path d="M4 12h16v2a5 5 0 0 1-5 5H9a5 5 0 0 1-5-5v-2ZM6 12V5a2 2 0 0 1 3.5-1.3M7 19l-1 2M17 19l1 2" />,
  car: (
    <>
      <path d="M5 16h14M6 16l1.5-5h9L18 16M5 16v3M19 16v3" />
      <circle cx="8" cy="16" r="0.8" />
      <circle cx="16" cy="16" r="0.8" />
    </>
  ),
  search: (
    <>
      <circle cx="11" cy="11" r="7" />
      <path d="m20 20-3.5-3.5" />
    </>
  ),
};
type Shape = keyof typeof SHAPES;

/** The shapes, once per page; rendered by the layouts that use icons. */
export function IconSprite() {
  return (
    <svg className="icon-sprite" aria-hidden="true">
      {(Object.keys(SHAPES) as Shape[]).map((k) => (
        <symbol key={k} id={`i-${k}`} viewBox="0 0 24 24">
          <g fill="none" stroke="currentColor" strokeWidth={1.8} strokeLinecap="round" strokeLinejoin="round">
            {SHAPES[k]}
          </g>
        </symbol>
      ))}
    </svg>
  );
}

const icon = (shape: Shape) =>
  function Icon({ size = 18 }: P) {
    return (
      <svg width={size} height={size} aria-hidden="true">
        <use href={`#i-${shape}`} />
      </svg>
    );
  };

export const BedIcon = icon("bed");
export const BathIcon = icon("bath");
export const CarIcon = icon("car");
export const SearchIcon = icon("search");
