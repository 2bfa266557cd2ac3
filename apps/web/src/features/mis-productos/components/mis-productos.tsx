import type { Producto } from '@compra-grupal/contracts';
import {
  ArrowLeftIcon,
  PackageOpenIcon,
  PackagePlusIcon,
  RotateCwIcon,
  SearchIcon,
  SearchXIcon,
  TriangleAlertIcon,
  XIcon,
} from 'lucide-react';
import { type ReactNode, useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/toast';
import { useErrorToast } from '@/hooks/use-error-toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { useProductosDelVendedor } from '../api/get-productos-del-vendedor';
import { useRetirarProducto } from '../api/retirar-producto';
import { filtrarPorNombre } from '../lib/buscar';
import { TEXTOS } from '../lib/textos';
import { EditarProductoDialog } from './editar-producto-dialog';
import { ProductoVendedorCard } from './producto-vendedor-card';
import { RetirarProductoDialog } from './retirar-producto-dialog';

const GRILLA = 'grid gap-4 sm:grid-cols-2 lg:grid-cols-3';

function ProductosCargando() {
  return (
    <div role="status" className={GRILLA}>
      <span className="sr-only">Cargando tus productos…</span>
      {[0, 1, 2].map((fila) => (
        <div
          key={fila}
          aria-hidden
          className="overflow-hidden rounded-2xl border border-border/70 bg-card"
        >
          <Skeleton className="aspect-[4/3] rounded-none" />
          <div className="grid gap-3 p-4">
            <Skeleton className="h-5 w-3/4" />
            <Skeleton className="h-4 w-full" />
            <Skeleton className="h-6 w-24" />
            <Skeleton className="h-10 w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

function EstadoVacio({
  icon,
  titulo,
  children,
  acciones,
}: {
  icon: ReactNode;
  titulo: string;
  children: ReactNode;
  acciones: ReactNode;
}) {
  return (
    <div className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-12 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        {icon}
      </span>
      <h3 className="mt-5 font-semibold text-xl tracking-tight">{titulo}</h3>
      <p className="mt-2 max-w-sm text-pretty text-muted-foreground">{children}</p>
      <div className="mt-6 flex flex-wrap justify-center gap-3">{acciones}</div>
    </div>
  );
}

/** A refusal of the server (the 409 of a product with paid places) says why in its words. */
function motivoDelRechazo(error: unknown): string | undefined {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) {
    return error.serverMessage;
  }
  return undefined;
}

/**
 * Mis Productos (spec part 2, sections 2 and 8), inside Mi Tienda's full-screen section: the
 * count, a name search when there are products, and a card per product with 'Editar' (the
 * edit dialog) and the trash button (withdraw after confirming). Empty states: 'No tienes
 * productos' (back to Mi Tienda, or 'Cargar Producto') and 'No se encontraron productos'
 * ('Limpiar búsqueda'). A failed load says 'No se pudieron cargar los productos'.
 */
export function MisProductos({ usuarioId, onVolver }: { usuarioId: string; onVolver: () => void }) {
  const {
    data: productos,
    isError,
    error,
    errorUpdatedAt,
    refetch,
    isFetching,
  } = useProductosDelVendedor(usuarioId);
  const retirar = useRetirarProducto(usuarioId);
  const [busqueda, setBusqueda] = useState('');
  const [editando, setEditando] = useState<Producto | null>(null);
  const [edicionAbierta, setEdicionAbierta] = useState(false);
  const [aRetirar, setARetirar] = useState<Producto | null>(null);
  const [retiroAbierto, setRetiroAbierto] = useState(false);
  const tituloId = useId();
  const busquedaId = useId();

  useErrorToast(
    isError && !endedTheSession(error) ? errorUpdatedAt : 0,
    'Error',
    TEXTOS.noCargados,
  );

  const confirmarRetiro = async (producto: Producto) => {
    let mensaje: string;
    try {
      ({ mensaje } = await retirar.mutateAsync(producto._id));
    } catch (falla) {
      setRetiroAbierto(false);
      if (endedTheSession(falla)) return;
      toast({
        title: TEXTOS.noRetirado,
        description: motivoDelRechazo(falla) ?? 'Inténtalo de nuevo en unos minutos.',
        variant: 'destructive',
      });
      return;
    }
    setRetiroAbierto(false);
    toast({ title: mensaje });
  };

  const cargarProducto = (
    <Button asChild>
      <Link to="/product-form">
        <PackagePlusIcon aria-hidden />
        {TEXTOS.cargarProducto}
      </Link>
    </Button>
  );

  let contenido: ReactNode;
  if (!productos) {
    contenido = isError ? (
      <EstadoVacio
        icon={<TriangleAlertIcon className="size-7" aria-hidden />}
        titulo={TEXTOS.noCargados}
        acciones={
          <>
            <Button type="button" onClick={() => refetch()} disabled={isFetching}>
              <RotateCwIcon aria-hidden className={isFetching ? 'animate-spin' : undefined} />
              Reintentar
            </Button>
            <Button type="button" variant="outline" onClick={onVolver}>
              {TEXTOS.volverAMiTienda}
            </Button>
          </>
        }
      >
        Revisa tu conexión e inténtalo de nuevo.
      </EstadoVacio>
    ) : (
      <ProductosCargando />
    );
  } else if (productos.length === 0) {
    contenido = (
      <EstadoVacio
        icon={<PackageOpenIcon className="size-7" aria-hidden />}
        titulo={TEXTOS.noTienesProductos}
        acciones={
          <>
            {cargarProducto}
            <Button type="button" variant="outline" onClick={onVolver}>
              <ArrowLeftIcon aria-hidden />
              {TEXTOS.volverAMiTienda}
            </Button>
          </>
        }
      >
        Carga tu primer producto para empezar a vender en grupo.
      </EstadoVacio>
    );
  } else {
    const encontrados = filtrarPorNombre(productos, busqueda);
    contenido = (
      <>
        {/* biome-ignore lint/a11y/useSemanticElements: <search> is unknown to Safari before 17 and to happy-dom */}
        <div role="search" className="relative">
          <label htmlFor={busquedaId} className="sr-only">
            Buscar por nombre
          </label>
          <SearchIcon
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden
          />
          <Input
            id={busquedaId}
            type="search"
            value={busqueda}
            onChange={(event) => setBusqueda(event.target.value)}
            placeholder="Buscar por nombre"
            autoComplete="off"
            className="h-11 pr-10 pl-9 [&::-webkit-search-cancel-button]:hidden"
          />
          {busqueda && (
            <Button
              type="button"
              variant="ghost"
              size="icon-sm"
              className="absolute top-1/2 right-1 size-9 -translate-y-1/2"
              aria-label={TEXTOS.limpiarBusqueda}
              onClick={() => setBusqueda('')}
            >
              <XIcon aria-hidden />
            </Button>
          )}
        </div>
        <p aria-live="polite" className="sr-only">
          {busqueda ? `${encontrados.length} de ${productos.length} productos` : ''}
        </p>
        {encontrados.length === 0 ? (
          <EstadoVacio
            icon={<SearchXIcon className="size-7" aria-hidden />}
            titulo={TEXTOS.noSeEncontraron}
            acciones={
              <Button type="button" variant="outline" onClick={() => setBusqueda('')}>
                {TEXTOS.limpiarBusqueda}
              </Button>
            }
          >
            Ningún producto se llama «{busqueda.trim()}».
          </EstadoVacio>
        ) : (
          <ul aria-labelledby={tituloId} className={GRILLA}>
            {encontrados.map((producto) => (
              <li key={producto._id} className="flex">
                <ProductoVendedorCard
                  producto={producto}
                  onEditar={(elegido) => {
                    setEditando(elegido);
                    setEdicionAbierta(true);
                  }}
                  onRetirar={(elegido) => {
                    setARetirar(elegido);
                    setRetiroAbierto(true);
                  }}
                />
              </li>
            ))}
          </ul>
        )}
      </>
    );
  }

  return (
    <section aria-labelledby={tituloId} className="grid gap-5">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={tituloId} className="flex items-center gap-2 font-semibold text-lg tracking-tight">
          Tus productos
          {productos && (
            <Badge variant="secondary" className="tabular-nums" data-slot="cantidad-productos">
              <span aria-hidden>{productos.length}</span>
              <span className="sr-only">
                {productos.length === 1 ? '1 producto' : `${productos.length} productos`}
              </span>
            </Badge>
          )}
        </h2>
        {productos && productos.length > 0 && (
          <Button asChild size="sm">
            <Link to="/product-form">
              <PackagePlusIcon aria-hidden />
              {TEXTOS.cargarProducto}
            </Link>
          </Button>
        )}
      </div>
      {contenido}

      <EditarProductoDialog
        usuarioId={usuarioId}
        open={edicionAbierta}
        producto={editando}
        onOpenChange={setEdicionAbierta}
      />
      <RetirarProductoDialog
        open={retiroAbierto}
        producto={aRetirar}
        retirando={retirar.isPending}
        onConfirmar={(producto) => void confirmarRetiro(producto)}
        onOpenChange={setRetiroAbierto}
      />
    </section>
  );
}
