// Small icons drawn once per page: <IconSprite /> (in the site layout) holds each shape as a <symbol>,
// and every icon is a two-element <use> of it (issue 11: the home page ≤ 25 KB). The listing
// cards' bed/bath/car icons, repeated 45 times on the home page, are CSS masks (pages.css).
type P = { size?: number };

const SHAPES = {
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

export const SearchIcon = icon("search");
