import { useState } from 'react';
import { useCerrarGrupo } from '../api/cerrar-grupo';

/**
 * 'Cerrar Grupo' with its confirmation: which group is being confirmed, and the close itself.
 * The dialog closes once the server has answered, whichever way.
 */
export function useCerrarConConfirmacion<G extends { _id: string }>() {
  const [pendiente, setPendiente] = useState<G | null>(null);
  const cerrar = useCerrarGrupo();
  return {
    pendiente,
    pedir: (grupo: G) => setPendiente(grupo),
    cancelar: () => setPendiente(null),
    cerrando: cerrar.isPending,
    confirmar: () => {
      if (!pendiente) return;
      cerrar.mutate(pendiente._id, { onSettled: () => setPendiente(null) });
    },
  };
}
