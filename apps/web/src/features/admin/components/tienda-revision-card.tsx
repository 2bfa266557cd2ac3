import type { TiendaEnRevision } from '@compra-grupal/contracts';
import type { LucideIcon } from 'lucide-react';
import {
  BadgeCheckIcon,
  BanIcon,
  CalendarIcon,
  CircleAlertIcon,
  CircleCheckIcon,
  ClockIcon,
  Loader2Icon,
  MailIcon,
  MapPinIcon,
  PhoneIcon,
  ScaleIcon,
  StoreIcon,
  TagIcon,
  TruckIcon,
  UserRoundIcon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { FallbackImage } from '@/components/fallback-image';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { lineaDeLaLocalidad } from '@/entities/direccion/lib/formato-direccion';
import { formatFechaHora } from '@/lib/format-fecha';

function Dato({
  icon: Icon,
  label,
  children,
}: {
  icon: LucideIcon;
  label: string;
  children: ReactNode;
}) {
  return (
    <div className="min-w-0">
      <dt className="flex items-center gap-1.5 text-muted-foreground text-xs">
        <Icon className="size-3.5 shrink-0 text-primary" aria-hidden />
        {label}
      </dt>
      <dd className="mt-1 break-words pl-5 font-medium text-sm">{children}</dd>
    </div>
  );
}

/**
 * One store in the product team's review: who it is, how to reach it, where it delivers,
 * whether its Mercado Pago account is linked, and 'Habilitar' or 'Deshabilitar'.
 */
export function TiendaRevisionCard({
  tienda,
  ocupada,
  onHabilitar,
  onDeshabilitar,
}: {
  tienda: TiendaEnRevision;
  /** An action on this store is on its way. */
  ocupada: boolean;
  onHabilitar: () => void;
  onDeshabilitar: () => void;
}) {
  const tituloId = useId();
  const inicial = tienda.nombre.trim().charAt(0).toUpperCase();
  const ubicacion = lineaDeLaLocalidad(tienda);

  return (
    <article
      aria-labelledby={tituloId}
      data-slot="tienda-revision"
      className="animate-rise-in rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:p-6"
    >
      <header className="flex items-start gap-4">
        <div className="size-14 shrink-0 overflow-hidden rounded-xl border border-border/70 bg-muted sm:size-16">
          <FallbackImage
            src={tienda.logo}
            alt={`Logo de ${tienda.nombre}`}
            className="size-full"
            fallback={
              <span
                role="img"
                aria-label={`Logo de ${tienda.nombre}`}
                className="grid size-full place-items-center bg-linear-to-br from-primary to-primary-strong font-bold text-primary-foreground text-xl"
              >
                {inicial || <StoreIcon className="size-6" aria-hidden />}
              </span>
            }
          />
        </div>
        <div className="min-w-0 flex-1">
          <h2 id={tituloId} className="text-balance font-semibold text-lg leading-tight">
            {tienda.nombre}
          </h2>
          <div className="mt-2 flex flex-wrap gap-1.5">
            {tienda.habilitada ? (
              <Badge>
                <BadgeCheckIcon aria-hidden />
                Habilitada
              </Badge>
            ) : (
              <Badge variant="highlight">
                <ClockIcon aria-hidden />
                Pendiente
              </Badge>
            )}
            {tienda.mpVinculado ? (
              <Badge variant="secondary">
                <CircleCheckIcon aria-hidden />
                Mercado Pago vinculado
              </Badge>
            ) : (
              <Badge
                variant="outline"
                className="border-destructive/25 bg-destructive-soft text-red-700"
              >
                <CircleAlertIcon aria-hidden />
                Mercado Pago sin vincular
              </Badge>
            )}
          </div>
        </div>
      </header>

      {tienda.descripcion ? (
        <p className="mt-4 text-pretty text-muted-foreground text-sm leading-relaxed">
          {tienda.descripcion}
        </p>
      ) : (
        <p className="mt-4 text-muted-foreground text-sm italic">Sin descripción</p>
      )}

      <dl className="mt-5 grid gap-x-6 gap-y-4 rounded-xl bg-muted/40 p-4 sm:grid-cols-2 lg:grid-cols-3">
        <Dato icon={ScaleIcon} label="Razón social">
          {tienda.razonSocial}
        </Dato>
        <Dato icon={TagIcon} label="Categoría">
          {tienda.categoriaNombre ?? 'Sin categoría'}
        </Dato>
        <Dato icon={CalendarIcon} label="Creada">
          <time dateTime={tienda.creadoEn}>{formatFechaHora(tienda.creadoEn)}</time>
        </Dato>
        <Dato icon={MailIcon} label="Email de la tienda">
          <a
            href={`mailto:${tienda.email}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {tienda.email}
          </a>
        </Dato>
        <Dato icon={PhoneIcon} label="Teléfono">
          <a
            href={`tel:${tienda.telefono.replace(/[^\d+]/g, '')}`}
            className="text-primary underline-offset-4 hover:underline"
          >
            {tienda.telefono}
          </a>
        </Dato>
        <Dato icon={UserRoundIcon} label="Cuenta del vendedor">
          {tienda.usuarioEmail}
        </Dato>
        <Dato icon={MapPinIcon} label="Dirección">
          {tienda.direccion}
          {ubicacion && (
            <span className="block font-normal text-muted-foreground">{ubicacion}</span>
          )}
        </Dato>
        <Dato icon={TruckIcon} label="Cobertura">
          {tienda.coberturaNombre}{' '}
          <span className="font-normal text-muted-foreground">({tienda.coberturaKm} km)</span>
        </Dato>
      </dl>

      <footer className="mt-5 flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-end">
        {!tienda.mpVinculado && !tienda.habilitada && (
          <p className="text-muted-foreground text-xs sm:mr-auto">
            Puedes habilitarla igual: no podrá cobrar hasta vincular Mercado Pago.
          </p>
        )}
        {tienda.habilitada ? (
          <Button
            type="button"
            variant="outline"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive-strong"
            disabled={ocupada}
            aria-describedby={tituloId}
            onClick={onDeshabilitar}
          >
            {ocupada ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <BanIcon aria-hidden />
            )}
            {ocupada ? 'Deshabilitando…' : 'Deshabilitar'}
          </Button>
        ) : (
          <Button
            type="button"
            disabled={ocupada}
            aria-describedby={tituloId}
            onClick={onHabilitar}
          >
            {ocupada ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <BadgeCheckIcon aria-hidden />
            )}
            {ocupada ? 'Habilitando…' : 'Habilitar'}
          </Button>
        )}
      </footer>
    </article>
  );
}
