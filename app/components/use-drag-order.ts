import { useRef, useState, type DragEvent } from "react";

/**
 * Drag and drop ordering of a list (issue 23, the photos of a listing). While a row is dragged the
 * list shows where it would land; dropping calls `onDrop` with the new order of ids. The list the
 * server sends back replaces the local one. Keyboard and no-JavaScript users have the
 * 'Mover para cima/baixo' buttons.
 */
export function useDragOrder<T extends { id: number }>(items: T[], onDrop: (ids: number[]) => void) {
  // The local order remembers the list it was made from: a new list from the server replaces it
  // in the same render (no effect resetting it a render late).
  const [local, setLocal] = useState<{ from: T[]; order: T[] } | null>(null);
  const dragged = useRef<number | null>(null);
  const dropped = useRef(false);
  const list = local?.from === items ? local.order : items;

  const rowProps = (item: T) => ({
    draggable: true,
    "data-dragging": dragged.current === item.id ? "" : undefined,
    onDragStart: (e: DragEvent) => {
      dragged.current = item.id;
      dropped.current = false;
      e.dataTransfer.effectAllowed = "move";
      e.dataTransfer.setData("text/plain", String(item.id));
    },
    onDragOver: (e: DragEvent) => {
      const from = dragged.current;
      if (from == null) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = "move";
      if (from === item.id) return;
      setLocal((cur) => {
        const now = [...(cur?.from === items ? cur.order : items)];
        const i = now.findIndex((x) => x.id === from);
        const j = now.findIndex((x) => x.id === item.id);
        if (i < 0 || j < 0) return cur;
        now.splice(j, 0, ...now.splice(i, 1));
        return { from: items, order: now };
      });
    },
    onDrop: (e: DragEvent) => {
      e.preventDefault();
      dropped.current = true;
      dragged.current = null;
      const ids = list.map((x) => x.id);
      if (ids.join() !== items.map((x) => x.id).join()) onDrop(ids);
    },
    onDragEnd: () => {
      dragged.current = null;
      // Let go outside the list: back to the saved order.
      if (!dropped.current) setLocal(null);
    },
  });

  /** Back to the order the server last sent (a refused drop). */
  const reset = () => setLocal(null);
  return { list, rowProps, reset };
}
