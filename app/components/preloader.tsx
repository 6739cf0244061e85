import { useNavigation } from "react-router";
import { useEffect, useState } from "react";

/** Full-screen loading overlay (produto §1), shown only when a navigation or submission lasts. */
export function Preloader({ delay = 300 }: { delay?: number }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const t = setTimeout(() => setVisible(true), delay);
    // The navigation ended (or the delay changed): hidden again, ready for the next one.
    return () => {
      clearTimeout(t);
      setVisible(false);
    };
  }, [busy, delay]);
  if (!visible || !busy) return null;
  return (
    <div className="preloader" role="progressbar" aria-label="Carregando">
      <img src="/preloader.svg" alt="" width="64" height="64" />
    </div>
  );
}
