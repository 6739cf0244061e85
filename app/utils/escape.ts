/** Text made safe inside HTML or XML, in element content and in quoted attributes alike. */
export function escapeHtml(s: string) {
  return s.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&#39;", '"': "&quot;" })[c]!);
}
