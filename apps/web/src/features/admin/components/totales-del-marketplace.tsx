import type { DineroEnCurso, PeriodoQuery } from '@compra-grupal/contracts';
import type { LucideIcon } from 'lucide-react';
import { HandCoinsIcon, ShoppingBagIcon, Undo2Icon } from 'lucide-react';
import { FechasDelPeriodo } from '@/components/periodo/fechas-del-periodo';
import { PestaniasDePeriodo } from '@/components/periodo/pestanias-de-periodo';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent } from '@/components/ui/tabs';
import { formatPrecio } from '@/lib/format-currency';
import {
  type ErroresDelPeriodo,
  esOpcionDePeriodo,
  type OpcionDePeriodo,
  textoDelPeriodo,
} from '@/lib/periodo';
import { cn } from '@/lib/utils';

/** The periods the totals can be asked for. */
const PERIODOS: readonly OpcionDePeriodo[] = ['mes', 'mes-pasado', 'personalizado'];

function Total({
  icon: Icon,
  label,
  valor,
  tono,
}: {
  icon: LucideIcon;
  label: string;
  valor: number;
  tono: string;
}) {
  return (
    <div className="flex items-center gap-3.5 rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:flex-col sm:items-start sm:gap-3 sm:p-5">
      <span className={cn('grid size-10 shrink-0 place-items-center rounded-xl', tono)}>
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="min-w-0">
        <p className="text-muted-foreground text-sm">{label}</p>
        <p className="mt-0.5 font-bold text-xl tabular-nums tracking-tight sm:text-2xl">
          {formatPrecio(valor)}
        </p>
      </div>
    </div>
  );
}

function TotalesSkeleton() {
  return (
    <div role="status" className="grid gap-3 sm:grid-cols-3 sm:gap-4">
      <span className="sr-only">Cargando totales…</span>
      {[0, 1, 2].map((indice) => (
        <div
          key={indice}
          aria-hidden
          className="flex items-center gap-3.5 rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:flex-col sm:items-start sm:p-5"
        >
          <Skeleton className="size-10 rounded-xl" />
          <div className="grid flex-1 gap-2 sm:w-full">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-32" />
          </div>
        </div>
      ))}
    </div>
  );
}

/**
 * 'Totales del marketplace' for the chosen period: sales, the fees the marketplace earned and
 * the refunds confirmed. The period's tabs sit beside the title; the totals are their panel.
 */
export function TotalesDelMarketplace({
  opcion,
  onOpcion,
  borrador,
  errores,
  onCambiarFechas,
  totales,
  periodo,
  actualizando,
}: {
  opcion: OpcionDePeriodo;
  onOpcion: (opcion: OpcionDePeriodo) => void;
  borrador: PeriodoQuery;
  errores: ErroresDelPeriodo;
  onCambiarFechas: (cambio: Partial<PeriodoQuery>) => void;
  /** Undefined while the first answer loads. */
  totales: DineroEnCurso['totales'] | undefined;
  /** The period the totals on screen are for (the one asked for, while it loads). */
  periodo: PeriodoQuery;
  /** The totals on screen are the previous period's while the new ones load. */
  actualizando: boolean;
}) {
  return (
    <Tabs
      value={opcion}
      onValueChange={(valor) => esOpcionDePeriodo(valor) && onOpcion(valor)}
      asChild
    >
      <section aria-labelledby="totales-del-marketplace" aria-busy={actualizando}>
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h2 id="totales-del-marketplace" className="font-semibold text-lg">
              Totales del marketplace
            </h2>
            <p className="text-muted-foreground text-sm">{textoDelPeriodo(periodo)}</p>
          </div>
          <PestaniasDePeriodo opciones={PERIODOS} aria-label="Período de los totales" />
        </div>
        <TabsContent value={opcion} className="mt-4 grid gap-4">
          {opcion === 'personalizado' && (
            <FechasDelPeriodo
              variante="en-linea"
              limitarDesde
              borrador={borrador}
              errores={errores}
              onCambiar={onCambiarFechas}
            />
          )}
          {totales ? (
            <div
              className={cn(
                'grid gap-3 transition-opacity sm:grid-cols-3 sm:gap-4',
                actualizando && 'opacity-60',
              )}
            >
              <Total
                icon={ShoppingBagIcon}
                label="Ventas"
                valor={totales.ventas}
                tono="bg-primary/10 text-primary"
              />
              <Total
                icon={HandCoinsIcon}
                label="Comisiones ganadas"
                valor={totales.comisiones}
                tono="bg-highlight-soft text-highlight-foreground"
              />
              <Total
                icon={Undo2Icon}
                label="Reembolsos"
                valor={totales.reembolsos}
                tono="bg-destructive-soft text-destructive"
              />
            </div>
          ) : (
            <TotalesSkeleton />
          )}
        </TabsContent>
      </section>
    </Tabs>
  );
}
