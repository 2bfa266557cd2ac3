import { toast } from '@/components/ui/toast';

/** The group's share link (spec part 1, section 9): /group/{groupId}. */
export function enlaceDeGrupo(grupoId: string): string {
  return `${window.location.origin}/group/${grupoId}`;
}

/**
 * Shares the group's link. On a phone with the Web Share API it opens the system's share
 * sheet (cancelling it says nothing); otherwise it copies the link: '¡Enlace copiado!', or
 * 'No se pudo copiar el enlace'.
 */
export async function compartirGrupo(
  grupoId: string,
  { nombre, usarShareSheet }: { nombre: string; usarShareSheet: boolean },
): Promise<void> {
  const url = enlaceDeGrupo(grupoId);
  if (usarShareSheet && typeof navigator.share === 'function') {
    try {
      await navigator.share({
        title: `Grupo de compra: ${nombre}`,
        text: `Súmate a la compra grupal de ${nombre}`,
        url,
      });
      return;
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      // Any other failure falls back to copying the link.
    }
  }
  try {
    if (!navigator.clipboard) throw new Error('Portapapeles no disponible');
    await navigator.clipboard.writeText(url);
    toast({
      title: '¡Enlace copiado!',
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
