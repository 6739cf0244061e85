import { useEffect, useRef } from "react";

/**
 * The description editor: a plain textarea in the server HTML (works without JavaScript); once
 * hydrated, Quill (loaded only here, on admin pages) edits it with the toolbar of produto §9 and keeps
 * the textarea's value in sync so the form posts it as usual.
 */
export function RichText({ id, name, defaultValue, label, errors }: { id: string; name: string; defaultValue: string; label: string; errors?: React.ReactNode }) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  const holder = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const ta = textarea.current;
    const host = holder.current;
    if (!ta || !host) return;
    let cancelled = false;
    Promise.all([import("quill"), import("quill/dist/quill.snow.css")]).then(([{ default: Quill }]) => {
      if (cancelled) return;
      const editorEl = document.createElement("div");
      host.replaceChildren(editorEl);
      const quill = new Quill(editorEl, {
        theme: "snow",
        modules: {
          toolbar: [["bold", "italic", "underline"], [{ list: "ordered" }, { list: "bullet" }], ["link"]],
        },
      });
      quill.clipboard.dangerouslyPasteHTML(ta.value);
      quill.root.setAttribute("aria-label", label);
      quill.on("text-change", () => {
        ta.value = quill.getText().trim() ? quill.root.innerHTML : "";
        ta.dispatchEvent(new Event("input", { bubbles: true }));
      });
      ta.hidden = true;
      host.dataset.ready = "true";
    });
    return () => {
      cancelled = true;
    };
  }, [label]);
  return (
    <div className="field rich-text-field">
      <label htmlFor={id}>{label}</label>
      <div ref={holder} className="rich-text-editor" />
      <textarea ref={textarea} id={id} name={name} defaultValue={defaultValue} rows={8} />
      {errors}
    </div>
  );
}
