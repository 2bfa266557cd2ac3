/**
 * Links to a support phone as configured (SUPPORT_PHONE, e.g. '+54 11 4321-5678'): a call, and
 * a WhatsApp chat (wa.me takes the number's digits without signs).
 */
export function enlacesDelTelefono(telefono: string) {
  const digitos = telefono.replace(/\D/g, '');
  return {
    llamar: `tel:${telefono.trim().startsWith('+') ? '+' : ''}${digitos}`,
    whatsapp: `https://wa.me/${digitos}`,
  };
}
