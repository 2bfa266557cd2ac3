import {
  type CambiosDePreferenciasDeAviso,
  preferenciasDeAvisoSchema,
  type TipoDeAviso,
} from '@compra-grupal/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { avisosKeys } from './avisos-keys';
import { AVISOS_PATH } from './get-avisos';

const PREFERENCIAS_PATH = `${AVISOS_PATH}/preferencias`;

/** GET /api/aviso/preferencias: whether each kind is also emailed, and pushed to the devices. */
export function usePreferenciasDeAviso(usuarioId: string, { enabled }: { enabled: boolean }) {
  return useQuery({
    queryKey: avisosKeys.preferencias(usuarioId),
    queryFn: ({ signal }) =>
      api.get(PREFERENCIAS_PATH, { schema: preferenciasDeAvisoSchema, signal }),
    enabled,
  });
}

/**
 * PUT /api/aviso/preferencias with one kind's email or device switch (`push`) on or off; the
 * answer is the new state.
 */
export function useGuardarPreferenciaDeAviso(usuarioId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      tipo,
      canal,
      valor,
    }: {
      tipo: TipoDeAviso;
      canal: 'email' | 'push';
      valor: boolean;
    }) =>
      api.put(
        PREFERENCIAS_PATH,
        { [canal]: { [tipo]: valor } } satisfies CambiosDePreferenciasDeAviso,
        { schema: preferenciasDeAvisoSchema },
      ),
    onSuccess: (preferencias) =>
      queryClient.setQueryData(avisosKeys.preferencias(usuarioId), preferencias),
  });
}
