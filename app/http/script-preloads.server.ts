import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";

const PRELOAD = '<link rel="modulepreload"';
const LOW = '<link rel="modulepreload" fetchpriority="low"';

/**
 * Passes the HTML through, asking for the scripts Remix preloads at low priority (Remix's
 * <Scripts> takes no attributes for them). Every page works before (and without) its scripts;
 * on a slow connection the stylesheet and the photos now come first instead of sharing the
 * bandwidth with ~100 KB of JavaScript. A tag split between two chunks is still found.
 */
export function lowPriorityScriptPreloads() {
  const decoder = new StringDecoder("utf8");
  let carry = "";
  const rewrite = (text: string, final: boolean) => {
    const all = carry + text;
    // Keep back an end that could be the start of the next tag.
    let keep = 0;
    if (!final) for (let n = Math.min(PRELOAD.length - 1, all.length); n > 0; n--) if (PRELOAD.startsWith(all.slice(-n))) { keep = n; break; }
    carry = all.slice(all.length - keep);
    return all.slice(0, all.length - keep).replaceAll(PRELOAD, LOW);
  };
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      done(null, rewrite(decoder.write(chunk), false));
    },
    flush(done) {
      done(null, rewrite(decoder.end(), true));
    },
  });
}
