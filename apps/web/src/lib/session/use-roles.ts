import { useEsRepartidor } from './es-repartidor';
import { useEsVendedor } from './es-vendedor';
import { useSession } from './use-session';

export interface Roles {
  usuarioId: string | null;
  esVendedor: boolean;
  esRepartidor: boolean;
  /** True while either check is running. */
  isLoading: boolean;
}

/**
 * The user's roles: both server checks run in parallel with the userId of the token; a failed
 * check counts as false (spec part 1, section 6).
 */
export function useRoles(): Roles {
  const { usuarioId } = useSession();
  const vendedor = useEsVendedor(usuarioId);
  const repartidor = useEsRepartidor(usuarioId);
  return {
    usuarioId,
    esVendedor: vendedor.data?.esVendedor ?? false,
    esRepartidor: repartidor.data?.esRepartidor ?? false,
    isLoading: vendedor.isLoading || repartidor.isLoading,
  };
}
