import { Link, useLocation } from 'react-router';
import { RecuperarContraseniaForm } from '@/features/usuario/components/recuperar-contrasenia-form';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { CuentaPantalla } from './cuenta-pantalla';

/** /recuperar-contrasenia: '¿Olvidaste tu contraseña?' under the login form leads here. */
export function RecuperarContraseniaRoute() {
  useDocumentTitle('Recuperar contraseña');
  const kept = (useLocation().state as { email?: unknown } | null)?.email;
  return (
    <CuentaPantalla
      titulo="¿Olvidaste tu contraseña?"
      subtitulo="Escribí el correo de tu cuenta y te enviamos un enlace para elegir una nueva."
    >
      <RecuperarContraseniaForm defaultEmail={typeof kept === 'string' ? kept : ''} />
      <Link
        to="/login"
        className="justify-self-center text-primary text-sm underline-offset-4 hover:underline"
      >
        Volver a iniciar sesión
      </Link>
    </CuentaPantalla>
  );
}
