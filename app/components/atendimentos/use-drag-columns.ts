import { useCallback, useState } from "react";
import { useNavigate, useSubmit } from "react-router";

/**
 * A nicety with JavaScript (issue 34): dragging a card to another column posts the same form its
 * 'Mover' button does. 'Perdido' needs a motive: dropping there opens the card's page instead.
 * Without JavaScript (or with a keyboard) the 'Mover' select does it all.
 */
export function useDragBetweenColumns(back: string) {
  const submit = useSubmit();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const ref = useCallback(
    (board: HTMLDivElement | null) => {
      if (!board) return;
      const onStart = (e: DragEvent) => {
        const card = (e.target as HTMLElement).closest<HTMLElement>(".atd-card");
        if (card?.dataset.id && e.dataTransfer) e.dataTransfer.setData("text/x-atendimento", card.dataset.id);
      };
      const onOver = (e: DragEvent) => {
        if ((e.target as HTMLElement).closest(".atd-col") && e.dataTransfer?.types.includes("text/x-atendimento")) e.preventDefault();
      };
      const onDrop = (e: DragEvent) => {
        const col = (e.target as HTMLElement).closest<HTMLElement>(".atd-col");
        const id = e.dataTransfer?.getData("text/x-atendimento");
        if (!col?.dataset.etapa || !id || !/^\d+$/.test(id)) return;
        e.preventDefault();
        setError(null);
        if (col.dataset.etapa === "Perdido") return void navigate(`/admin/atendimentos/${id}`);
        void submit({ intent: "etapa", etapa: col.dataset.etapa, back }, { method: "post", action: `/admin/atendimentos/${id}` });
      };
      board.addEventListener("dragstart", onStart);
      board.addEventListener("dragover", onOver);
      board.addEventListener("drop", onDrop);
      return () => {
        board.removeEventListener("dragstart", onStart);
        board.removeEventListener("dragover", onOver);
        board.removeEventListener("drop", onDrop);
      };
    },
    [back, navigate, submit],
  );
  return { ref, error };
}
