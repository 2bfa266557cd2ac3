import type { LucideIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/utils';

/**
 * The card of Mi Tienda's one-message states (create your store, link Mercado Pago, under
 * review): an icon over a soft brand wash, a badge, the title, the explanation and what to do.
 */
export function PantallaDestacada({
  icon: Icon,
  badge,
  title,
  description,
  children,
  tono = 'primario',
  className,
}: {
  icon: LucideIcon;
  badge?: ReactNode;
  title: string;
  description: ReactNode;
  children?: ReactNode;
  /** 'espera' paints the icon amber (something is in progress). */
  tono?: 'primario' | 'espera';
  className?: string;
}) {
  return (
    <div className={cn('mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10', className)}>
      <Card className="relative animate-rise-in gap-0 overflow-hidden py-0">
        <div
          aria-hidden
          className="pointer-events-none absolute inset-x-0 top-0 h-48 bg-linear-to-br from-primary/16 via-primary/6 to-highlight/14 [mask-image:linear-gradient(to_bottom,black_35%,transparent)]"
        />
        <div className="relative px-5 pt-7 pb-7 sm:px-9 sm:pt-9 sm:pb-9">
          <div className="flex items-center justify-between gap-3">
            <span
              className={cn(
                'grid size-12 place-items-center rounded-xl shadow-lg',
                tono === 'espera'
                  ? 'bg-highlight text-white shadow-highlight/25'
                  : 'bg-primary text-primary-foreground shadow-primary/25',
              )}
            >
              <Icon className="size-6" aria-hidden />
            </span>
            {badge}
          </div>
          <h1 className="mt-6 text-balance font-bold text-2xl tracking-tight sm:text-3xl">
            {title}
          </h1>
          <div className="mt-2 max-w-prose text-pretty text-muted-foreground">{description}</div>
          {children}
        </div>
      </Card>
    </div>
  );
}

/** One line of a card's list: an icon tile, a title and a short explanation. */
export function ItemExplicativo({
  icon: Icon,
  title,
  children,
}: {
  icon: LucideIcon;
  title: string;
  children: ReactNode;
}) {
  return (
    <li className="flex gap-3 rounded-xl border border-border/70 bg-card/80 p-3.5">
      <span className="grid size-9 shrink-0 place-items-center rounded-lg bg-secondary text-secondary-foreground">
        <Icon className="size-[1.125rem]" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="font-semibold text-sm">{title}</p>
        <p className="mt-0.5 text-muted-foreground text-sm leading-snug">{children}</p>
      </div>
    </li>
  );
}
