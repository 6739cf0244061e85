import { useNavigation } from "react-router";
import { useEffect, useState } from "react";

/** Full-screen loading overlay (produto §1), shown only when a navigation or submission lasts. */
export function Preloader({ delay = 300 }: { delay?: number }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const [visible, setVisible] = useState(false);
  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const t = setTimeout(() => setVisible(true), delay);
    return () => clearTimeout(t);
  }, [busy, delay]);
  if (!visible) return null;
  return (
    <div className="preloader" role="progressbar" aria-label="Carregando">
      <img src="/preloader.svg" alt="" width="64" height="64" />
    </div>
  );
}
