import { paqueteSchema } from '@compra-grupal/contracts';
import { useQueries } from '@tanstack/react-query';
import { ChevronLeftIcon, ChevronRightIcon, CreditCardIcon, TriangleAlertIcon } from 'lucide-react';
import { useEffect, useId, useState } from 'react';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useToastsDebajoDe } from '@/components/ui/toasts-debajo-de';
import { useWizard, valorRequerido } from '@/components/wizard/use-wizard';
import type { LocationPickerComponent } from '@/entities/ubicacion/model/ubicacion';
import { useUsuario } from '@/entities/usuario/api/get-usuario';
import { ApiError, endedTheSession } from '@/lib/api-client';
import { cotizacionQueryOptions } from '../api/cotizar-envio';
import {
  SinPedidoIdError,
  tiendasSinMercadoPago,
  useCrearPreferencia,
} from '../api/crear-preferencia';
import { useDirecciones } from '../api/get-direcciones';
import { useTelefono } from '../api/get-telefono';
import { motivoSinUbicacion } from '../lib/sin-ubicacion';
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
  type PaqueteTexto,
  type TiendaCheckout,
} from './tipos';
import { UbicarDireccion } from './ubicar-direccion';

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

/** What the steps collect; the package as typed. */
interface DatosCheckout {
  terminos: boolean;
  direccionId: string | null;
  /** The phone as typed; null until the user types (the saved one shows meanwhile). */
  telefono: string | null;
  telefonoConfirmado: string | null;
  paquete: PaqueteTexto;
  /** The chosen shipping option of each store (tiendaId to option key). */
  elegidas: Record<string, string>;
}

const DATOS_VACIOS: DatosCheckout = {
  terminos: false,
  direccionId: null,
  telefono: null,
  telefonoConfirmado: null,
  paquete: { peso: '', largo: '', ancho: '', alto: '' },
  elegidas: {},
};

function leerPaquete(paquete: PaqueteTexto) {
  return paqueteSchema.safeParse({
    peso: Number(paquete.peso),
    largo: Number(paquete.largo),
    ancho: Number(paquete.ancho),
    alto: Number(paquete.alto),
  });
}

/**
 * What each step checks (spec part 1, section 5), with the toast's title of its problem. The
 * phone (compared with the saved one) and the shipping (offered by the server's quotes) are
 * checked against what the queries answered, in `avanzar`.
 */
const SCHEMAS = [
  z.object({ terminos: z.boolean().refine(Boolean, CHECKOUT_TEXTOS.aceptaTerminos) }),
  z.object({ direccionId: valorRequerido<string>(CHECKOUT_TEXTOS.seleccionaDireccion) }),
  z.object({}),
  z.object({
    paquete: z.custom<PaqueteTexto>().superRefine((paquete, ctx) => {
      const vacio = Object.values(paquete).some((valor) => valor.trim() === '');
      const leido = leerPaquete(paquete);
      const message = vacio
        ? CHECKOUT_TEXTOS.completaPaquete
        : leido.success
          ? null
          : (leido.error.issues[0]?.message ?? CHECKOUT_TEXTOS.completaPaquete);
      if (message) ctx.addIssue({ code: 'custom', message });
    }),
  }),
  z.object({}),
  z.object({}),
];
const TITULO_DEL_PROBLEMA: Record<number, string> = {
  1: CHECKOUT_TEXTOS.terminosRequeridos,
  2: CHECKOUT_TEXTOS.direccionRequerida,
  4: CHECKOUT_TEXTOS.informacionIncompleta,
};

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
  const wizard = useWizard<DatosCheckout>({ pasos: SCHEMAS, valoresIniciales: DATOS_VACIOS });
  const { paso, setPaso, valores } = wizard;
  const { terminos, direccionId, telefono, telefonoConfirmado, paquete } = valores;
  const poner =
    <K extends keyof DatosCheckout>(clave: K) =>
    (valor: DatosCheckout[K]) =>
      wizard.form.setValue(clave, valor as never);
  const elegidas = new Map(Object.entries(valores.elegidas));
  const [sinMp, setSinMp] = useState<string | null>(null);
  const tituloId = useId();
  const terminosId = useId();
  // Toasts sit below the title, the step and the progress bar, never over them.
  const [encabezado, setEncabezado] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(encabezado);

  const direcciones = useDirecciones(userId);
  const direccionElegida = direcciones.data?.find((d) => d._id === direccionId);
  const telefonoGuardado = useTelefono(userId);
  const cliente = useUsuario(userId);
  const crearPreferencia = useCrearPreferencia();
  const tiendas = agruparPorTienda(lineas);

  // The saved phone fills the field once.
  const valorTelefono = telefono ?? telefonoGuardado.data ?? '';

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
    const motivo = motivoSinUbicacion(consulta?.error);
    cotizaciones.set(tienda.tiendaId, {
      estado: motivo
        ? 'sin-ubicacion'
        : cliente.isError || consulta?.isError
          ? 'error'
          : consulta?.isSuccess
            ? 'lista'
            : 'cargando',
      motivo: motivo ?? undefined,
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

  // Steps 3 and 5 are checked against what the queries answered, not by their schema: their
  // toast goes here once the phone is confirmed or every store has its shipping.
  const telefonoListo = telefonoConfirmado !== null && telefonoConfirmado === valorTelefono.trim();
  const enviosListos = tiendas.every((tienda) => envios.has(tienda.tiendaId));
  const pasoListo = paso === 3 ? telefonoListo : paso === 5 ? enviosListos : false;
  const { problemaResuelto } = wizard;
  useEffect(() => {
    if (pasoListo) problemaResuelto();
  }, [pasoListo, problemaResuelto]);

  const avanzar = async () => {
    if (paso === 3 && !telefonoListo) {
      wizard.avisarProblema({
        title: CHECKOUT_TEXTOS.telefonoRequerido,
        description: CHECKOUT_TEXTOS.confirmaTelefono,
        variant: 'destructive',
      });
      return;
    }
    if (paso === 5 && !enviosListos) {
      wizard.avisarProblema({
        title: CHECKOUT_TEXTOS.metodoRequerido,
        description: CHECKOUT_TEXTOS.seleccionaMetodo,
        variant: 'destructive',
      });
      return;
    }
    if (paso === TOTAL_PASOS) return void pagar();
    const problema = await wizard.validarPaso();
    if (problema !== null) {
      wizard.avisarProblema({
        title: TITULO_DEL_PROBLEMA[paso] ?? CHECKOUT_TEXTOS.informacionIncompleta,
        description: problema,
        variant: 'destructive',
      });
      return;
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
      <CheckoutEncabezado paso={paso} ref={setEncabezado} />
      <div className="mb-5">
        <CheckoutResumen tiendas={tiendas} infoTiendas={infoTiendas} envios={preciosDeEnvio} />
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
                onChange={(event) => poner('terminos')(event.target.checked)}
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
            onDireccion={poner('direccionId')}
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
            confirmado={telefonoListo}
            onTelefono={poner('telefono')}
            onConfirmado={poner('telefonoConfirmado')}
          />
        )}

        {paso === 4 && <PasoPaquete paquete={paquete} onCambio={poner('paquete')} />}

        {paso === 5 && (
          <PasoEnvio
            tiendas={tiendas}
            infoTiendas={infoTiendas}
            cotizaciones={cotizaciones}
            elegidas={elegidas}
            onElegir={(tiendaId, clave) =>
              poner('elegidas')({ ...valores.elegidas, [tiendaId]: clave })
            }
            ubicarDireccion={
              direccionElegida && (
                <UbicarDireccion
                  userId={userId}
                  direccion={direccionElegida}
                  LocationPicker={LocationPicker}
                  preloadLocationPicker={preloadLocationPicker}
                />
              )
            }
          />
        )}

        {paso === 6 && (
          <div className="grid grid-cols-[minmax(0,1fr)] gap-4">
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
          <Button
            type="button"
            size="lg"
            onClick={() => void avanzar()}
            disabled={crearPreferencia.isPending}
          >
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
