import type { ReembolsoEnCurso } from '@compra-grupal/contracts';
import type { LucideIcon } from 'lucide-react';
import {
  CalendarClockIcon,
  CalendarIcon,
  Loader2Icon,
  RepeatIcon,
  RotateCwIcon,
  StoreIcon,
  TriangleAlertIcon,
} from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { formatPrecio } from '@/lib/format-currency';
import { formatFechaHora } from '@/lib/format-fecha';
import { useReintentarReembolso } from '../api/reintentar-reembolso';
import { TEXTOS_DE_REINTENTO, textoDelMotivo } from '../lib/dinero-en-curso';

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
    <div className="flex items-baseline justify-between gap-3 py-1.5">
      <dt className="flex shrink-0 items-center gap-1.5 self-center text-muted-foreground text-xs">
        <Icon className="size-3.5 shrink-0" aria-hidden />
        {label}
      </dt>
      <dd className="min-w-0 text-right font-medium text-sm">{children}</dd>
    </div>
  );
}

/**
 * One refund that has not gone out: its order, store, amount and reason, how many times it was
 * tried, the provider's last answer, when the jobs try again, the team's retries, and
 * 'Reintentar', which answers with the server's message.
 */
export function ReembolsoEnCursoCard({ reembolso }: { reembolso: ReembolsoEnCurso }) {
  const tituloId = useId();
  const { reintentar, isPending } = useReintentarReembolso(reembolso._id);
  const { numero } = reembolso;

  const onReintentar = () =>
    reintentar(undefined, {
      onSuccess: ({ mensaje, resultado }) =>
        toast({
          title: mensaje,
          description: `Reembolso del pedido ${numero} (${reembolso.tiendaNombre}).`,
          variant: resultado === 'fallido' ? 'destructive' : 'default',
        }),
    });

  return (
    <article
      aria-labelledby={tituloId}
      className="rounded-2xl border border-border/70 bg-card p-4 shadow-xs sm:p-5 lg:grid lg:grid-cols-[minmax(0,5fr)_minmax(0,6fr)] lg:gap-x-8"
    >
      <div className="min-w-0">
        <header className="flex items-start justify-between gap-4">
          <div className="min-w-0">
            <h3 id={tituloId} className="font-semibold text-base">
              Pedido <span className="font-mono">{numero}</span>
            </h3>
            <p className="mt-0.5 flex items-start gap-1.5 text-muted-foreground text-sm">
              <StoreIcon className="mt-0.5 size-3.5 shrink-0" aria-hidden />
              <span className="min-w-0 break-words">{reembolso.tiendaNombre}</span>
            </p>
          </div>
          <p className="shrink-0 text-right">
            <span className="block text-muted-foreground text-xs">A reembolsar</span>
            <span className="font-bold text-lg tabular-nums">{formatPrecio(reembolso.monto)}</span>
          </p>
        </header>

        <div className="mt-3 flex flex-wrap gap-1.5">
          <Badge variant="outline">{textoDelMotivo(reembolso.motivo)}</Badge>
          {reembolso.fallando && (
            <Badge variant="destructive">
              <TriangleAlertIcon aria-hidden />
              Fallando
            </Badge>
          )}
        </div>

        <dl className="mt-3 divide-y divide-border/60">
          <Dato icon={RepeatIcon} label="Intentos">
            <span className="tabular-nums">{reembolso.intentos}</span>
          </Dato>
          <Dato icon={CalendarClockIcon} label="Próximo intento">
            {reembolso.proximoIntento ? (
              <time dateTime={reembolso.proximoIntento}>
                {formatFechaHora(reembolso.proximoIntento)}
              </time>
            ) : (
              <span className="text-muted-foreground">Sin programar</span>
            )}
          </Dato>
          <Dato icon={CalendarIcon} label="Pendiente desde">
            <time dateTime={reembolso.fechaCreacion}>
              {formatFechaHora(reembolso.fechaCreacion)}
            </time>
          </Dato>
        </dl>
      </div>

      <div className="flex min-w-0 flex-col lg:border-border/60 lg:border-l lg:pl-8">
        <div className="mt-4 lg:mt-0">
          <p className="text-muted-foreground text-xs">Última respuesta del proveedor</p>
          {reembolso.ultimoError ? (
            <pre className="mt-1 max-h-40 overflow-auto whitespace-pre-wrap break-words rounded-lg bg-muted/60 px-3 py-2 font-mono text-xs leading-relaxed [overflow-wrap:anywhere]">
              {reembolso.ultimoError}
            </pre>
          ) : (
            <p className="mt-1 text-muted-foreground text-sm italic">El proveedor no lo rechazó.</p>
          )}
        </div>

        {reembolso.reintentos.length > 0 && (
          <div className="mt-4">
            <p className="text-muted-foreground text-xs">Reintentos del equipo</p>
            <ul className="mt-1 grid gap-1 text-sm">
              {reembolso.reintentos.map((reintento) => (
                <li key={`${reintento.en}-${reintento.por}`} className="text-pretty">
                  Reintentado por <span className="font-medium">{reintento.por}</span> el{' '}
                  <time dateTime={reintento.en}>{formatFechaHora(reintento.en)}</time>, resultado:{' '}
                  <span className="font-medium">{TEXTOS_DE_REINTENTO[reintento.resultado]}</span>
                </li>
              ))}
            </ul>
          </div>
        )}

        <footer className="mt-auto flex justify-end pt-4">
          <Button
            type="button"
            variant="outline"
            className="w-full sm:w-auto"
            disabled={isPending}
            aria-busy={isPending || undefined}
            aria-describedby={tituloId}
            onClick={onReintentar}
          >
            {isPending ? (
              <Loader2Icon className="animate-spin" aria-hidden />
            ) : (
              <RotateCwIcon aria-hidden />
            )}
            {isPending ? 'Reintentando…' : 'Reintentar'}
          </Button>
        </footer>
      </div>
    </article>
  );
}
