import { useFetcher } from "react-router";

/**
 * An on/off switch of an admin list row ('Anuncio ativar desativar', 'Publicar nos portais'): a plain
 * form post of `name` = the new value to `action` (back to `back` with a toast) without JavaScript;
 * with it, a fetcher, shown switched at once. A toggle button (aria-pressed) rather than role="switch":
 * it must be a submit button to work without JavaScript, and HTML allows the switch role only on a
 * type="button" one (the W3C checker refuses it on a submit).
 */
export function RowSwitch({ action, name, on: stored, label, back }: { action: string; name: string; on: boolean; label: string; back: string }) {
  const fetcher = useFetcher();
  const pending = fetcher.formData?.get(name);
  const on = pending ? pending === "sim" : stored;
  return (
    <fetcher.Form method="post" action={action} className="switch-form">
      <input type="hidden" name="back" value={back} />
      <input type="hidden" name={name} value={on ? "nao" : "sim"} />
      <button type="submit" aria-pressed={on} className="switch" title={label}>
        <span className="switch-track" aria-hidden="true">
          <span className="switch-thumb" />
        </span>
        <span className="switch-label">{label}</span>
      </button>
    </fetcher.Form>
  );
}
