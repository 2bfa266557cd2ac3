import { BanknoteIcon } from 'lucide-react';
import { ErrorView } from '@/components/error-view';
import { ApiError } from '@/lib/api-client';
import { useDineroEnCurso } from '../api/get-dinero-en-curso';
import { usePeriodoElegido } from '../hooks/use-periodo-elegido';
import { AccesoDenegado } from './acceso-denegado';
import { PagosNoCoincidentes } from './pagos-no-coincidentes';
import { PagosSinAplicar } from './pagos-sin-aplicar';
import { ReembolsoEnCursoCard } from './reembolso-en-curso-card';
import { SeccionDeDinero } from './seccion-de-dinero';
import { TotalesDelMarketplace } from './totales-del-marketplace';

/**
 * The team's money in flight (admins only, issue 37): the marketplace's totals for a period,
 * the refunds that have not gone out (each with 'Reintentar'), the payments no order took yet
 * and the payments that did not match their order.
 */
export function DineroEnCursoAdmin() {
  const { opcion, setOpcion, borrador, cambiarBorrador, errores, periodo } = usePeriodoElegido();
  const dinero = useDineroEnCurso(periodo);
  const { data, isFetching, isPlaceholderData } = dinero;

  if (dinero.isError && dinero.error instanceof ApiError && dinero.error.status === 403) {
    return <AccesoDenegado />;
  }

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="flex items-start gap-3.5">
        <span className="grid size-11 shrink-0 place-items-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/20">
          <BanknoteIcon className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="font-bold text-2xl tracking-tight sm:text-3xl">Dinero en curso</h1>
          <p className="mt-1 text-pretty text-muted-foreground">
            Lo que vendió el marketplace y el dinero que todavía está en camino: reembolsos que no
            salieron, pagos sin aplicar y pagos que no coinciden con su pedido.
          </p>
        </div>
      </header>

      {!data && dinero.isError ? (
        <div className="mt-6">
          <ErrorView
            title="No se pudo cargar el dinero en curso"
            headingLevel="h2"
            onRetry={() => void dinero.refetch()}
          >
            Revisa tu conexión e inténtalo de nuevo.
          </ErrorView>
        </div>
      ) : (
        <>
          <div className="mt-8">
            <TotalesDelMarketplace
              opcion={opcion}
              onOpcion={setOpcion}
              borrador={borrador}
              errores={errores}
              onCambiarFechas={cambiarBorrador}
              totales={data?.totales}
              periodo={data ? { desde: data.desde, hasta: data.hasta } : periodo}
              actualizando={isPlaceholderData}
            />
          </div>

          <SeccionDeDinero
            titulo="Reembolsos pendientes y fallidos"
            descripcion="Los que el proveedor todavía no confirmó. Se reintentan solos; 'Reintentar' lo pide ahora."
            items={data?.reembolsos}
            vacio={{
              titulo: 'No hay reembolsos pendientes',
              detalle: 'Todos los reembolsos salieron. Los que fallen van a aparecer aquí.',
            }}
            actualizando={isFetching}
          >
            {(reembolsos) => (
              <ul
                aria-label="Reembolsos pendientes y fallidos"
                className="grid grid-cols-[minmax(0,1fr)] gap-4"
              >
                {reembolsos.map((reembolso) => (
                  <li key={reembolso._id}>
                    <ReembolsoEnCursoCard reembolso={reembolso} />
                  </li>
                ))}
              </ul>
            )}
          </SeccionDeDinero>

          <SeccionDeDinero
            titulo="Pagos sin aplicar"
            descripcion="Pagos que ningún pedido tomó todavía: el proveedor los está acreditando o no volvió a avisar."
            items={data?.pagosSinAplicar}
            vacio={{
              titulo: 'No hay pagos sin aplicar',
              detalle: 'Cada pago que llegó ya está en su pedido.',
            }}
            actualizando={isFetching}
          >
            {(pagos) => <PagosSinAplicar pagos={pagos} />}
          </SeccionDeDinero>

          <SeccionDeDinero
            titulo="Pagos que no coinciden"
            descripcion="Pagos cuyo monto no coincide con el de su pedido; se devuelven a quien pagó."
            items={data?.pagosNoCoincidentes}
            vacio={{
              titulo: 'No hay pagos que no coincidan',
              detalle: 'Todos los pagos coinciden con el monto de su pedido.',
            }}
            actualizando={isFetching}
          >
            {(pagos) => <PagosNoCoincidentes pagos={pagos} />}
          </SeccionDeDinero>
        </>
      )}
    </div>
  );
}
