import sanitizeHtml from "sanitize-html";

// The rich-text toolbar of produto §9 (bold, italic, underline, lists, link) and nothing more.
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: ["p", "br", "strong", "b", "em", "i", "u", "ol", "ul", "li", "a"],
  allowedAttributes: { a: ["href", "target", "rel"] },
  allowedSchemes: ["http", "https", "mailto"],
  allowedSchemesAppliedToAttributes: ["href"],
  allowProtocolRelative: false,
  disallowedTagsMode: "discard",
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, target: "_blank", rel: "noopener noreferrer nofollow" },
    }),
  },
};

/** Cleans the description HTML: what is stored and what is shown can never carry script. */
export function sanitizeDescricao(html: string) {
  return sanitizeHtml(html, OPTIONS).trim();
}

/**
 * The description as plain text: words of two blocks kept apart, entities decoded (sanitize-html
 * escapes & < > " in the text it returns; React escapes what it shows, so they are decoded once here,
 * or 'Casa &amp; quintal' would reach a visitor as such).
 */
export function descricaoPlain(html: string) {
  // Block ends become spaces, or "</li><li>" would glue two words together.
  const spaced = html.replace(/<\/(p|li|ul|ol|div|h\d)>|<br\s*\/?>/gi, " ");
  const text = sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} });
  return text
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
}

/** Plain text of the description, for meta descriptions and JSON-LD. */
export function descricaoText(html: string, max = 160) {
  const text = descricaoPlain(html);
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
