import { MailIcon, MessageCircleIcon, PhoneIcon } from 'lucide-react';
import { Link } from 'react-router';
import { useSoporte } from '../api/get-soporte';
import { enlacesDelTelefono } from '../lib/soporte';

const enlace =
  'flex items-center gap-2 rounded-lg px-2 py-1.5 font-medium transition-colors hover:bg-accent focus-visible:outline-2';

/**
 * The support contact of a closed group: the configured phone (a call and WhatsApp) and email.
 * With none configured, no number is made up: the order's state is in Mis Pedidos.
 */
export function ContactoDeSoporte() {
  const { telefono, email } = useSoporte();
  if (!telefono && !email) {
    return (
      <p className="mt-4 text-muted-foreground text-sm">
        Puedes seguir el estado de tu pedido en{' '}
        <Link
          to="/my-orders"
          className="font-medium text-primary-strong underline-offset-4 hover:underline"
        >
          Mis Pedidos
        </Link>
        .
      </p>
    );
  }
  const enlaces = telefono ? enlacesDelTelefono(telefono) : null;
  return (
    <>
      <p className="mt-4 text-muted-foreground text-sm">
        {telefono
          ? '¿Tienes dudas sobre tu envío? Escríbenos o llámanos.'
          : '¿Tienes dudas sobre tu envío? Escríbenos.'}
      </p>
      <ul className="mt-3 grid gap-2 text-sm">
        {telefono && enlaces && (
          <>
            <li>
              <a href={enlaces.llamar} className={enlace}>
                <PhoneIcon className="size-4 text-muted-foreground" aria-hidden />
                Llamar a soporte: {telefono}
              </a>
            </li>
            <li>
              <a
                href={enlaces.whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className={enlace}
              >
                <MessageCircleIcon className="size-4 text-muted-foreground" aria-hidden />
                Escribir por WhatsApp
                <span className="sr-only">(se abre en una pestaña nueva)</span>
              </a>
            </li>
          </>
        )}
        {email && (
          <li>
            <a href={`mailto:${email}`} className={`${enlace} [overflow-wrap:anywhere]`}>
              <MailIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
              Escribir a {email}
            </a>
          </li>
        )}
      </ul>
    </>
  );
}
