import type { ProductoDeVitrina, TiendaPublica } from '@compra-grupal/contracts';
import { ArrowLeftIcon, PackageOpenIcon } from 'lucide-react';
import { type ReactNode, useId, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';
import { TODAS_LAS_CATEGORIAS } from '../../lib/filtros';
import { CategoriaFiltro } from '../categoria-filtro';
import { agruparPorCategoria, type FilaDeCategoria } from './agrupar-productos';
import { TiendaHeader } from './tienda-header';

export interface TiendaPageProps {
  tienda: TiendaPublica;
  /**
   * Draws one product of a carousel (the product card). `primero` marks the first products of
   * the first row, on screen at once: their pictures load first.
   */
  renderProducto: (producto: ProductoDeVitrina, primero: boolean) => ReactNode;
}

/** Products of the first row whose pictures load first: what a phone shows without scrolling. */
const PRIMEROS_EN_PANTALLA = 2;

/**
 * Store page (spec part 2, section 2): header, a category filter and one carousel per local
 * category with at most 6 available products; empty categories are hidden.
 */
export function TiendaPage({ tienda, renderProducto }: TiendaPageProps) {
  const filas = useMemo(
    () => agruparPorCategoria(tienda.productos, tienda.categoriasLocales),
    [tienda.productos, tienda.categoriasLocales],
  );
  const cantidad = tienda.productos.filter((producto) => producto.disponible).length;
  const [categoria, setCategoria] = useState(TODAS_LAS_CATEGORIAS);
  const filtroId = useId();

  // A category that is no longer there (after a refresh) falls back to all of them.
  const elegida = filas.some((fila) => fila.id === categoria) ? categoria : TODAS_LAS_CATEGORIAS;
  const visibles =
    elegida === TODAS_LAS_CATEGORIAS ? filas : filas.filter((fila) => fila.id === elegida);

  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-8 px-4 py-5 sm:px-6 sm:py-8 lg:gap-6">
      <Button asChild variant="ghost" size="sm" className="-ml-2 -mb-4 w-fit text-muted-foreground">
        <Link to="/">
          <ArrowLeftIcon aria-hidden />
          Volver a las tiendas
        </Link>
      </Button>
      <TiendaHeader tienda={tienda} cantidadProductos={cantidad} />

      {filas.length === 0 ? (
        <div className="flex flex-col items-center rounded-2xl border border-border border-dashed bg-card/60 px-6 py-14 text-center">
          <span className="grid size-12 place-items-center rounded-xl bg-secondary text-secondary-foreground">
            <PackageOpenIcon className="size-6" aria-hidden />
          </span>
          <p className="mt-4 font-semibold">Esta tienda aún no tiene productos</p>
          <p className="mt-1 text-muted-foreground text-sm">
            Vuelve pronto: la tienda está preparando su catálogo.
          </p>
        </div>
      ) : (
        <>
          <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
            <div>
              <h2 className="font-bold text-xl tracking-tight">Productos</h2>
              <p className="text-muted-foreground text-sm">
                Súmate a un grupo y paga menos por cada producto.
              </p>
            </div>
            <div className="flex flex-col gap-1.5 sm:w-60">
              <label htmlFor={filtroId} className="font-medium text-muted-foreground text-xs">
                Filtrar por categoría
              </label>
              <CategoriaFiltro
                id={filtroId}
                label="Filtrar por categoría"
                className="sm:w-full"
                value={elegida}
                onValueChange={setCategoria}
                categorias={filas.map((fila) => ({ _id: fila.id, nombre: fila.nombre }))}
              />
            </div>
          </div>

          {visibles.map((fila, indiceFila) => (
            <FilaCategoria
              key={fila.id}
              primera={indiceFila === 0}
              fila={fila}
              tiendaNombre={tienda.nombre}
              renderProducto={renderProducto}
            />
          ))}
        </>
      )}
    </div>
  );
}

function FilaCategoria({
  primera,
  fila,
  tiendaNombre,
  renderProducto,
}: {
  primera: boolean;
  fila: FilaDeCategoria;
  tiendaNombre: string;
  renderProducto: TiendaPageProps['renderProducto'];
}) {
  const tituloId = useId();
  return (
    <section aria-labelledby={tituloId} data-slot="fila-categoria" className="animate-rise-in">
      <div className="mb-3 flex items-center gap-2 lg:mb-2">
        <h3 id={tituloId} className="font-semibold text-lg tracking-tight">
          {fila.nombre}
        </h3>
        <span className="rounded-full bg-muted px-2 py-0.5 font-medium text-muted-foreground text-xs tabular-nums">
          {textoCantidadProductos(fila.productos.length)}
        </span>
      </div>
      <Carousel
        label={`${fila.nombre} de ${tiendaNombre}`}
        slideClassName="basis-[46%] sm:basis-1/3 lg:basis-1/5 xl:basis-1/6"
        className="-mx-1 px-1"
      >
        {fila.productos.map((producto, indice) => (
          <div key={producto._id} className="h-full py-1">
            {renderProducto(producto, primera && indice < PRIMEROS_EN_PANTALLA)}
          </div>
        ))}
      </Carousel>
    </section>
  );
}
