import { useEffect } from 'react';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useTiendaDelVendedor } from '@/entities/tienda/api/get-tienda-del-vendedor';
import { endedTheSession } from '@/lib/api-client';
import { EditarTiendaForm } from './editar-tienda-form';

export const TIENDA_NO_CARGADA = 'No se pudo cargar la información de la tienda';

function EditarTiendaSkeleton() {
  return (
    <div
      role="status"
      className="grid gap-5 rounded-2xl border border-border/70 bg-card p-4 sm:p-6"
    >
      <span className="sr-only">Cargando tu tienda…</span>
      {[0, 1, 2, 3].map((fila) => (
        <div key={fila} aria-hidden className="grid gap-2">
          <Skeleton className="h-4 w-32" />
          <Skeleton className={fila === 1 ? 'h-24 w-full' : 'h-10 w-full'} />
        </div>
      ))}
      <div aria-hidden className="flex items-center gap-4">
        <Skeleton className="size-20 rounded-2xl" />
        <Skeleton className="h-10 w-40" />
      </div>
    </div>
  );
}

/**
 * 'Editar Tienda' with the seller's store loaded first. If it cannot be loaded: 'No se pudo
 * cargar la información de la tienda' and the edit closes (spec part 2, section 8).
 */
export function EditarTienda({ usuarioId, onCerrar }: { usuarioId: string; onCerrar: () => void }) {
  const { data: tienda, isError, error } = useTiendaDelVendedor(usuarioId);

  useEffect(() => {
    // A store already on screen stays: only a store that never arrived closes the edit.
    if (!isError || tienda) return;
    if (!endedTheSession(error)) {
      toast({ title: 'Error', description: TIENDA_NO_CARGADA, variant: 'destructive' });
    }
    onCerrar();
  }, [isError, error, tienda, onCerrar]);

  if (!tienda) return <EditarTiendaSkeleton />;
  return <EditarTiendaForm usuarioId={usuarioId} tienda={tienda} onCerrar={onCerrar} />;
}
