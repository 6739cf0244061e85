import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BODY_MAX, TITLE_MAX, Toaster, type ToastData } from "~/components/toaster";

/** The server HTML of one toast: its title and body texts. */
function render(toast: ToastData) {
  const html = renderToStaticMarkup(createElement(Toaster, { toast }));
  const text = (cls: string) => html.match(new RegExp(`class="${cls}">([^<]*)<`))?.[1];
  return { title: text("toast-title"), body: text("toast-body"), html };
}

describe("toasts (produto §9: title up to 16 characters, body up to 150)", () => {
  it("titles the kind in a few letters and shows the message whole as the body", () => {
    expect(render({ type: "success", message: "Imovel gravado com sucesso!" })).toMatchObject({ title: "Sucesso", body: "Imovel gravado com sucesso!" });
    expect(render({ type: "error", message: "Falhou" }).title).toBe("Erro");
    expect(render({ type: "warning", message: "1 foto adicionada." }).title).toBe("Atenção");
    expect(render({ type: "info", message: "Olá" }).title).toBe("Aviso");
  });

  it("cuts a long body at 150 characters and keeps every title within 16", () => {
    const long = render({ type: "success", message: "x".repeat(400), description: "y".repeat(400) });
    expect(long.body).toHaveLength(BODY_MAX);
    expect(long.body!.endsWith("…")).toBe(true);
    expect(long.html).toContain(`${"y".repeat(BODY_MAX - 1)}…</p>`);
    for (const type of ["success", "error", "warning", "info"] as const) {
      expect(render({ type, message: "m" }).title!.length).toBeLessThanOrEqual(TITLE_MAX);
    }
  });
});
