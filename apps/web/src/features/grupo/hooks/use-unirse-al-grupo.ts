import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { toast } from '@/components/ui/toast';
import { endedTheSession } from '@/lib/api-client';
import { usuarioEnGrupoQueryOptions } from '../api/get-usuario-en-grupo';

export interface UnirseAlGrupoOptions {
  grupoId: string;
  /** The logged-in user, or null (a visitor). */
  usuarioId: string | null;
  /** Opens the login dialog ('Inicia sesión para continuar'). */
  onIniciarSesion: () => void;
  /** Puts the product in the cart with this group and the quantity. */
  onAgregar: (cantidad: number) => void;
}

/**
 * The join flow (spec part 1, section 4, "Group join"): a visitor gets the login dialog; a
 * member of the group (usuarioEnGrupo) picks a quantity in a dialog; anyone else goes straight
 * on with quantity 1.
 */
export function useUnirseAlGrupo({
  grupoId,
  usuarioId,
  onIniciarSesion,
  onAgregar,
}: UnirseAlGrupoOptions) {
  const queryClient = useQueryClient();
  const [eligiendo, setEligiendo] = useState(false);
  const [verificando, setVerificando] = useState(false);

  const unirse = useCallback(async () => {
    if (!usuarioId) {
      onIniciarSesion();
      return;
    }
    setVerificando(true);
    try {
      const estaEnGrupo = await queryClient.fetchQuery(
        usuarioEnGrupoQueryOptions(grupoId, usuarioId),
      );
      if (estaEnGrupo) setEligiendo(true);
      else onAgregar(1);
    } catch (error) {
      if (endedTheSession(error)) return;
      toast({
        title: 'No pudimos sumarte al grupo',
        description: 'Revisa tu conexión e inténtalo de nuevo',
        variant: 'destructive',
      });
    } finally {
      setVerificando(false);
    }
  }, [grupoId, usuarioId, onIniciarSesion, onAgregar, queryClient]);

  return { unirse, verificando, eligiendo, setEligiendo };
}
