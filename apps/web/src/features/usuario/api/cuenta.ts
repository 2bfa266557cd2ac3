import {
  mensajeResponseSchema,
  type RecuperarContraseniaRequest,
  type RestablecerContraseniaRequest,
} from '@compra-grupal/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { usuarioKeys } from '@/lib/session/usuario-keys';

/**
 * POST /api/usuario/recuperar-contrasenia: the server answers the same whether the email has
 * an account or not, so the screen always says the same thing.
 */
export function useRecuperarContrasenia() {
  return useMutation({
    mutationFn: (body: RecuperarContraseniaRequest) =>
      api.post('/api/usuario/recuperar-contrasenia', body, {
        auth: false,
        schema: mensajeResponseSchema,
      }),
    meta: { errorTitle: 'No se pudo enviar el enlace' },
  });
}

/** POST /api/usuario/restablecer-contrasenia: the screen shows a bad link itself. */
export function useRestablecerContrasenia() {
  return useMutation({
    mutationFn: (body: RestablecerContraseniaRequest) =>
      api.post('/api/usuario/restablecer-contrasenia', body, {
        auth: false,
        schema: mensajeResponseSchema,
      }),
    meta: { errorToast: false },
  });
}

/**
 * GET /api/usuario/verificar-email: a mutation, not a query, because it uses the link (once);
 * the screen shows the answer. The profile is read again so the banner goes away.
 */
export function useVerificarEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (token: string) =>
      api.get(`/api/usuario/verificar-email?token=${encodeURIComponent(token)}`, {
        auth: false,
        schema: mensajeResponseSchema,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: usuarioKeys.all }),
    meta: { errorToast: false },
  });
}

/** POST /api/usuario/reenviar-verificacion (the banner's 'Reenviar'). */
export function useReenviarVerificacion() {
  return useMutation({
    mutationFn: () =>
      api.post('/api/usuario/reenviar-verificacion', undefined, { schema: mensajeResponseSchema }),
    meta: { errorToast: false },
  });
}
