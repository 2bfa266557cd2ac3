/**
 * Support contact shown on closed groups (spec part 2, section 1: "the number is fixed and not
 * reproduced"). These are placeholders, clearly not a real line: replace them with the
 * product team's number before going live.
 */
export const SOPORTE = {
  /** As shown. */
  telefono: '+54 11 0000-0000',
  /** tel: link. */
  telefonoHref: 'tel:+541100000000',
  /** WhatsApp link (wa.me takes the number without signs). */
  whatsappHref: 'https://wa.me/5491100000000',
} as const;
