import { toast } from '@/components/ui/toast';

/** The product's own link, whatever screen shows it. */
function enlaceDeProducto(productoId: string): string {
  return `${window.location.origin}/product/${productoId}`;
}

/**
 * Copies the product link: 'Enlace copiado' (spec part 2, section 8), or 'No se pudo copiar
 * el enlace'.
 */
export async function compartirProducto(productoId: string): Promise<void> {
  try {
    if (!navigator.clipboard) throw new Error('Portapapeles no disponible');
    await navigator.clipboard.writeText(enlaceDeProducto(productoId));
    toast({
      title: 'Enlace copiado',
      description: 'Compártelo para completar el grupo más rápido',
    });
  } catch {
    toast({
      title: 'No se pudo copiar el enlace',
      description: 'Copia la dirección desde la barra del navegador',
      variant: 'destructive',
    });
  }
}
