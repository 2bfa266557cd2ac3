import type { Prediccion } from '@compra-grupal/contracts';
import {
  ArrowRightIcon,
  CircleCheckBigIcon,
  CircleXIcon,
  TruckIcon,
  UsersIcon,
} from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Progress } from '@/components/ui/progress';
import { lugares, lugaresRestantes } from '../lib/estado-grupo';
import { ContactoDeSoporte } from './contacto-de-soporte';
import { CuentaRegresiva } from './cuenta-regresiva';
import { PrediccionDelGrupo } from './prediccion-del-grupo';

const tarjeta = 'rounded-2xl border border-border/70 bg-card p-5 shadow-sm';

/**
 * The side card of an unclosed group (spec part 1, section 2): occupied / needed places, a
 * progress bar, 'Faltan N lugares para completar' or 'Grupo completo', and the counters
 * Ocupados / Restantes; for an open group, when it would fill at its pace (decision 052) and,
 * with a deadline (its `fechaLimite`), its live countdown.
 */
export function EstadoDelGrupoCard({
  lugaresOcupados,
  lugaresNecesarios,
  fechaLimite = null,
  prediccion = null,
}: {
  lugaresOcupados: number;
  lugaresNecesarios: number;
  /** Only for an open group that has a deadline. */
  fechaLimite?: string | null;
  /** Only for an open group with places left. */
  prediccion?: Prediccion | null;
}) {
  const titulo = useId();
  const restantes = lugaresRestantes({ lugaresOcupados, lugaresNecesarios });
  return (
    <section aria-labelledby={titulo} data-slot="estado-del-grupo" className={tarjeta}>
      <h2 id={titulo} className="flex items-center gap-2 font-semibold text-lg tracking-tight">
        <UsersIcon className="size-5 text-primary-strong" aria-hidden />
        Estado del Grupo
      </h2>
      <p className="mt-4 flex items-baseline gap-1.5">
        <span className="font-extrabold text-4xl tracking-tight tabular-nums">
          {lugaresOcupados}
        </span>
        <span className="text-lg text-muted-foreground tabular-nums">/ {lugaresNecesarios}</span>
        <span className="ml-1 text-muted-foreground text-sm">lugares ocupados</span>
      </p>
      <Progress
        value={Math.min(lugaresOcupados, lugaresNecesarios)}
        max={lugaresNecesarios}
        aria-label="Lugares ocupados del grupo"
        aria-valuetext={`${lugaresOcupados} de ${lugaresNecesarios} lugares ocupados`}
        className="mt-3 h-2.5"
      />
      <p
        aria-live="polite"
        data-slot="faltan"
        className="mt-3 flex items-center gap-1.5 font-medium text-sm"
      >
        {restantes > 0 ? (
          `Faltan ${restantes} lugares para completar`
        ) : (
          <>
            <CircleCheckBigIcon className="size-4 text-primary-strong" aria-hidden />
            Grupo completo
          </>
        )}
      </p>
      <PrediccionDelGrupo prediccion={prediccion} className="mt-1.5" />
      <dl className="mt-4 grid grid-cols-2 gap-3">
        <div className="rounded-xl bg-secondary/70 px-3 py-2.5 text-secondary-foreground">
          <dt className="text-xs">Ocupados</dt>
          <dd className="font-bold text-2xl tabular-nums">{lugaresOcupados}</dd>
        </div>
        <div className="rounded-xl bg-muted px-3 py-2.5">
          <dt className="text-muted-foreground text-xs">Restantes</dt>
          <dd className="font-bold text-2xl tabular-nums">{restantes}</dd>
        </div>
      </dl>
      {fechaLimite && <CuentaRegresiva fechaLimite={fechaLimite} />}
    </section>
  );
}

/**
 * The side card of a closed group (spec part 1, section 2): 'Estado de Entrega', 'En proceso de
 * envío' and the support contact the server is configured with.
 */
export function EstadoDeEntregaCard() {
  const titulo = useId();
  return (
    <section aria-labelledby={titulo} data-slot="estado-de-entrega" className={tarjeta}>
      <h2 id={titulo} className="flex items-center gap-2 font-semibold text-lg tracking-tight">
        <TruckIcon className="size-5 text-blue-700" aria-hidden />
        Estado de Entrega
      </h2>
      <p className="mt-4 flex items-center gap-2 rounded-xl border border-blue-600/20 bg-blue-50 px-3 py-2.5 font-medium text-blue-900 text-sm">
        <span
          aria-hidden
          className="size-2 animate-pulse rounded-full bg-blue-600 motion-reduce:animate-none"
        />
        En proceso de envío
      </p>
      <ContactoDeSoporte />
    </section>
  );
}

/**
 * The side card of a cancelled group (issue 32): it says so, that it takes no one and that
 * whoever paid a place got the money back (DESIGN.md: a cancelled group is refunded at once),
 * with the places it had when it ended, and a way to the product's current group while the
 * product is on sale.
 */
export function GrupoCanceladoCard({
  productoId,
  productoDisponible,
  lugaresOcupados,
  lugaresNecesarios,
}: {
  productoId: string;
  productoDisponible: boolean;
  lugaresOcupados: number;
  lugaresNecesarios: number;
}) {
  const titulo = useId();
  return (
    <section aria-labelledby={titulo} data-slot="grupo-cancelado" className={tarjeta}>
      <h2 id={titulo} className="flex items-center gap-2 font-semibold text-lg tracking-tight">
        <CircleXIcon className="size-5 text-red-700" aria-hidden />
        Grupo cancelado
      </h2>
      <p className="mt-4 rounded-xl border border-red-600/20 bg-red-50 px-3 py-2.5 text-pretty font-medium text-red-900 text-sm">
        Este grupo se canceló antes de completarse: ya no admite participantes.
      </p>
      <p className="mt-3 text-pretty text-muted-foreground text-sm">
        A quienes habían pagado un lugar se les devolvió el dinero por el mismo medio de pago.
      </p>
      <p className="mt-3 text-muted-foreground text-sm tabular-nums">
        Se canceló con {lugaresOcupados} de {lugares(lugaresNecesarios)} ocupados.
      </p>
      {productoDisponible && (
        <Button asChild variant="outline" className="mt-4 w-full">
          <Link to={`/product/${encodeURIComponent(productoId)}`}>
            Ver el producto
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      )}
    </section>
  );
}
