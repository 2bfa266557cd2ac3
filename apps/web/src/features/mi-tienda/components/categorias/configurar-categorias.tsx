import { RotateCwIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect } from 'react';
import { Button } from '@/components/ui/button';
import { ResponsiveDialog } from '@/components/ui/responsive-dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { esTiendaNoEncontrada } from '@/entities/tienda/api/es-tienda-no-encontrada';
import { useCategoriasLocales } from '@/entities/tienda/api/get-categorias-locales';
import { useErrorToast } from '@/hooks/use-error-toast';
import { endedTheSession } from '@/lib/api-client';
import { useSession } from '@/lib/session/use-session';
import { EditorCategorias } from './editor-categorias';

/** The errors of 'Configurar Categorías' (spec part 2, section 8). */
export const CATEGORIAS_ERRORES = {
  sinToken: 'No se encontró el token de acceso',
  sinUsuario: 'No se encontró el ID del usuario',
  noCargadas: 'No se pudieron cargar las categorías',
  sinTienda: 'No se encontró la tienda asociada al usuario',
} as const;

function Problema({
  mensaje,
  onCerrar,
  onReintentar,
}: {
  mensaje: string;
  onCerrar: () => void;
  onReintentar?: () => void;
}) {
  return (
    <div className="flex flex-col items-center px-2 py-6 text-center">
      <span className="grid size-12 place-items-center rounded-2xl bg-destructive-soft text-destructive">
        <TriangleAlertIcon className="size-6" aria-hidden />
      </span>
      <p role="alert" className="mt-4 max-w-xs text-pretty font-medium">
        {mensaje}
      </p>
      <div className="mt-6 flex flex-wrap justify-center gap-2">
        {onReintentar && (
          <Button type="button" onClick={onReintentar}>
            <RotateCwIcon aria-hidden />
            Reintentar
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onCerrar}>
          Cerrar
        </Button>
      </div>
    </div>
  );
}

function CategoriasCargando() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Cargando categorías…</span>
      <Skeleton aria-hidden className="h-10 w-full" />
      {[0, 1, 2].map((fila) => (
        <Skeleton key={fila} aria-hidden className="h-12 w-full rounded-xl" />
      ))}
    </div>
  );
}

function CategoriasDeLaTienda({
  usuarioId,
  onCerrar,
}: {
  usuarioId: string;
  onCerrar: () => void;
}) {
  const { data, isError, error, errorUpdatedAt, refetch, isFetching } = useCategoriasLocales(
    usuarioId,
    { enabled: true },
  );
  const sinTienda = isError && esTiendaNoEncontrada(error);
  const mensaje = sinTienda ? CATEGORIAS_ERRORES.sinTienda : CATEGORIAS_ERRORES.noCargadas;
  useErrorToast(isError && !endedTheSession(error) ? errorUpdatedAt : 0, 'Error', mensaje);

  if (data) {
    return (
      <EditorCategorias
        usuarioId={usuarioId}
        tiendaId={data.tiendaId}
        inicial={data.categoriasLocales}
        onCerrar={onCerrar}
      />
    );
  }
  if (isError && !isFetching) {
    return (
      <Problema
        mensaje={mensaje}
        onCerrar={onCerrar}
        onReintentar={sinTienda ? undefined : () => void refetch()}
      />
    );
  }
  return <CategoriasCargando />;
}

/** 'Configurar Categorías' inside the dialog: the session first, then the store's categories. */
function ConfigurarCategorias({ onCerrar }: { onCerrar: () => void }) {
  const { token, usuarioId } = useSession();
  const problema = !token
    ? CATEGORIAS_ERRORES.sinToken
    : !usuarioId
      ? CATEGORIAS_ERRORES.sinUsuario
      : null;

  useEffect(() => {
    if (problema) toast({ title: 'Error', description: problema, variant: 'destructive' });
  }, [problema]);

  if (problema || !usuarioId) {
    return <Problema mensaje={problema ?? CATEGORIAS_ERRORES.sinUsuario} onCerrar={onCerrar} />;
  }
  return <CategoriasDeLaTienda usuarioId={usuarioId} onCerrar={onCerrar} />;
}

/**
 * 'Configurar Categorías' (spec part 2, sections 2, 5 and 8): a dialog on wide screens and a
 * bottom sheet below 768 px. Its content starts afresh on every opening.
 */
export function ConfigurarCategoriasDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <ResponsiveDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Configurar Categorías"
      description="Crea las categorías de tu tienda para ordenar tus productos."
      className="sm:max-w-lg"
    >
      <ConfigurarCategorias onCerrar={() => onOpenChange(false)} />
    </ResponsiveDialog>
  );
}
