import { useEffect, useState } from 'react';
import { useInstanteInicial } from '@/lib/ssr/instante-del-render';

/**
 * The current time, renewed every `cadaMs` (a minute by default) while `activo`: enough for a
 * countdown in days, hours and minutes.
 */
export function useAhora(activo: boolean, cadaMs = 60_000): Date {
  const [ahora, setAhora] = useState(useInstanteInicial());
  useEffect(() => {
    if (!activo) return;
    setAhora(new Date());
    const id = setInterval(() => setAhora(new Date()), cadaMs);
    return () => clearInterval(id);
  }, [activo, cadaMs]);
  return ahora;
}
