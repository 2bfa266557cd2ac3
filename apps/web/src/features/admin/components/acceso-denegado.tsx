import { AccesoRestringido } from '@/entities/sesion/components/acceso-restringido';

/** A product-team screen opened by someone who is not on the team. */
export function AccesoDenegado() {
  return (
    <AccesoRestringido>
      Esta sección es solo para el equipo de Compra Grupal que revisa las tiendas. Si crees que
      deberías tener acceso, pídeselo a un administrador.
    </AccesoRestringido>
  );
}
