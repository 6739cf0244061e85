import { BANNER_OUTPUT } from "~/utils/crop";
import { imgSrcSet, imgUrl } from "~/utils/img";

/** The home banner (1200×500) with its WebP variants. */
export function BannerImage({ banner, className, sizes, alt, priority }: { banner: string; className: string; sizes: string; alt: string; priority?: boolean }) {
  return (
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
}
