import type { Aviso } from '@compra-grupal/contracts';
import { BellOffIcon, CheckCheckIcon, RotateCwIcon, SettingsIcon } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { formatHaceCuanto } from '@/lib/format-fecha';
import { cn } from '@/lib/utils';
import { noLeidosDe, useAvisos } from '../api/get-avisos';
import { useLeerTodosLosAvisos, useMarcarAvisoLeido } from '../api/marcar-leidos';

function errorAlMarcar() {
  toast({
    title: 'No se pudo marcar como leída',
    description: 'Revisá tu conexión e intentá de nuevo.',
    variant: 'destructive',
  });
}

function AvisoItem({ aviso, onAbrir }: { aviso: Aviso; onAbrir: (aviso: Aviso) => void }) {
  return (
    <li>
      <button
        type="button"
        onClick={() => onAbrir(aviso)}
        data-leido={aviso.leido}
        className={cn(
          'flex w-full gap-3 rounded-xl px-3 py-2.5 text-left transition-colors hover:bg-accent',
          'outline-none focus-visible:ring-[3px] focus-visible:ring-ring/45',
          !aviso.leido && 'bg-primary/5',
        )}
      >
        <span
          aria-hidden
          className={cn(
            'mt-1.5 size-2 shrink-0 rounded-full',
            aviso.leido ? 'bg-transparent' : 'bg-primary',
          )}
        />
        <span className="grid min-w-0 flex-1 gap-0.5">
          <span className={cn('text-sm', aviso.leido ? 'font-medium' : 'font-semibold')}>
            {!aviso.leido && <span className="sr-only">Sin leer: </span>}
            {aviso.titulo}
          </span>
          <span className="text-muted-foreground text-sm">{aviso.cuerpo}</span>
          <time dateTime={aviso.creadoEn} className="text-muted-foreground text-xs">
            {formatHaceCuanto(aviso.creadoEn)}
          </time>
        </span>
      </button>
    </li>
  );
}

/**
 * The bell's list (docs/decisions/041): newest first, a page at a time; opening one marks it
 * read and goes to the screen that shows it.
 */
export function AvisosLista({
  usuarioId,
  onNavegar,
  onPreferencias,
}: {
  usuarioId: string;
  /** Called before going to a notification's screen (the panel closes). */
  onNavegar: () => void;
  onPreferencias: () => void;
}) {
  const navigate = useNavigate();
  const avisos = useAvisos(usuarioId);
  const marcar = useMarcarAvisoLeido(usuarioId);
  const leerTodos = useLeerTodosLosAvisos(usuarioId);
  const noLeidos = noLeidosDe(avisos.data);
  const lista = avisos.data?.pages.flatMap((p) => p.avisos) ?? [];

  const abrir = (aviso: Aviso) => {
    if (!aviso.leido) marcar.mutate(aviso._id, { onError: errorAlMarcar });
    if (aviso.enlace) {
      onNavegar();
      navigate(aviso.enlace);
    }
  };

  return (
    <div className="flex min-h-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Button
          variant="ghost"
          size="sm"
          disabled={noLeidos === 0 || leerTodos.isPending}
          onClick={() => leerTodos.mutate(undefined, { onError: errorAlMarcar })}
        >
          <CheckCheckIcon aria-hidden />
          Marcar todas como leídas
        </Button>
        <Button variant="ghost" size="sm" onClick={onPreferencias}>
          <SettingsIcon aria-hidden />
          Preferencias
        </Button>
      </div>

      {avisos.isPending ? (
        <div className="grid gap-3 px-3 py-2" role="status">
          <span className="sr-only">Cargando notificaciones…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} className="grid gap-1.5">
              <Skeleton className="h-4 w-2/3" />
              <Skeleton className="h-3 w-full" />
            </div>
          ))}
        </div>
      ) : avisos.isError && lista.length === 0 ? (
        <div className="grid justify-items-center gap-3 px-3 py-6 text-center" role="alert">
          <p className="text-sm">No pudimos cargar tus notificaciones.</p>
          <Button variant="outline" size="sm" onClick={() => avisos.refetch()}>
            <RotateCwIcon aria-hidden />
            Reintentar
          </Button>
        </div>
      ) : lista.length === 0 ? (
        <div className="grid justify-items-center gap-2 px-3 py-8 text-center text-muted-foreground">
          <BellOffIcon className="size-8" aria-hidden />
          <p className="text-sm">No tenés notificaciones</p>
        </div>
      ) : (
        <>
          <ul className="grid min-h-0 gap-1 overflow-y-auto" aria-label="Lista de notificaciones">
            {lista.map((aviso) => (
              <AvisoItem key={aviso._id} aviso={aviso} onAbrir={abrir} />
            ))}
          </ul>
          {avisos.isFetchNextPageError && (
            <p className="px-3 text-destructive text-sm" role="alert">
              No se pudieron cargar más notificaciones.
            </p>
          )}
          {avisos.hasNextPage && (
            <Button
              variant="outline"
              size="sm"
              className="self-center"
              disabled={avisos.isFetchingNextPage}
              onClick={() => avisos.fetchNextPage()}
            >
              {avisos.isFetchingNextPage ? 'Cargando…' : 'Cargar más'}
            </Button>
          )}
        </>
      )}
    </div>
  );
}
