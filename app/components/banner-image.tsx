import { BANNER_OUTPUT } from "~/utils/crop";
import { imgSrcSet, imgUrl } from "~/utils/img";

/** A transparent pixel, inline: what screens that hide the banner get instead (no request). */
const BLANK = "data:image/gif;base64,R0lGODlhAQABAAAAACH5BAEKAAEALAAAAAABAAEAAAICTAEAOw==";

type Props = { banner: string; className: string; sizes: string; alt: string; priority?: boolean; hiddenMedia?: string };

/**
 * The home banner (1200×500) with its WebP variants. `hiddenMedia`: the screens where the CSS
 * hides it (the home's phones), which then skip the download a hidden <img> still makes.
 */
export function BannerImage({ banner, className, sizes, alt, priority, hiddenMedia }: Props) {
  const img = (
    <img
      className={className}
      src={imgUrl(banner)}
      srcSet={imgSrcSet(banner)}
      sizes={sizes}
      alt={alt}
      width={BANNER_OUTPUT.width}
      height={BANNER_OUTPUT.height}
      fetchPriority={priority ? "high" : undefined}
    />
  );
  if (!hiddenMedia) return img;
  return (
    <picture>
      {/* Described in widths like the <img> it stands in for, as HTML asks of a <picture> whose
          image uses width descriptors (the W3C checker: no srcset without sizes). */}
      <source media={hiddenMedia} srcSet={`${BLANK} 1w`} sizes="1px" />
      {img}
    </picture>
  );
}
