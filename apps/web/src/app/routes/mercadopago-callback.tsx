import { VinculacionCallback } from '@/features/mi-tienda/components/vinculacion-callback';
import { useDocumentTitle } from '@/hooks/use-document-title';

/** /mercadopago-callback: the return from linking Mercado Pago (spec part 2, section 2). */
export function MercadopagoCallbackRoute() {
  useDocumentTitle('Vinculando Mercado Pago');
  return <VinculacionCallback />;
}
