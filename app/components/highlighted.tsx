import { highlight } from "~/utils/highlight";

/** `text` with the searched words marked (`<mark>`). */
export function Highlighted({ text, words }: { text: string; words: readonly string[] }) {
  if (!words.length) return <>{text}</>;
  return <>{highlight(text, words).map((p, i) => (p.mark ? <mark key={i}>{p.text}</mark> : p.text))}</>;
}
