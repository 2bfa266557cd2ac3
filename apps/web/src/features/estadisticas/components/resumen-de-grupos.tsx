import type { EstadisticasDeTienda } from '@compra-grupal/contracts';
import {
  CircleCheckIcon,
  CircleXIcon,
  HourglassIcon,
  type LucideIcon,
  TimerIcon,
  UsersRoundIcon,
} from 'lucide-react';
import { useId } from 'react';
import { cn } from '@/lib/utils';
import { formatEntero, formatHoras } from '../lib/formato';

interface Cifra {
  titulo: string;
  valor: string;
  icon: LucideIcon;
  tono: string;
  className?: string;
}

/** The store's groups in the period: open, filled, cancelled, expired, and how fast they fill. */
export function ResumenDeGrupos({ grupos }: { grupos: EstadisticasDeTienda['grupos'] }) {
  const tituloId = useId();
  const cifras: Cifra[] = [
    {
      titulo: 'Grupos abiertos',
      valor: formatEntero(grupos.abiertos),
      icon: UsersRoundIcon,
      tono: 'bg-secondary text-secondary-foreground',
    },
    {
      titulo: 'Completados',
      valor: formatEntero(grupos.completados),
      icon: CircleCheckIcon,
      tono: 'bg-primary/12 text-primary-strong',
    },
    {
      titulo: 'Cancelados',
      valor: formatEntero(grupos.cancelados),
      icon: CircleXIcon,
      tono: 'bg-destructive-soft text-destructive-strong',
    },
    {
      titulo: 'Vencidos',
      valor: formatEntero(grupos.vencidos),
      icon: HourglassIcon,
      tono: 'bg-highlight-soft text-highlight-foreground',
    },
    {
      titulo: 'Tiempo mediano para completar',
      valor: formatHoras(grupos.medianaHorasParaCompletar),
      icon: TimerIcon,
      tono: 'bg-secondary text-secondary-foreground',
      className: 'col-span-2 sm:col-span-1',
    },
  ];
  return (
    <section
      aria-labelledby={tituloId}
      className="rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:p-5"
    >
      <h2 id={tituloId} className="font-semibold text-base tracking-tight">
        Grupos
      </h2>
      <dl className="mt-3 grid grid-cols-2 gap-x-4 gap-y-4 sm:grid-cols-3 lg:grid-cols-5">
        {cifras.map((cifra) => (
          // A <dl> group holds only <dt> and <dd>: the icon sits in the term, beside both.
          <div
            key={cifra.titulo}
            className={cn(
              'relative flex min-h-10 min-w-0 flex-col justify-center pl-13',
              cifra.className,
            )}
          >
            <dt className="text-muted-foreground text-xs leading-snug">
              <span
                className={cn(
                  'absolute top-1/2 left-0 grid size-10 -translate-y-1/2 place-items-center rounded-xl',
                  cifra.tono,
                )}
              >
                <cifra.icon className="size-4.5" aria-hidden />
              </span>
              {cifra.titulo}
            </dt>
            <dd className="font-bold text-lg tabular-nums leading-tight tracking-tight">
              {cifra.valor}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
