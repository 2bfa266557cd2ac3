import { CONSTANTES } from '@compra-grupal/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowRightIcon,
  CircleCheckBigIcon,
  CircleXIcon,
  Link2Icon,
  Loader2Icon,
  type LucideIcon,
} from 'lucide-react';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { tiendaDelVendedorKeys } from '@/entities/tienda/api/tienda-del-vendedor-keys';
import { cn } from '@/lib/utils';
import { miTiendaKeys } from '../api/mi-tienda-keys';
import {
  type ResultadoVinculacion,
  resultadoVinculacion,
  type TipoResultadoVinculacion,
} from '../lib/resultado-vinculacion';
import { guardarTokenDeVinculacion } from '../lib/token-de-vinculacion';

const ICONOS: Record<TipoResultadoVinculacion, LucideIcon> = {
  exito: CircleCheckBigIcon,
  completada: CircleCheckBigIcon,
  error: CircleXIcon,
};

/** A bar that fills while the redirect waits, as long as it waits. */
function BarraDeEspera({ duracionMs, error }: { duracionMs: number; error: boolean }) {
  const [llena, setLlena] = useState(false);
  useEffect(() => {
    const frame = requestAnimationFrame(() => setLlena(true));
    return () => cancelAnimationFrame(frame);
  }, []);
  return (
    <div aria-hidden className="mt-7 h-1.5 w-full overflow-hidden rounded-full bg-muted">
      <div
        className={cn(
          'h-full rounded-full transition-[width] ease-linear motion-reduce:transition-none',
          error ? 'bg-destructive' : 'bg-primary',
        )}
        style={{ width: llena ? '100%' : '0%', transitionDuration: `${duracionMs}ms` }}
      />
    </div>
  );
}

/**
 * The return from linking Mercado Pago (/mercadopago-callback, spec part 2, section 2). It reads
 * success, error, mensaje and token; after 1 s it stores the token, if any, and shows the
 * result; 2 s later it goes to /my-store, whatever the result.
 */
export function VinculacionCallback() {
  const [searchParams] = useSearchParams();
  const [params] = useState(() => new URLSearchParams(searchParams));
  const [resultado, setResultado] = useState<ResultadoVinculacion | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    let redireccion: ReturnType<typeof setTimeout> | undefined;
    const procesar = setTimeout(() => {
      const token = params.get('token');
      if (token) guardarTokenDeVinculacion(token);
      setResultado(resultadoVinculacion(params));
      // Mi Tienda asks about the link again.
      void queryClient.invalidateQueries({ queryKey: miTiendaKeys.all });
      void queryClient.invalidateQueries({ queryKey: tiendaDelVendedorKeys.all });
      redireccion = setTimeout(
        () => navigate('/my-store', { replace: true }),
        CONSTANTES.demoraRedireccionVinculacionMs,
      );
    }, CONSTANTES.demoraResultadoVinculacionMs);
    return () => {
      clearTimeout(procesar);
      clearTimeout(redireccion);
    };
  }, [params, navigate, queryClient]);

  const Icono = resultado ? ICONOS[resultado.tipo] : Link2Icon;
  const esError = resultado?.tipo === 'error';

  return (
    <div className="grid flex-1 place-items-center px-4 py-10 sm:py-16">
      <div
        data-slot="resultado-vinculacion"
        data-tipo={resultado?.tipo ?? 'procesando'}
        className="relative w-full max-w-md animate-rise-in overflow-hidden rounded-2xl border border-border/70 bg-card px-6 py-9 text-center shadow-sm sm:px-9"
      >
        <div
          aria-hidden
          className={cn(
            'pointer-events-none absolute inset-x-0 top-0 h-32 [mask-image:linear-gradient(to_bottom,black_30%,transparent)]',
            esError
              ? 'bg-linear-to-br from-destructive/14 to-destructive/4'
              : 'bg-linear-to-br from-primary/16 via-primary/6 to-highlight/12',
          )}
        />
        <div role="status" aria-live="polite" className="relative flex flex-col items-center">
          <span
            className={cn(
              'grid size-16 place-items-center rounded-2xl shadow-lg',
              esError
                ? 'bg-destructive text-white shadow-destructive/25'
                : 'bg-primary text-primary-foreground shadow-primary/25',
            )}
          >
            {resultado ? (
              <Icono className="size-8" aria-hidden />
            ) : (
              <Loader2Icon className="size-8 animate-spin" aria-hidden />
            )}
          </span>
          <h1 className="mt-6 text-balance font-bold text-2xl tracking-tight">
            {resultado ? resultado.titulo : 'Vinculando Mercado Pago'}
          </h1>
          <p className="mt-2 text-pretty text-muted-foreground">
            {resultado ? resultado.mensaje : 'Estamos confirmando tu cuenta de Mercado Pago…'}
          </p>
        </div>
        {resultado ? (
          <div className="relative">
            <BarraDeEspera duracionMs={CONSTANTES.demoraRedireccionVinculacionMs} error={esError} />
            <p className="mt-3 text-muted-foreground text-sm">Te llevamos a Mi Tienda…</p>
            <Button asChild variant="outline" className="mt-5">
              <Link to="/my-store" replace>
                Ir a Mi Tienda ahora
                <ArrowRightIcon aria-hidden />
              </Link>
            </Button>
          </div>
        ) : (
          <div
            aria-hidden
            className="relative mt-7 h-1.5 w-full overflow-hidden rounded-full bg-muted"
          >
            <div className="h-full w-1/3 animate-pulse rounded-full bg-primary/60" />
          </div>
        )}
      </div>
    </div>
  );
}
