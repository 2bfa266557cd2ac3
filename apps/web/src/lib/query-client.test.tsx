import { QueryClientProvider, useMutation } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { toast } from '@/components/ui/toast';
import { createTestQueryClient } from '@/test/query-client';
import { ApiError, RENOVACION_FALLIDA, SESION_EXPIRADA } from './api-client';
import type { MutationErrorMeta } from './query-client';

vi.mock('@/components/ui/toast', () => ({ toast: vi.fn() }));

function wrapper({ children }: { children: ReactNode }) {
  return <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>;
}

async function fail(error: unknown, meta?: MutationErrorMeta) {
  const { result } = renderHook(
    () =>
      useMutation({
        mutationFn: async () => {
          throw error;
        },
        meta,
      }),
    { wrapper },
  );
  act(() => result.current.mutate());
  await waitFor(() => expect(result.current.isError).toBe(true));
}

const conMensaje = new ApiError('El email ya está registrado', {
  status: 409,
  code: 'EMAIL_EN_USO',
  serverMessage: 'El email ya está registrado',
});
const sinMensaje = new ApiError('Error en la solicitud: 500', { status: 500 });

describe('mutation errors, shown from one place', () => {
  beforeEach(() => {
    vi.mocked(toast).mockReset();
  });

  it("uses the meta's title with the server's message", async () => {
    await fail(conMensaje, { errorTitle: 'Error al registrar usuario' });
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Error al registrar usuario',
      description: 'El email ya está registrado',
      variant: 'destructive',
    });
  });

  it("uses the meta's message when the server sends none", async () => {
    await fail(sinMensaje, {
      errorTitle: 'Error al crear cuenta',
      errorMessage: 'Ha ocurrido un error inesperado',
    });
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Error al crear cuenta',
      description: 'Ha ocurrido un error inesperado',
      variant: 'destructive',
    });
  });

  it("says 'Error' with the failure's message without a meta", async () => {
    await fail(sinMensaje);
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Error',
      description: 'Error en la solicitud: 500',
      variant: 'destructive',
    });
  });

  it("says 'Ha ocurrido un error inesperado' for a failure that is not the api's", async () => {
    await fail(new TypeError('x is undefined'));
    expect(toast).toHaveBeenCalledExactlyOnceWith({
      title: 'Error',
      description: 'Ha ocurrido un error inesperado',
      variant: 'destructive',
    });
  });

  it('says nothing when the mutation shows its failure itself', async () => {
    await fail(conMensaje, { errorTitle: 'Error al iniciar sesión', errorToast: false });
    expect(toast).not.toHaveBeenCalled();
  });

  it.each([SESION_EXPIRADA, RENOVACION_FALLIDA])(
    "adds nothing to the api client's toast when the session ended (%s)",
    async (message) => {
      await fail(new ApiError(message, { status: 401 }), { errorTitle: 'Error al iniciar sesión' });
      expect(toast).not.toHaveBeenCalled();
    },
  );
});
