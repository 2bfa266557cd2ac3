import { useSyncExternalStore } from 'react';

/*
 * Whether the realtime connection is down and retrying (set by lib/socket), read by the shell's
 * notice. Apart from lib/socket so the first page does not carry the socket.io client.
 */
let sinConexion = false;
const oyentes = new Set<() => void>();

export function marcarSinConexion(valor: boolean): void {
  if (valor === sinConexion) return;
  sinConexion = valor;
  for (const oyente of oyentes) oyente();
}

/** True while the connection has been down long enough to say so (lib/socket decides). */
export function useSinConexion(): boolean {
  return useSyncExternalStore(
    (oyente) => {
      oyentes.add(oyente);
      return () => oyentes.delete(oyente);
    },
    () => sinConexion,
    () => false,
  );
}
