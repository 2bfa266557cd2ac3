import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';

/**
 * The listing's place when it has no stores to show (none found, or the location still being
 * sought): an icon, a title and what the person can do.
 */
export function EstadoDelListado({
  id,
  icono: Icono,
  iconoClassName,
  titulo,
  role,
  children,
}: {
  id: string;
  icono: LucideIcon;
  iconoClassName?: string;
  titulo: string;
  role?: 'status';
  children: ReactNode;
}) {
  return (
    <section
      role={role}
      aria-labelledby={id}
      className="flex animate-rise-in flex-col items-center rounded-2xl border border-border border-dashed bg-card/70 px-6 py-12 text-center sm:py-16"
    >
      <span className="grid size-14 place-items-center rounded-2xl bg-secondary text-secondary-foreground">
        <Icono className={cn('size-7', iconoClassName)} aria-hidden />
      </span>
      <h2 id={id} className="mt-5 font-semibold text-xl tracking-tight">
        {titulo}
      </h2>
      {children}
    </section>
  );
}
