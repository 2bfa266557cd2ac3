import { ChevronLeftIcon, ChevronRightIcon, CreditCardIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { ToastOptions } from '@/components/ui/toast';
import { useToastsDebajoDe } from '@/components/ui/toasts-debajo-de';
import { useWizard } from '@/components/wizard/use-wizard';
import type { LocationPickerComponent } from '@/entities/ubicacion/model/ubicacion';
import { useDirecciones } from '../api/get-direcciones';
import { useTelefono } from '../api/get-telefono';
import { useCotizaciones } from '../hooks/use-cotizaciones';
import { usePagarPedido } from '../hooks/use-pagar-pedido';
import { paqueteCompleto, paqueteDelCarrito, paqueteParaEnviar } from '../lib/paquete';
import { DATOS_VACIOS, PASOS } from '../lib/pasos';
import { CHECKOUT_TEXTOS, TOTAL_PASOS } from '../lib/textos';
import { CheckoutEncabezado } from './checkout-encabezado';
import { CheckoutResumen } from './checkout-resumen';
import { PasoDireccion } from './paso-direccion';
import { PasoEnvio } from './paso-envio';
import { PasoPaquete } from './paso-paquete';
import { PasoResumen } from './paso-resumen';
import { PasoTelefono } from './paso-telefono';
import { PasoTerminos } from './paso-terminos';
import { agruparPorTienda, type LineaCheckout, type TiendaCheckout } from './tipos';
import { UbicarDireccion } from './ubicar-direccion';

export interface CheckoutWizardProps {
  usuarioId: string;
  /** The cart's lines with their products, all loaded. */
  lineas: readonly LineaCheckout[];
  infoTiendas: ReadonlyMap<string, TiendaCheckout>;
  LocationPicker: LocationPickerComponent;
  preloadLocationPicker?: (() => void) | undefined;
  /** Step 1's 'Volver': back to the cart. */
  onVolverAlCarrito: () => void;
  /** The order exists (its id is already stored as currentPedidoId). */
  onPedidoCreado: (pedidoId: string) => void;
}

/**
 * The checkout wizard (spec part 1, sections 2, 4, 5 and 8): six steps under the cart summary
 * (terms, address, phone, package, shipping per store, summary and pay), one component each.
 * The package is not typed: it is the cart's, from the packages the sellers declared, shown
 * read-only; each store's quote sends its cart lines (`items`), which the server prices.
 * It holds what the steps share (the values, the quotes, the chosen shipping) and says what
 * is missing with the spec's toast at each gate; the last step creates the payment preference.
 */
export function CheckoutWizard({
  usuarioId,
  lineas,
  infoTiendas,
  LocationPicker,
  preloadLocationPicker,
  onVolverAlCarrito,
  onPedidoCreado,
}: CheckoutWizardProps) {
  const wizard = useWizard({
    pasos: PASOS,
    valoresIniciales: DATOS_VACIOS,
    tituloDelProblema: (_mensaje, paso) =>
      PASOS[paso - 1]?.tituloDelProblema ?? CHECKOUT_TEXTOS.informacionIncompleta,
  });
  const { paso, setPaso, valores, actualizar, pasoActual } = wizard;
  const { direccionId, telefono, telefonoConfirmado } = valores;
  const tituloId = useId();
  // Toasts sit below the title, the step and the progress bar, never over them.
  const [encabezado, setEncabezado] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(encabezado);

  const tiendas = agruparPorTienda(lineas);
  const direcciones = useDirecciones(usuarioId);
  const direccionElegida = direcciones.data?.find((d) => d._id === direccionId);
  const telefonoGuardado = useTelefono(usuarioId);
  // The saved phone fills the field once.
  const valorTelefono = telefono ?? telefonoGuardado.data ?? '';
  // Step 4's package: the cart's, from the packages the sellers declared; the requests carry it.
  const paqueteDelPedido = paqueteDelCarrito(lineas);
  const paqueteListo = paqueteCompleto(paqueteDelPedido);
  const paquete = paqueteListo ? paqueteParaEnviar(paqueteDelPedido) : null;

  // Step 5 quotes each store's shipping when it is entered (and keeps the quotes after).
  const elegidas = new Map(Object.entries(valores.elegidas));
  const { cotizaciones, envios } = useCotizaciones({
    usuarioId,
    tiendas,
    pedir: paso >= 5,
    direccionId,
    telefono: telefonoConfirmado,
    paquete,
    elegidas,
  });
  const { pagar, pagando, sinMp } = usePagarPedido({
    usuarioId,
    lineas,
    tiendas,
    onPedidoCreado,
  });

  // Steps 3 and 5 are checked against what the queries answered, not by their schema: their
  // toast goes here once the phone is confirmed or every store has its shipping.
  const telefonoListo = telefonoConfirmado !== null && telefonoConfirmado === valorTelefono.trim();
  const enviosListos = tiendas.every((tienda) => envios.has(tienda.tiendaId));
  const pasoListo = paso === 3 ? telefonoListo : paso === 5 ? enviosListos : false;
  const { problemaResuelto } = wizard;
  useEffect(() => {
    if (pasoListo) problemaResuelto();
  }, [pasoListo, problemaResuelto]);

  const sinConfirmar = (): ToastOptions | null => {
    if (paso === 3 && !telefonoListo) {
      return {
        title: CHECKOUT_TEXTOS.telefonoRequerido,
        description: CHECKOUT_TEXTOS.confirmaTelefono,
        variant: 'destructive',
      };
    }
    if (paso === 4 && !paqueteListo) {
      return {
        title: CHECKOUT_TEXTOS.informacionIncompleta,
        description: CHECKOUT_TEXTOS.completaPaquete,
        variant: 'destructive',
      };
    }
    if (paso === 5 && !enviosListos) {
      return {
        title: CHECKOUT_TEXTOS.metodoRequerido,
        description: CHECKOUT_TEXTOS.seleccionaMetodo,
        variant: 'destructive',
      };
    }
    return null;
  };
  const avanzar = () =>
    void wizard.avanzar({
      antes: sinConfirmar,
      terminar: () => void pagar({ direccionId, telefono: telefonoConfirmado, paquete, envios }),
    });

  const volver = () => {
    if (pagando) return;
    if (paso === 1) onVolverAlCarrito();
    else setPaso(paso - 1);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <CheckoutEncabezado paso={paso} ref={setEncabezado} />
      <div className="mb-5">
        <CheckoutResumen tiendas={tiendas} infoTiendas={infoTiendas} envios={envios} />
      </div>

      <section
        aria-labelledby={tituloId}
        className="animate-rise-in rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-6"
      >
        <h2
          id={tituloId}
          // Each new step takes the focus to its title, for keyboard and screen reader users.
          ref={wizard.registrarCampo}
          tabIndex={-1}
          className="mb-4 font-semibold text-lg tracking-tight outline-none"
        >
          {pasoActual.titulo}
        </h2>

        {paso === 1 && (
          <PasoTerminos
            aceptados={valores.terminos}
            onCambio={(aceptados) => actualizar('terminos', aceptados)}
          />
        )}

        {paso === 2 && (
          <PasoDireccion
            usuarioId={usuarioId}
            direccionId={direccionId}
            onDireccion={(id) => actualizar('direccionId', id)}
            LocationPicker={LocationPicker}
            preloadLocationPicker={preloadLocationPicker}
          />
        )}

        {paso === 3 && (
          <PasoTelefono
            usuarioId={usuarioId}
            telefono={valorTelefono}
            guardado={telefonoGuardado.data}
            cargando={telefonoGuardado.isPending && telefono === null}
            confirmado={telefonoListo}
            onTelefono={(valor) => actualizar('telefono', valor)}
            onConfirmado={(valor) => actualizar('telefonoConfirmado', valor)}
          />
        )}

        {paso === 4 && <PasoPaquete paquete={paqueteDelPedido} />}

        {paso === 5 && (
          <PasoEnvio
            tiendas={tiendas}
            infoTiendas={infoTiendas}
            cotizaciones={cotizaciones}
            elegidas={elegidas}
            onElegir={(tiendaId, clave) =>
              actualizar('elegidas', { ...valores.elegidas, [tiendaId]: clave })
            }
            ubicarDireccion={
              direccionElegida && (
                <UbicarDireccion
                  usuarioId={usuarioId}
                  direccion={direccionElegida}
                  LocationPicker={LocationPicker}
                  preloadLocationPicker={preloadLocationPicker}
                />
              )
            }
          />
        )}

        {paso === 6 && (
          <PasoResumen tiendas={tiendas} infoTiendas={infoTiendas} envios={envios} sinMp={sinMp} />
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 border-border/70 border-t pt-4 sm:flex-row sm:justify-between">
          <Button type="button" variant="outline" onClick={volver} disabled={pagando}>
            <ChevronLeftIcon aria-hidden />
            Volver
          </Button>
          <Button type="button" size="lg" onClick={avanzar} disabled={pagando}>
            {paso === TOTAL_PASOS ? (
              <>
                <CreditCardIcon aria-hidden />
                {pagando ? 'Procesando…' : 'Ir a pagar'}
              </>
            ) : (
              <>
                Continuar
                <ChevronRightIcon aria-hidden />
              </>
            )}
          </Button>
        </div>
      </section>
    </div>
  );
}
