import { useCallback, useEffect, useRef, useState } from "react";
import { REDUCE_ABOVE_BYTES, limitLabel } from "~/utils/upload";
import { reduceImage } from "./reduce-image";
import { sendFile } from "./send-file";

export type ItemState = "pronta" | "reduzindo" | "aguardando" | "enviando" | "enviada" | "erro" | "cancelada";

/** A chosen file as the list shows it. `size` is the original's; `sentSize` what travels. */
export type Item = {
  key: number;
  name: string;
  size: number;
  state: ItemState;
  sentSize?: number;
  loaded: number;
  total: number;
  token?: string;
  error?: string;
};

export const PENDING: ItemState[] = ["reduzindo", "aguardando", "enviando"];

let nextKey = 1;

/**
 * The chosen photos of an upload field, with JavaScript (issue 23). Photos over the description's
 * 1.3mb are reduced in the browser first. With `stageUrl`, each photo is then sent on its own
 * (progress, cancel) and the form carries its token; without it, the reduced files replace the
 * input's own, and the form sends them as usual.
 */
export function useUploadQueue({ maxBytes, stageUrl, maxFiles }: { maxBytes: number; stageUrl?: string; maxFiles?: number }) {
  const [items, setItems] = useState<Item[]>([]);
  /** how many chosen files were left out, past `maxFiles` (sent with the form only) */
  const [leftOut, setLeftOut] = useState(0);
  const queue = useRef<{ key: number; file: File }[]>([]);
  const running = useRef(false);
  const cancelled = useRef(new Set<number>());
  const aborts = useRef(new Map<number, () => void>());
  const generation = useRef(0);
  const disposed = useRef(false);
  // Leaving the page (or a new list after a save): nothing more is sent, what is on its way stops.
  useEffect(() => {
    const pending = aborts.current;
    disposed.current = false;
    return () => {
      disposed.current = true;
      queue.current = [];
      pending.forEach((abort) => abort());
    };
  }, []);

  const patch = useCallback((key: number, change: Partial<Item>) => {
    setItems((list) => list.map((it) => (it.key === key ? { ...it, ...change } : it)));
  }, []);

  /** The size a photo travels at: reduced when it is over 1.3mb and the browser can decode it. */
  const shrink = useCallback(
    async (key: number, file: File) => {
      if (file.size <= REDUCE_ABOVE_BYTES) return file;
      patch(key, { state: "reduzindo" });
      const reduced = await reduceImage(file);
      const out = reduced && reduced.size < file.size ? reduced : file;
      patch(key, { sentSize: out.size });
      return out;
    },
    [patch],
  );

  const pump = useCallback(async () => {
    if (running.current || !stageUrl) return;
    running.current = true;
    for (let next = queue.current.shift(); next; next = queue.current.shift()) {
      const { key } = next;
      if (cancelled.current.has(key)) continue;
      const file = await shrink(key, next.file);
      if (disposed.current) break;
      if (cancelled.current.has(key)) continue;
      if (file.size > maxBytes) {
        patch(key, { state: "erro", error: `maior que o limite de ${limitLabel(maxBytes)}` });
        continue;
      }
      patch(key, { state: "enviando", loaded: 0, total: file.size });
      const sending = sendFile(stageUrl, file, (loaded, total) => patch(key, { loaded, total }));
      aborts.current.set(key, sending.abort);
      try {
        const sent = await sending.promise;
        if (!disposed.current) patch(key, { state: "enviada", token: sent.token, loaded: file.size });
      } catch (e) {
        if (!cancelled.current.has(key)) patch(key, { state: "erro", error: e instanceof Error ? e.message : String(e) });
      } finally {
        aborts.current.delete(key);
      }
    }
    running.current = false;
  }, [maxBytes, patch, shrink, stageUrl]);

  /** Sent ahead: the new files join the list and the queue; the input is emptied. */
  const stage = useCallback(
    (files: File[], input: HTMLInputElement) => {
      const added = files.map((file) => ({ key: nextKey++, file }));
      setItems((list) => [...list, ...added.map(({ key, file }) => newItem(key, file, "aguardando"))]);
      queue.current.push(...added);
      input.value = "";
      void pump();
    },
    [pump],
  );

  /** Sent with the form: a new choice replaces the list; reduced files replace the input's. */
  const replace = useCallback(
    async (chosen: File[], input: HTMLInputElement) => {
      const gen = ++generation.current;
      // More than the form takes would refuse the whole post: only the first ones go.
      const files = maxFiles ? chosen.slice(0, maxFiles) : chosen;
      setLeftOut(chosen.length - files.length);
      const keyed = files.map((file) => ({ key: nextKey++, file }));
      setItems(keyed.map(({ key, file }) => newItem(key, file, "pronta")));
      if (files.length === chosen.length && !files.some((f) => f.size > REDUCE_ABOVE_BYTES)) return;
      const out: File[] = [];
      for (const { key, file } of keyed) {
        out.push(await shrink(key, file));
        if (gen !== generation.current) return;
        patch(key, { state: "pronta" });
      }
      const transfer = new DataTransfer();
      out.forEach((f) => transfer.items.add(f));
      input.files = transfer.files;
    },
    [maxFiles, patch, shrink],
  );

  const choose = useCallback(
    (input: HTMLInputElement) => {
      const files = Array.from(input.files ?? []);
      if (!files.length) return;
      if (stageUrl) stage(files, input);
      else void replace(files, input);
    },
    [replace, stage, stageUrl],
  );

  /** Cancels a photo on its way, or takes a sent one off the list (its token leaves the form). */
  const cancel = useCallback((key: number) => {
    cancelled.current.add(key);
    aborts.current.get(key)?.();
    setItems((list) =>
      list.flatMap((it) => (it.key !== key ? [it] : it.state === "enviada" || it.state === "erro" ? [] : [{ ...it, state: "cancelada" as const }])),
    );
  }, []);

  return { items, choose, cancel, leftOut, pending: items.filter((it) => PENDING.includes(it.state)).length };
}

function newItem(key: number, file: File, state: ItemState): Item {
  return { key, name: file.name, size: file.size, state, loaded: 0, total: file.size };
}
