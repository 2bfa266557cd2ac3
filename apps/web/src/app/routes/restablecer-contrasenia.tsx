import { TriangleAlertIcon } from 'lucide-react';
import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/toast';
import { RestablecerContraseniaForm } from '@/features/usuario/components/restablecer-contrasenia-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CuentaPantalla } from './cuenta-pantalla';

const SIN_ENLACE = 'El enlace no es válido o ya no se puede usar. Pedí uno nuevo.';

/**
 * /restablecer-contrasenia?token=…: the recovery email's link. A new password signs every
 * device out, so success goes to /login; a bad link says so and offers to ask again.
 */
export function RestablecerContraseniaRoute() {
  useDocumentTitle('Elegir una contraseña nueva');
  const navigate = useNavigate();
  const token = useSearchParams()[0].get('token') ?? '';
  const [error, setError] = useState<string | null>(token ? null : SIN_ENLACE);

  if (error) {
    return (
      <CuentaPantalla titulo="El enlace no sirve">
        <p
          role="alert"
          className="flex items-start gap-2.5 rounded-lg border border-destructive/30 bg-destructive-soft p-3 text-sm"
        >
          <TriangleAlertIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
          <span>{error}</span>
        </p>
        <Button asChild size="lg">
          <Link to="/recuperar-contrasenia">Pedir un enlace nuevo</Link>
        </Button>
      </CuentaPantalla>
    );
  }

  return (
    <CuentaPantalla
      titulo="Elegí una contraseña nueva"
      subtitulo="Al cambiarla, se cierra la sesión en todos tus dispositivos."
    >
      <RestablecerContraseniaForm
        token={token}
        onEnlaceInvalido={setError}
        onSuccess={() => {
          toast({
            title: 'Contraseña cambiada',
            description: 'Ingresá con tu contraseña nueva.',
          });
          navigate('/login', { replace: true });
        }}
      />
    </CuentaPantalla>
  );
}
