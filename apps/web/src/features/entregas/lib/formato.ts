/** A phone number for a tel: link (digits and a leading +). */
export function telefonoHref(telefono: string): string {
  return `tel:${telefono.replace(/[^\d+]/g, '')}`;
}
