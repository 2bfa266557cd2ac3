import { useEffect, useState } from 'react';
import { flushSync } from 'react-dom';

/**
 * Printing a sheet that is only in the page when it is needed: `imprimir` puts it in (at once,
 * so the browser's print sees it) and opens the print dialog; printing from the browser's menu
 * (Ctrl/Cmd+P) puts it in too. It stays once printed, hidden on screen (some mobile browsers
 * print after `print()` returns).
 */
export function useImpresion(activa: boolean) {
  const [lista, setLista] = useState(false);

  useEffect(() => {
    if (!activa) return;
    const antesDeImprimir = () => flushSync(() => setLista(true));
    window.addEventListener('beforeprint', antesDeImprimir);
    return () => window.removeEventListener('beforeprint', antesDeImprimir);
  }, [activa]);

  const imprimir = () => {
    flushSync(() => setLista(true));
    window.print();
  };

  return { lista, imprimir };
}
