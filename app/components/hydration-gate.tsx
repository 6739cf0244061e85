/**
 * When the page's scripts may start loading (docs/decisions/0017-scripts-after-the-largest-paint.md):
 * once the high-priority images (the page's largest paint: the listing's first photo, the first
 * cards, the banner on wide screens) are decoded and a frame has painted them, or after 3 s
 * whatever happens. Every public page works without JavaScript, so until then nothing is missing;
 * meanwhile the scripts (~100 KB) no longer compete with those images for a slow connection.
 * The route modules of <Scripts> wait on window.__scriptsGate (app/scripts-gate.server.ts rewrites
 * the rendered page for it).
 */
const GATE = `window.__scriptsGate=Promise.race([Promise.all(Array.from(document.querySelectorAll("img[fetchpriority=high]"),(i)=>i.decode().catch(()=>{}))),new Promise((r)=>setTimeout(r,3000))]).then(()=>new Promise((r)=>requestAnimationFrame(()=>setTimeout(r))));`;

/** Rendered just before <Scripts />, after every image of the page's markup. */
export function HydrationGate({ nonce }: { nonce?: string }) {
  return <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: GATE }} />;
}
