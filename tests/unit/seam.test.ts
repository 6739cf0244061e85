// The server takes the app from the build through one export, checked at boot (issue 20): a build
// without it, or with a member renamed, stops the start with a message naming what is missing.
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { seam } from "~/seam.server";
import { seamOf } from "../../server/seam.ts";

const buildWith = (module: Record<string, unknown>) => ({ entry: { module } }) as unknown as ServerBuild;

describe("the build's seam", () => {
  it("is the app's seam, every member there", () => {
    expect(seamOf(buildWith({ seam }))).toBe(seam);
  });

  it("stops the start when the build does not export it", () => {
    expect(() => seamOf(buildWith({ default: () => null }))).toThrow(/não exporta `seam`/);
  });

  it("names every member missing or of another kind", () => {
    const { currentContentVersion: _renamed, ...rest } = seam;
    expect(() => seamOf(buildWith({ seam: { ...rest, currentVersion: _renamed } }))).toThrow(/currentContentVersion \(function\)/);
    expect(() => seamOf(buildWith({ seam: { ...seam, personalCookie: "imob_sessao" } }))).toThrow(/personalCookie \(object\)/);
  });
});
