import { describe, expect, it } from 'vitest';
import { textoDelMotivo } from './dinero-en-curso';

describe('textoDelMotivo', () => {
  it.each([
    ['grupo_cancelado', 'Grupo cancelado'],
    ['pago_duplicado', 'Pago duplicado'],
    ['sin_stock', 'Sin stock'],
    ['pago_no_coincide', 'Pago que no coincide'],
    ['pedido_vencido', 'Pedido vencido'],
    ['precio_cambiado', 'Precio cambiado'],
    ['envio_en_grupo', 'Envío en grupo'],
  ])('%s reads %s', (motivo, texto) => {
    expect(textoDelMotivo(motivo)).toBe(texto);
  });

  it('reads a reason it does not know yet as words', () => {
    expect(textoDelMotivo('tienda_cerrada')).toBe('Tienda cerrada');
  });
});
