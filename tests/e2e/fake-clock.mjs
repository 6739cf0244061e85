// Preloaded (node --import) into a server.mjs that server-clock.spec starts: the process's clock
// reads FAKE_NOW (an ISO date) when it starts and runs on from there. Date.now(), new Date() and
// everything built on them (Intl's formatting of "now", the log lines' time) see the faked time.
const start = Date.parse(process.env.FAKE_NOW ?? "");
if (Number.isNaN(start)) throw new Error(`fake-clock: FAKE_NOW is not a date (${process.env.FAKE_NOW})`);
const RealDate = Date;
const realStart = RealDate.now();
const now = () => start + (RealDate.now() - realStart);

function FakeDate(...args) {
  if (!new.target) return new RealDate(now()).toString();
  return args.length === 0 ? new RealDate(now()) : new RealDate(...args);
}
FakeDate.prototype = RealDate.prototype;
FakeDate.now = now;
FakeDate.parse = RealDate.parse;
FakeDate.UTC = RealDate.UTC;
globalThis.Date = FakeDate;
