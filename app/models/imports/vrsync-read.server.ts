// Reads a VRSync feed as a stream (issue 32): never the whole file in memory, never an entity
// expanded. saxes is a SAX-style parser: it knows only XML's five predefined entities and fails on
// any other, and a DTD (<!DOCTYPE …>, where entities are declared) is refused here before anything
// is read from it. Each <Listing> becomes a small element tree handed to the caller, one at a time.
import type { Readable } from "node:stream";
import { SaxesParser, type SaxesTagNS } from "saxes";
import { VRSYNC_NS } from "../listings/portal-xml.server";
import { DomainError } from "../errors";

/** An element of a listing: its local name, attributes (local names), text and children. */
export type El = { name: string; attrs: Record<string, string>; text: string; children: El[] };

/** A feed that cannot be read at all: the import stops before writing anything. */
export const feedError = (message: string) => new DomainError("invalid", message);

const encodingOf = (head: string) => /^\uFEFF?<\?xml[^>]*encoding\s*=\s*["']([^"']+)["']/i.exec(head)?.[1]?.toLowerCase();

/**
 * Text chunks of the bytes, decoded as the XML declaration says (VRSync allows UTF-8 and
 * ISO-8859-1; encoding.html).
 */
async function* decoded(bytes: AsyncIterable<Buffer | string>) {
  let decoder: TextDecoder | undefined;
  for await (const chunk of bytes) {
    const buf = typeof chunk === "string" ? Buffer.from(chunk) : chunk;
    if (!decoder) {
      const enc = encodingOf(buf.subarray(0, 200).toString("latin1"));
      const label = enc && /^(iso-?8859-?1|latin-?1|windows-1252)$/.test(enc) ? "latin1" : "utf-8";
      decoder = new TextDecoder(label, { fatal: label === "utf-8" });
    }
    try {
      yield decoder.decode(buf, { stream: true });
    } catch {
      throw feedError("o arquivo não é texto UTF-8 válido (e não declara ISO-8859-1)");
    }
  }
}

/**
 * Parses the feed, calling `onListing` for each <Listing> in order, awaited before the next chunk
 * is parsed (the stream waits meanwhile). Returns the number of listings. Throws feedError for
 * anything that is not a VRSync feed.
 */
export async function readVrsync(source: Readable | AsyncIterable<Buffer | string>, onListing?: (l: El) => Promise<void> | void) {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const queue: El[] = [];
  const stack: El[] = [];
  let rootSeen = false;
  let depth = 0;
  let count = 0;
  let sawText = false;

  parser.on("doctype", () => {
    throw feedError("o arquivo declara um DTD (<!DOCTYPE …>): recusado, pois entidades nunca são expandidas");
  });
  parser.on("opentag", (tag: SaxesTagNS) => {
    depth++;
    if (!rootSeen) {
      rootSeen = true;
      if (tag.local !== "ListingDataFeed" || tag.uri !== VRSYNC_NS) {
        throw feedError(`não é um feed VRSync: a raiz é <${tag.name}>${tag.uri ? ` em ${tag.uri}` : ""}, e não <ListingDataFeed> em ${VRSYNC_NS}`);
      }
      return;
    }
    // A <Listing> of the feed (ListingDataFeed > Listings > Listing), or an element inside one.
    if (!stack.length && !(tag.local === "Listing" && depth === 3)) return;
    const el: El = { name: tag.local, attrs: {}, text: "", children: [] };
    for (const a of Object.values(tag.attributes)) if (!a.prefix || a.prefix !== "xmlns") el.attrs[a.local] = a.value;
    stack.at(-1)?.children.push(el);
    stack.push(el);
  });
  const onText = (t: string) => {
    if (stack.length) stack[stack.length - 1].text += t;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    depth--;
    const el = stack.pop();
    if (el && !stack.length) {
      count++;
      queue.push(el);
    }
  });
  parser.on("error", (e) => {
    throw feedError(`o arquivo não é XML válido (${e.message.replace(/^undefined:/, "linha ")})`);
  });

  // (not `onListing?.(queue.shift())`: an optional call skips its arguments, and the queue never empties)
  const drain = async () => {
    for (let el = queue.shift(); el; el = queue.shift()) await onListing?.(el);
  };
  for await (const text of decoded(source as AsyncIterable<Buffer | string>)) {
    if (!sawText && text.trim()) {
      sawText = true;
      if (!text.trimStart().replace(/^\uFEFF/, "").startsWith("<")) throw feedError("o arquivo não é XML (não começa com <)");
    }
    parser.write(text);
    await drain();
  }
  if (!sawText) throw feedError("o arquivo está vazio");
  parser.close();
  await drain();
  if (!count) throw feedError("o feed não tem nenhum imóvel (nenhum <Listing>)");
  return count;
}

/** The first child named `name` (a path: "Location/City"). */
export function child(el: El | undefined, path: string): El | undefined {
  let cur = el;
  for (const part of path.split("/")) cur = cur?.children.find((c) => c.name === part);
  return cur;
}

/** The trimmed text at `path`, "" when absent. */
export const textAt = (el: El, path: string) => child(el, path)?.text.trim() ?? "";
