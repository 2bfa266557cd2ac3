import { paqueteSchema } from '@compra-grupal/contracts';
import { useQueries } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, CreditCardIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { cotizacionQueryOptions } from '../api/cotizar-envio';
import {
  SinPedidoIdError,
  tiendasSinMercadoPago,
  useCrearPreferencia,
} from '../api/crear-preferencia';
import { useCliente } from '../api/get-cliente';
import { useTelefono } from '../api/get-telefono';
import { CHECKOUT_TEXTOS, TOTAL_PASOS, textoTiendasSinMp } from '../lib/textos';
import { CheckoutEncabezado } from './checkout-encabezado';
import { CheckoutResumen } from './checkout-resumen';
import { PasoDireccion } from './paso-direccion';
import { type CotizacionDeTienda, claveDeOpcion, PasoEnvio } from './paso-envio';
import { PasoPaquete } from './paso-paquete';
import { PasoTelefono } from './paso-telefono';
import {
  agruparPorTienda,
  type LineaCheckout,
  type LocationPickerComponent,
  type PaqueteTexto,
  type TiendaCheckout,
} from './tipos';

export interface CheckoutWizardProps {
  userId: string;
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

const TITULOS_PASO = [
  'Términos de la compra grupal',
  'Dirección de envío',
  'Teléfono de contacto',
  'Información del paquete',
  'Método de envío',
  'Confirma y paga',
] as const;

const PAQUETE_VACIO: PaqueteTexto = { peso: '', largo: '', ancho: '', alto: '' };

function leerPaquete(paquete: PaqueteTexto) {
  return paqueteSchema.safeParse({
    peso: Number(paquete.peso),
    largo: Number(paquete.largo),
    ancho: Number(paquete.ancho),
    alto: Number(paquete.alto),
  });
}

/**
 * The checkout wizard (spec part 1, sections 2, 4, 5 and 8): six steps under the cart summary
 * (terms, address, phone, package, shipping per store, summary and pay). Each gate says what is
 * missing with the spec's toast; the last step creates the payment preference.
 */
export function CheckoutWizard({
  userId,
  lineas,
  infoTiendas,
  LocationPicker,
  preloadLocationPicker,
  onVolverAlCarrito,
  onPedidoCreado,
}: CheckoutWizardProps) {
  const [paso, setPaso] = useState(1);
  const [terminos, setTerminos] = useState(false);
  const [direccionId, setDireccionId] = useState<string | null>(null);
  const [telefono, setTelefono] = useState<string | null>(null);
  const [telefonoConfirmado, setTelefonoConfirmado] = useState<string | null>(null);
  const [paquete, setPaquete] = useState<PaqueteTexto>(PAQUETE_VACIO);
  const [elegidas, setElegidas] = useState<Map<string, string>>(new Map());
  const [sinMp, setSinMp] = useState<string | null>(null);
  const tituloId = useId();
  const terminosId = useId();
  const titulo = useRef<HTMLHeadingElement>(null);

  const telefonoGuardado = useTelefono(userId);
  const cliente = useCliente(userId);
  const crearPreferencia = useCrearPreferencia();
  const tiendas = agruparPorTienda(lineas);

  // The saved phone fills the field once.
  const valorTelefono = telefono ?? telefonoGuardado.data ?? '';

  // Each new step takes the focus to its title, for keyboard and screen reader users.
  const pasoAnunciado = useRef(paso);
  useEffect(() => {
    if (pasoAnunciado.current === paso) return;
    pasoAnunciado.current = paso;
    titulo.current?.focus();
  }, [paso]);

  // Step 5 quotes each store's shipping when it is entered (and keeps the quotes after).
  const paqueteLeido = leerPaquete(paquete);
  const puedeCotizar =
    paso >= 5 &&
    direccionId !== null &&
    telefonoConfirmado !== null &&
    paqueteLeido.success &&
    cliente.isSuccess;
  const consultas = useQueries({
    queries: tiendas.map((tienda) => ({
      ...cotizacionQueryOptions({
        tiendaId: tienda.tiendaId,
        direccionDestinoId: direccionId ?? '',
        clienteInfo: {
          nombre: cliente.data?.nombre ?? '',
          telefono: telefonoConfirmado ?? '',
          email: cliente.data?.email ?? '',
        },
        paquete: paqueteLeido.success
          ? paqueteLeido.data
          : { peso: 0, largo: 0, ancho: 0, alto: 0 },
      }),
      enabled: puedeCotizar,
    })),
  });
  const cotizaciones = new Map<string, CotizacionDeTienda>();
  tiendas.forEach((tienda, index) => {
    const consulta = consultas[index];
    cotizaciones.set(tienda.tiendaId, {
      estado:
        cliente.isError || consulta?.isError ? 'error' : consulta?.isSuccess ? 'lista' : 'cargando',
      opciones: consulta?.data ?? [],
      reintentar: () => {
        if (cliente.isError) void cliente.refetch();
        else void consulta?.refetch();
      },
    });
  });

  // The chosen option of each store, while it is still offered.
  const envios = new Map<string, { carrier: string; servicio: string; precio: number }>();
  for (const tienda of tiendas) {
    const clave = elegidas.get(tienda.tiendaId);
    const opcion = cotizaciones
      .get(tienda.tiendaId)
      ?.opciones.find((candidata) => claveDeOpcion(candidata) === clave);
    if (opcion) envios.set(tienda.tiendaId, opcion);
  }
  const preciosDeEnvio = new Map([...envios].map(([id, opcion]) => [id, opcion.precio]));

  const avisar = (title: string, description: string) =>
    toast({ title, description, variant: 'destructive' });

  const pagar = async () => {
    if (crearPreferencia.isPending || !direccionId || !telefonoConfirmado || !paqueteLeido.success)
      return;
    setSinMp(null);
    try {
      const pedidoId = await crearPreferencia.mutateAsync({
        productos: lineas.map((linea) =>
          linea.grupoId
            ? {
                productoId: linea.productoId,
                cantidadSolicitada: linea.cantidadSolicitada,
                grupoId: linea.grupoId,
              }
            : { productoId: linea.productoId, cantidadSolicitada: linea.cantidadSolicitada },
        ),
        usuarioId: userId,
        direccionId,
        telefono: telefonoConfirmado,
        paquete: paqueteLeido.data,
        envios: tiendas.map((tienda) => {
          const opcion = envios.get(tienda.tiendaId);
          return {
            tiendaId: tienda.tiendaId,
            carrier: opcion?.carrier ?? '',
            servicio: opcion?.servicio ?? '',
          };
        }),
      });
      onPedidoCreado(pedidoId);
    } catch (error) {
      if (endedTheSession(error)) return;
      if (error instanceof SinPedidoIdError) {
        avisar('Error', CHECKOUT_TEXTOS.sinPedidoId);
        return;
      }
      const nombres = tiendasSinMercadoPago(error);
      if (nombres) {
        const texto = textoTiendasSinMp(nombres);
        setSinMp(texto);
        avisar('Tiendas sin Mercado Pago', texto);
        return;
      }
      const mensaje =
        error instanceof ApiError && error.status > 0 && error.status < 500
          ? error.serverMessage
          : undefined;
      avisar('Error', mensaje ?? CHECKOUT_TEXTOS.pagoNoProcesado);
    }
  };

  const avanzar = () => {
    switch (paso) {
      case 1:
        if (!terminos)
          return avisar(CHECKOUT_TEXTOS.terminosRequeridos, CHECKOUT_TEXTOS.aceptaTerminos);
        break;
      case 2:
        if (!direccionId)
          return avisar(CHECKOUT_TEXTOS.direccionRequerida, CHECKOUT_TEXTOS.seleccionaDireccion);
        break;
      case 3:
        if (!telefonoConfirmado || telefonoConfirmado !== valorTelefono.trim())
          return avisar(CHECKOUT_TEXTOS.telefonoRequerido, CHECKOUT_TEXTOS.confirmaTelefono);
        break;
      case 4: {
        if (Object.values(paquete).some((valor) => valor.trim() === '')) {
          return avisar(CHECKOUT_TEXTOS.informacionIncompleta, CHECKOUT_TEXTOS.completaPaquete);
        }
        if (!paqueteLeido.success) {
          return avisar(
            CHECKOUT_TEXTOS.informacionIncompleta,
            paqueteLeido.error.issues[0]?.message ?? CHECKOUT_TEXTOS.completaPaquete,
          );
        }
        break;
      }
      case 5:
        if (tiendas.some((tienda) => !envios.has(tienda.tiendaId)))
          return avisar(CHECKOUT_TEXTOS.metodoRequerido, CHECKOUT_TEXTOS.seleccionaMetodo);
        break;
      default:
        return void pagar();
    }
    setPaso(paso + 1);
  };

  const volver = () => {
    if (crearPreferencia.isPending) return;
    if (paso === 1) onVolverAlCarrito();
    else setPaso(paso - 1);
  };

  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-6 sm:px-6 sm:py-10">
      <CheckoutEncabezado paso={paso} />
      <div className="mb-5">
        <CheckoutResumen tiendas={tiendas} infoTiendas={infoTiendas} envios={preciosDeEnvio} />
      </div>

      <section
        aria-labelledby={tituloId}
        className="animate-rise-in rounded-2xl border border-border/70 bg-card p-4 shadow-sm sm:p-6"
      >
        <h2
          id={tituloId}
          ref={titulo}
          tabIndex={-1}
          className="mb-4 font-semibold text-lg tracking-tight outline-none"
        >
          {TITULOS_PASO[paso - 1]}
        </h2>

        {paso === 1 && (
          <div className="grid gap-4">
            <div className="grid gap-2 rounded-xl bg-muted/60 p-4 text-sm leading-relaxed">
              <p>
                Al sumarte a una compra grupal pagas por adelantado tu lugar en el grupo. El pedido
                se envía cuando el grupo completa los lugares necesarios.
              </p>
              <p>Si el grupo se cancela, el dinero se devuelve inmediatamente.</p>
              <p>Pagas a cada tienda por separado, con el envío que elijas para cada una.</p>
            </div>
            <label
              htmlFor={terminosId}
              className="flex cursor-pointer items-start gap-3 rounded-xl border border-border p-3 has-[:focus-visible]:ring-[3px] has-[:focus-visible]:ring-ring/45"
            >
              <input
                id={terminosId}
                type="checkbox"
                checked={terminos}
                onChange={(event) => setTerminos(event.target.checked)}
                className="mt-0.5 size-4 shrink-0 accent-primary outline-none"
              />
              <span className="text-sm">Acepto los términos y condiciones de la compra grupal</span>
            </label>
          </div>
        )}

        {paso === 2 && (
          <PasoDireccion
            userId={userId}
            direccionId={direccionId}
            onDireccion={setDireccionId}
            LocationPicker={LocationPicker}
            preloadLocationPicker={preloadLocationPicker}
          />
        )}

        {paso === 3 && (
          <PasoTelefono
            userId={userId}
            telefono={valorTelefono}
            guardado={telefonoGuardado.data}
            cargando={telefonoGuardado.isPending && telefono === null}
            confirmado={telefonoConfirmado !== null && telefonoConfirmado === valorTelefono.trim()}
            onTelefono={setTelefono}
            onConfirmado={setTelefonoConfirmado}
          />
        )}

        {paso === 4 && <PasoPaquete paquete={paquete} onCambio={setPaquete} />}

        {paso === 5 && (
          <PasoEnvio
            tiendas={tiendas}
            infoTiendas={infoTiendas}
            cotizaciones={cotizaciones}
            elegidas={elegidas}
            onElegir={(tiendaId, clave) =>
              setElegidas((actuales) => new Map(actuales).set(tiendaId, clave))
            }
          />
        )}

        {paso === 6 && (
          <div className="grid gap-4">
            <CheckoutResumen
              tiendas={tiendas}
              infoTiendas={infoTiendas}
              envios={preciosDeEnvio}
              abierto
              titulo="Productos y envíos"
            />
            {sinMp && (
              <p
                role="alert"
                className="flex items-start gap-2 rounded-xl border border-destructive/30 bg-destructive/5 p-3 text-sm"
              >
                <TriangleAlertIcon
                  className="mt-0.5 size-4 shrink-0 text-destructive"
                  aria-hidden
                />
                {sinMp}
              </p>
            )}
            <p className="text-muted-foreground text-xs">
              Al continuar creamos tu pedido y te llevamos a pagar a cada tienda.
            </p>
          </div>
        )}

        <div className="mt-6 flex flex-col-reverse gap-2 border-border/70 border-t pt-4 sm:flex-row sm:justify-between">
          <Button
            type="button"
            variant="outline"
            onClick={volver}
            disabled={crearPreferencia.isPending}
          >
            <ChevronLeftIcon aria-hidden />
            Volver
          </Button>
          <Button type="button" size="lg" onClick={avanzar} disabled={crearPreferencia.isPending}>
            {paso === TOTAL_PASOS ? (
              <>
                <CreditCardIcon aria-hidden />
                {crearPreferencia.isPending ? 'Procesando…' : 'Ir a pagar'}
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
