import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { latitudSchema } from './coordenadas';
import { MAGNITUD_MINIMA, numero } from './numero';
import { CARACTERES_NO_PERMITIDOS, texto, tieneCaracteresNoPermitidos } from './texto';

describe('texto', () => {
  const nombre = texto({ max: 10, min: 1, campo: 'El nombre' });

  it('trims, and takes accents, emoji and right-to-left text', () => {
    expect(nombre.parse('  Zoë 🛒 ש  ')).toBe('Zoë 🛒 ש');
  });

  it.each([
    ['NUL', 'a\u0000b'],
    ['a C0 control', 'a\u001bb'],
    ['a line break inside a single-line field', 'a\nb'],
    ['DEL', 'a\u007fb'],
    ['a C1 control', 'a\u0085b'],
    ['a lone high surrogate', 'a\ud800b'],
    ['a lone low surrogate', 'a\udc00b'],
    ['U+FFFE', 'a\ufffeb'],
    ['U+FFFF', 'a\uffffb'],
  ])('refuses %s', (_caso, valor) => {
    const result = nombre.safeParse(valor);
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'El nombre contiene caracteres no permitidos',
    ]);
  });

  it('keeps tab and line breaks in a multi-line field, and nothing else', () => {
    const nota = texto({ max: 50, multilinea: true });
    expect(nota.parse('Timbre 3B\r\n\tPortón verde')).toBe('Timbre 3B\r\n\tPortón verde');
    expect(nota.safeParse('Timbre\u0000').error?.issues[0]?.message).toBe(CARACTERES_NO_PERMITIDOS);
  });

  it('bounds the length, and does not scan a value already too long', () => {
    expect(nombre.safeParse('x'.repeat(11)).error?.issues.map((i) => i.message)).toEqual([
      'El nombre puede tener hasta 10 caracteres',
    ]);
    expect(nombre.safeParse('   ').error?.issues[0]?.message).toBe('El nombre es obligatorio');
    expect(nombre.safeParse(undefined).error?.issues[0]?.message).toBe('El nombre es obligatorio');
  });

  it('counts characters as JSON Schema does: an emoji is one, not two UTF-16 units', () => {
    const corto = texto({ max: 3, min: 2 });
    expect(corto.parse('🛒😀🛒')).toBe('🛒😀🛒');
    expect(corto.safeParse('🛒😀🛒😀').success).toBe(false);
    expect(corto.safeParse(' 🛒 ').success).toBe(false);
  });

  it('tells the OpenAPI document the same bounds, trimmed', () => {
    const json = z.toJSONSchema(texto({ max: 10, min: 2 }), { target: 'openapi-3.0' }) as {
      maxLength?: number;
      minLength?: number;
      not?: { pattern?: string };
    };
    expect(json).toMatchObject({ maxLength: 10, minLength: 2 });
    const refused = new RegExp(json.not?.pattern ?? '$^', 'u');
    for (const valor of ['', '    ', ' a ', 'a\u0000b', 'ab\u001b']) {
      expect(refused.test(valor), JSON.stringify(valor)).toBe(true);
    }
    for (const valor of ['ab', ' a b ', 'Zoë 🛒 ש', `a${' '.repeat(1000)}b`]) {
      expect(refused.test(valor), JSON.stringify(valor)).toBe(false);
    }
  });

  it('takes a password as typed', () => {
    expect(texto({ max: 20, recortar: false }).parse(' clave ')).toBe(' clave ');
  });

  it('tells paired surrogates (emoji) from lone ones', () => {
    expect(tieneCaracteresNoPermitidos('👩‍👩‍👧')).toBe(false);
    expect(tieneCaracteresNoPermitidos('👩'.slice(0, 1))).toBe(true);
    expect(tieneCaracteresNoPermitidos('👩'.slice(1))).toBe(true);
  });
});

describe('numero', () => {
  it('refuses NaN, infinities, out-of-range and subnormal values; takes zero', () => {
    for (const valor of [Number.NaN, Infinity, -Infinity, 91, 5e-324, -2.2e-308, 1e-301]) {
      expect(latitudSchema.safeParse(valor).success, String(valor)).toBe(false);
    }
    for (const valor of [0, -0, MAGNITUD_MINIMA, -34.6037, 90]) {
      expect(latitudSchema.parse(valor)).toBe(valor);
    }
  });

  it('refuses non-integers and unsafe integers when whole numbers are asked for', () => {
    const indice = numero({ min: 0, max: 2 ** 60, entero: true, mensaje: 'Índice inválido' });
    expect(indice.safeParse(1.5).success).toBe(false);
    expect(indice.safeParse(2 ** 53 + 2).success).toBe(false);
    expect(indice.parse(3)).toBe(3);
  });
});
