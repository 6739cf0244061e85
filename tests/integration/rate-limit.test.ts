import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { closeDb } from "~/db/client.server";
import { hit } from "~/services/rate-limit.server";
import { resetDb } from "./db";

// hit() takes "now" from the JavaScript clock and stores reset_at (a TIMESTAMP: whole seconds).
// Only Date is faked, starting on a whole second, so the window's edges are exact and the test
// never sleeps; the database calls and their timers stay real.
const T0 = new Date("2031-03-04T05:06:07.000Z").getTime();
const WINDOW_MS = 2_000;
const LIMIT = 2;
const at = (ms: number) => vi.setSystemTime(T0 + ms);

describe("rate limit window", () => {
  beforeEach(async () => {
    await resetDb();
    vi.useFakeTimers({ toFake: ["Date"] });
    at(0);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(closeDb);

  it("refuses past the limit until the window ends, then allows again with a fresh count", async () => {
    const key = "janela:10.0.0.1";
    expect(await hit(key, LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, count: 1 });
    expect(await hit(key, LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, count: 2 });
    const over = await hit(key, LIMIT, WINDOW_MS);
    expect(over).toMatchObject({ allowed: false, count: 3 });
    expect(over.retryAt.getTime()).toBe(T0 + WINDOW_MS);

    // Still inside the window: refused, and the window does not move.
    at(WINDOW_MS - 1_000);
    const still = await hit(key, LIMIT, WINDOW_MS);
    expect(still).toMatchObject({ allowed: false, count: 4 });
    expect(still.retryAt.getTime()).toBe(T0 + WINDOW_MS);

    // The window is over: the throttle lifts and a new window starts from this hit.
    at(WINDOW_MS);
    const after = await hit(key, LIMIT, WINDOW_MS);
    expect(after).toMatchObject({ allowed: true, count: 1 });
    expect(after.retryAt.getTime()).toBe(T0 + 2 * WINDOW_MS);
    expect(await hit(key, LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, count: 2 });
    expect(await hit(key, LIMIT, WINDOW_MS)).toMatchObject({ allowed: false, count: 3 });
  });

  it("keeps separate keys apart", async () => {
    for (let i = 0; i < 3; i++) await hit("janela:a", LIMIT, WINDOW_MS);
    expect((await hit("janela:a", LIMIT, WINDOW_MS)).allowed).toBe(false);
    expect(await hit("janela:b", LIMIT, WINDOW_MS)).toMatchObject({ allowed: true, count: 1 });
  });
});
