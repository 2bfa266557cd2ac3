import { CONSTANTES, type TiendaCercana } from '@compra-grupal/contracts';
import { ArrowRightIcon, ImageOffIcon, PackageOpenIcon, TagIcon } from 'lucide-react';
import { Link } from 'react-router';
import { FallbackImage } from '@/components/fallback-image';
import { TiendaLogo } from '@/components/tienda-logo';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Carousel } from '@/components/ui/carousel';
import { formatPrecio } from '@/lib/format-currency';
import { cn } from '@/lib/utils';

const distanciaFormatter = new Intl.NumberFormat('es-AR', { maximumFractionDigits: 1 });

/** "A 700 m" under one kilometre, "A 2,7 km" from there on. */
function formatDistancia(km: number): string {
  if (km < 1) return `A ${Math.max(100, Math.round((km * 1000) / 100) * 100)} m`;
  return `A ${distanciaFormatter.format(km)} km`;
}

function ProductSlide({ producto }: { producto: TiendaCercana['productos'][number] }) {
  return (
    <Link
      to={`/product/${producto._id}`}
      // An inset outline: the carousel clips anything drawn outside its slides.
      className="group/producto block rounded-lg outline-none focus-visible:outline-2 focus-visible:outline-ring focus-visible:outline-solid focus-visible:-outline-offset-2"
    >
      <div className="aspect-square overflow-hidden rounded-lg bg-muted">
        <FallbackImage
          src={producto.imagen}
          alt=""
          width={320}
          height={320}
          className="size-full transition-transform duration-300 group-hover/producto:scale-105 motion-reduce:transition-none"
          fallback={
            <span className="grid size-full place-items-center text-muted-foreground/70">
              <ImageOffIcon className="size-7" aria-hidden />
            </span>
          }
        />
      </div>
      <p
        title={producto.nombre}
        className="mt-2 line-clamp-1 font-medium text-sm wrap-anywhere group-hover/producto:text-primary-strong"
      >
        {producto.nombre}
      </p>
      <p className="font-semibold text-primary-strong text-sm tabular-nums">
        {formatPrecio(producto.precio)}
      </p>
    </Link>
  );
}

/**
 * A store of the listing (spec part 1, section 2): logo, name, category, description, a
 * carousel of up to 6 products that advances every 2.5 s, and up to 3 local categories. The
 * whole card leads to /store/{id}: its name is a link stretched over the card, so it works with
 * the keyboard and screen readers while the products inside keep their own links.
 */
export function TiendaCard({ tienda, className }: { tienda: TiendaCercana; className?: string }) {
  const productos = tienda.productos.slice(0, CONSTANTES.productosPorTarjetaTienda);
  const locales = tienda.categoriasLocales.slice(0, CONSTANTES.categoriasLocalesPorTarjeta);
  const ocultas = tienda.categoriasLocales.length - locales.length;
  const hayMas = tienda.totalProductos > CONSTANTES.productosPorTarjetaTienda;
  const href = `/store/${tienda._id}`;

  return (
    <article
      aria-labelledby={`tienda-${tienda._id}`}
      className={cn(
        'group relative flex flex-col rounded-xl border border-border/70 bg-card text-card-foreground shadow-sm',
        'transition-[box-shadow,border-color,transform] duration-200 motion-reduce:transition-none',
        'hover:-translate-y-0.5 hover:border-primary/30 hover:shadow-lg hover:shadow-primary/5',
        'has-[[data-tienda-link]:focus-visible]:ring-[3px] has-[[data-tienda-link]:focus-visible]:ring-ring/45',
        className,
      )}
    >
      <div className="flex items-start gap-3.5 p-4 pb-3">
        <TiendaLogo
          src={tienda.logo}
          nombre={tienda.nombre}
          className="size-14 rounded-xl text-xl shadow-sm ring-1 ring-border/70"
        />
        <div className="min-w-0 flex-1">
          <h2 id={`tienda-${tienda._id}`} className="font-semibold text-base leading-snug">
            <Link
              to={href}
              data-tienda-link=""
              title={tienda.nombre}
              className="line-clamp-1 outline-none wrap-anywhere after:absolute after:inset-0 after:rounded-xl after:content-[''] group-hover:text-primary-strong"
            >
              {tienda.nombre}
            </Link>
          </h2>
          <div className="mt-1.5 flex flex-wrap items-center gap-x-2 gap-y-1">
            <Badge variant="secondary">
              <TagIcon aria-hidden />
              {tienda.categoriaNombre ?? 'Sin categoría'}
            </Badge>
            <span className="text-muted-foreground text-xs">
              {formatDistancia(tienda.distanciaKm)}
            </span>
          </div>
        </div>
      </div>

      <p className="line-clamp-2 min-h-10 px-4 text-muted-foreground text-sm">
        {tienda.descripcion}
      </p>

      <div className="mt-4 px-4">
        {productos.length > 0 ? (
          <Carousel
            label={`Productos de ${tienda.nombre}`}
            autoplayMs={CONSTANTES.carruselAvanceMs}
            slideClassName="basis-1/2"
            className="relative z-10"
          >
            {productos.map((producto) => (
              <ProductSlide key={producto._id} producto={producto} />
            ))}
          </Carousel>
        ) : (
          <div className="flex aspect-[2/1] flex-col items-center justify-center gap-2 rounded-lg border border-border border-dashed bg-muted/40 px-4 text-center text-muted-foreground text-sm">
            <PackageOpenIcon className="size-6" aria-hidden />
            Esta tienda aún no tiene productos
          </div>
        )}
      </div>

      <div className="mt-auto flex flex-col gap-3 p-4 pt-4">
        {locales.length > 0 && (
          <ul aria-label="Categorías de la tienda" className="flex flex-wrap gap-1.5">
            {locales.map((categoria) => (
              <li key={categoria._id} className="min-w-0 max-w-full">
                <Badge variant="outline" className="bg-card font-normal" title={categoria.nombre}>
                  <span className="truncate">{categoria.nombre}</span>
                </Badge>
              </li>
            ))}
            {ocultas > 0 && (
              <li>
                <Badge variant="highlight">+{ocultas} más</Badge>
              </li>
            )}
          </ul>
        )}
        {hayMas && (
          <Button asChild variant="outline" size="sm" className="relative z-10 w-full">
            <Link to={href}>
              Ver todos los productos ({tienda.totalProductos})
              <ArrowRightIcon aria-hidden />
            </Link>
          </Button>
        )}
      </div>
    </article>
  );
}
