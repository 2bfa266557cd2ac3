import type { TiendaPublica } from '@compra-grupal/contracts';
import { MailIcon, PackageIcon, PhoneIcon, TagIcon } from 'lucide-react';
import { TiendaLogo } from '@/components/tienda-logo';
import { Badge } from '@/components/ui/badge';
import { textoCantidadProductos } from '@/lib/texto-cantidad-productos';

/** The store page's header: logo, name, category, description, product count and contact. */
export function TiendaHeader({
  tienda,
  cantidadProductos,
}: {
  tienda: TiendaPublica;
  cantidadProductos: number;
}) {
  return (
    <div
      data-slot="tienda-header"
      className="relative animate-rise-in overflow-hidden rounded-2xl border border-border/70 bg-card shadow-sm"
    >
      <div
        aria-hidden
        className="h-24 bg-linear-to-br from-primary via-primary-strong to-primary-strong sm:h-32"
      >
        <div className="size-full bg-[radial-gradient(circle_at_85%_-20%,rgb(255_255_255/0.28),transparent_55%),radial-gradient(circle_at_10%_130%,rgb(245_158_11/0.35),transparent_50%)]" />
      </div>
      <div className="px-5 pb-5 sm:px-8 sm:pb-7">
        <div className="-mt-10 flex items-end gap-4 sm:-mt-12">
          <TiendaLogo
            src={tienda.logo}
            nombre={tienda.nombre}
            loading="eager"
            className="size-20 rounded-2xl border-4 border-card text-3xl shadow-md sm:size-24 sm:text-4xl"
          />
          <div className="flex min-w-0 flex-wrap gap-2 pb-1">
            <Badge variant="secondary">
              <TagIcon aria-hidden />
              {tienda.categoriaNombre ?? 'Sin categoría'}
            </Badge>
            <Badge variant="outline" className="bg-card">
              <PackageIcon aria-hidden />
              {textoCantidadProductos(cantidadProductos)}
            </Badge>
          </div>
        </div>
        <h1 className="mt-4 text-balance font-bold text-2xl tracking-tight sm:text-3xl">
          {tienda.nombre}
        </h1>
        {tienda.descripcion && (
          <p className="mt-2 max-w-3xl text-pretty text-muted-foreground leading-relaxed">
            {tienda.descripcion}
          </p>
        )}
        {(tienda.telefono || tienda.email) && (
          <ul className="mt-4 flex flex-wrap gap-x-5 gap-y-2 text-muted-foreground text-sm">
            {tienda.telefono && (
              <li>
                <a
                  href={`tel:${tienda.telefono.replace(/[^\d+]/g, '')}`}
                  className="inline-flex items-center gap-1.5 rounded-md hover:text-foreground"
                >
                  <PhoneIcon className="size-4 text-primary" aria-hidden />
                  {tienda.telefono}
                </a>
              </li>
            )}
            {tienda.email && (
              <li className="min-w-0">
                <a
                  href={`mailto:${tienda.email}`}
                  className="inline-flex min-w-0 items-center gap-1.5 rounded-md hover:text-foreground"
                >
                  <MailIcon className="size-4 shrink-0 text-primary" aria-hidden />
                  <span className="truncate">{tienda.email}</span>
                </a>
              </li>
            )}
          </ul>
        )}
      </div>
    </div>
  );
}
