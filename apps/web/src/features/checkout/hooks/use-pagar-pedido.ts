import type { OpcionEnvio, Paquete } from '@compra-grupal/contracts';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { ApiError, endedTheSession } from '@/lib/api-client';
import {
  SinPedidoIdError,
  tiendasSinMercadoPago,
  useCrearPreferencia,
} from '../api/crear-preferencia';
import type { LineaCheckout, TiendaDelPedido } from '../components/tipos';
import { CHECKOUT_TEXTOS, textoTiendasSinMp } from '../lib/textos';

function avisar(title: string, description: string) {
  toast({ title, description, variant: 'destructive' });
}

/**
 * The last step's 'Ir a pagar': creates the order and its payment preference; a failure says
 * why (the stores without Mercado Pago, also in `sinMp`; the server's reason; the spec's text).
 */
export function usePagarPedido({
  usuarioId,
  lineas,
  tiendas,
  onPedidoCreado,
}: {
  usuarioId: string;
  lineas: readonly LineaCheckout[];
  tiendas: readonly TiendaDelPedido[];
  onPedidoCreado: (pedidoId: string) => void;
}) {
  const crearPreferencia = useCrearPreferencia();
  const [sinMp, setSinMp] = useState<string | null>(null);

  const pagar = async ({
    direccionId,
    telefono,
    paquete,
    envios,
  }: {
    direccionId: string | null;
    telefono: string | null;
    paquete: Paquete | null;
    envios: ReadonlyMap<string, OpcionEnvio>;
  }) => {
    if (crearPreferencia.isPending || !direccionId || !telefono || !paquete) return;
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
        usuarioId,
        direccionId,
        telefono,
        paquete,
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

  return { pagar, pagando: crearPreferencia.isPending, sinMp };
}
