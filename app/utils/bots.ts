// Which User-Agents are not people: crawlers, link previews, monitors, scripts and headless
// browsers. Views per listing (issue 24) leave them out. A request without a User-Agent is a
// script too: every browser sends one.
const BOT =
  /bot|crawl|spider|slurp|scrap|fetch|preview|facebookexternalhit|whatsapp|telegram|embedly|headless|phantom|lighthouse|pagespeed|monitor|uptime|pingdom|curl|wget|python|java\/|go-http|okhttp|axios|node|undici|autocannon|http-?client|libwww|postman|insomnia/i;

/** True for a User-Agent that is not a person's browser (or none at all). */
export function isBot(userAgent: string | undefined): boolean {
  return !userAgent || BOT.test(userAgent);
}
