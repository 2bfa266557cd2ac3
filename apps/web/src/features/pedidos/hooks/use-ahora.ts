import { useEffect, useState } from 'react';

/** The current time, renewed every `cadaMs` while `activo` (a countdown on screen). */
export function useAhora(activo: boolean, cadaMs = 30_000): number {
  const [ahora, setAhora] = useState(() => Date.now());
  useEffect(() => {
    if (!activo) return;
    setAhora(Date.now());
    const id = setInterval(() => setAhora(Date.now()), cadaMs);
    return () => clearInterval(id);
  }, [activo, cadaMs]);
  return ahora;
}
