import { recortar } from '../../lib/texto-es';
import type { AvisoService, RepositoriosDeAvisar } from './aviso.service';

/** Rows a scan reads per pass. */
export const LOTE = 200;

const TITULO_MAX = 200;
const CUERPO_MAX = 1000;

/** The app paths the messages link to. */
export const rutas = {
  pagar: (pedidoId: string) => `/multi-payment-checkout?pedidoId=${pedidoId}`,
  detalleDePago: (pedidoId: string) => `/payment-detail/${pedidoId}`,
  misPedidos: '/my-orders',
  miTienda: '/my-store',
  paraEntregar: '/delivery-orders',
  grupo: (grupoId: string) => `/group/${grupoId}`,
};

/** What every group of messages is built from (one deps object, docs/decisions/031). */
export interface DepsDeMensajes {
  aviso: Pick<AvisoService, 'avisar'>;
}

/** `aviso.avisar` with the notification's title and body bounded. */
export function avisarAcotado({
  aviso,
}: DepsDeMensajes): (
  repos: RepositoriosDeAvisar,
  a: Parameters<AvisoService['avisar']>[1],
) => Promise<void> {
  return (repos, a) =>
    aviso.avisar(repos, {
      ...a,
      titulo: recortar(a.titulo, TITULO_MAX),
      cuerpo: recortar(a.cuerpo, CUERPO_MAX),
    });
}
