import { describe, expect, it } from "vitest";
import { descricaoText, sanitizeDescricao } from "~/services/sanitize.server";

describe("sanitizeDescricao", () => {
  it("keeps the toolbar's markup", () => {
    const html = "<p><strong>Casa</strong> <em>ampla</em> <u>nova</u><br></p><ol><li>um</li></ol><ul><li>dois</li></ul>";
    expect(sanitizeDescricao(html)).toBe(html.replace("<br>", "<br />"));
  });
  it("keeps http, https and mailto links, made safe to open", () => {
    expect(sanitizeDescricao('<a href="https://exemplo.com">site</a>')).toBe(
      '<a href="https://exemplo.com" target="_blank" rel="noopener noreferrer nofollow">site</a>',
    );
    expect(sanitizeDescricao('<a href="mailto:a@b.com">mail</a>')).toContain('href="mailto:a@b.com"');
  });
  it.each([
    ["<script>alert(1)</script><p>ok</p>", "<p>ok</p>"],
    ['<p onclick="alert(1)">x</p>', "<p>x</p>"],
    ['<img src=x onerror="alert(1)">', ""],
    ['<a href="javascript:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<a href="JaVaScRiPt:alert(1)">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
    ['<p style="background:url(javascript:alert(1))">x</p>', "<p>x</p>"],
    ["<iframe src=//evil></iframe>", ""],
    ['<svg><script>alert(1)</script></svg>', ""],
    ["<style>body{display:none}</style><p>x</p>", "<p>x</p>"],
    ['<a href="//evil.com">x</a>', '<a target="_blank" rel="noopener noreferrer nofollow">x</a>'],
  ])("removes the XSS in %s", (input, expected) => {
    expect(sanitizeDescricao(input)).toBe(expected);
  });
});

describe("descricaoText", () => {
  it("gives plain text, shortened", () => {
    expect(descricaoText("<p>Casa <b>boa</b></p><ul><li>perto</li></ul>")).toBe("Casa boa perto");
    expect(descricaoText(`<p>${"a".repeat(300)}</p>`, 20)).toHaveLength(20);
  });
});
