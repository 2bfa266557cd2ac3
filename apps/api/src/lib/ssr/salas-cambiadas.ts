/** The rooms whose events change a public page (contracts' `rooms`); the others are private. */
const SALA_PUBLICA = /^(producto|tienda|grupo):/;

/**
 * Tells the other nodes which public rooms had events, in one message per turn of the event
 * loop however many events the outbox published in it (docs/decisions/044).
 */
export function crearAvisoDeSalasCambiadas(
  avisar: (salas: string[]) => void,
): (sala: string) => void {
  const pendientes = new Set<string>();
  return (sala) => {
    if (!SALA_PUBLICA.test(sala)) return;
    if (pendientes.size === 0) {
      setImmediate(() => {
        const salas = [...pendientes];
        pendientes.clear();
        avisar(salas);
      });
    }
    pendientes.add(sala);
  };
}
