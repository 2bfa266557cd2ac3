import { MailWarningIcon, XIcon } from 'lucide-react';
import { useState } from 'react';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { useToastsDebajoDe } from '@/components/ui/toasts-debajo-de';
import { useUsuario } from '@/entities/usuario/api/get-usuario';
import { ApiError } from '@/lib/api-client';
import { useSession } from '@/lib/session/use-session';
import { useReenviarVerificacion } from '../api/cuenta';

const DEMASIADOS = 'Ya te enviamos varios enlaces. Esperá unos minutos y volvé a intentarlo.';

/**
 * 'Confirmá tu correo' for a signed-in account whose address is not verified yet, on every
 * screen (the shell renders it), with 'Reenviar'. Closing it hides it for this page view.
 */
export function VerificarEmailBanner() {
  const { usuarioId } = useSession();
  const usuario = useUsuario(usuarioId);
  const reenviar = useReenviarVerificacion();
  const [cerrado, setCerrado] = useState(false);
  // Toasts (a location error, 'Enlace enviado') sit below the banner, never over it.
  const [seccion, setSeccion] = useState<HTMLElement | null>(null);
  useToastsDebajoDe(seccion);

  if (cerrado || !usuario.data || usuario.data.emailVerificado) return null;

  const onReenviar = async () => {
    try {
      await reenviar.mutateAsync();
      toast({
        title: 'Enlace enviado',
        description: `Revisá tu correo: te enviamos un enlace nuevo a ${usuario.data.email}.`,
      });
    } catch (error) {
      const limitado = error instanceof ApiError && error.status === 429;
      const yaVerificado = error instanceof ApiError && error.code === 'EMAIL_YA_VERIFICADO';
      if (yaVerificado) {
        void usuario.refetch();
        return;
      }
      toast({
        title: limitado ? 'Demasiados envíos' : 'No se pudo reenviar el enlace',
        description: limitado
          ? DEMASIADOS
          : error instanceof ApiError
            ? (error.serverMessage ?? error.message)
            : 'Ha ocurrido un error inesperado',
        variant: 'destructive',
      });
    }
  };

  return (
    <section
      ref={setSeccion}
      aria-label="Confirmá tu correo"
      className="flex items-center gap-2 border-primary/30 border-b bg-primary/8 px-3 py-2 text-sm sm:gap-3 sm:px-4"
    >
      <MailWarningIcon aria-hidden className="hidden size-4 shrink-0 text-primary sm:block" />
      <p className="min-w-0 flex-1 text-pretty">
        Confirmá tu correo: te enviamos un enlace a{' '}
        <span className="break-all font-medium">{usuario.data.email}</span>.
      </p>
      <Button
        size="sm"
        variant="outline"
        className="shrink-0"
        disabled={reenviar.isPending}
        onClick={onReenviar}
      >
        {reenviar.isPending ? 'Enviando…' : 'Reenviar'}
      </Button>
      <Button
        size="icon"
        variant="ghost"
        className="size-8 shrink-0"
        aria-label="Cerrar aviso"
        onClick={() => setCerrado(true)}
      >
        <XIcon aria-hidden />
      </Button>
    </section>
  );
}
