import type { DireccionDeEntrega } from '@compra-grupal/contracts';

/**
 * The delivery address as the spec shows it (part 2, section 2): the street, then
 * ', Depto X' and ' - description' when present.
 */
export function textoDireccion(
  direccion: Pick<DireccionDeEntrega, 'direccion' | 'departamento' | 'descripcion'>,
): string {
  let texto = direccion.direccion;
  if (direccion.departamento?.trim()) texto += `, Depto ${direccion.departamento.trim()}`;
  if (direccion.descripcion?.trim()) texto += ` - ${direccion.descripcion.trim()}`;
  return texto;
}

/** The city line under the address: 'Ciudad, Provincia (CP)'. */
export function textoLocalidad(
  direccion: Pick<DireccionDeEntrega, 'ciudad' | 'provincia' | 'codigoPostal'>,
): string {
  const lugar = [direccion.ciudad, direccion.provincia].filter((parte) => parte.trim()).join(', ');
  return direccion.codigoPostal ? `${lugar} (${direccion.codigoPostal})` : lugar;
}

/** A phone number for a tel: link (digits and a leading +). */
export function telefonoHref(telefono: string): string {
  return `tel:${telefono.replace(/[^\d+]/g, '')}`;
}
