import { describe, expect, it } from 'vitest';
import { nombreCategoriaFormSchema } from './categorias';
import { resultadoVinculacion } from './resultado-vinculacion';

describe('nombreCategoriaFormSchema', () => {
  const otras = ['Frutas', 'Lácteos'];
  const error = (nombre: string, nombres: readonly string[] = otras) => {
    const resultado = nombreCategoriaFormSchema(nombres).safeParse({ nombre });
    return resultado.success ? null : resultado.error.issues[0]?.message;
  };

  it('refuses an empty name, also when it is only spaces', () => {
    expect(error('')).toBe('Por favor ingresa un nombre para la categoría');
    expect(error('   ')).toBe('Por favor ingresa un nombre para la categoría');
  });

  it('refuses the name of another category regardless of case and spaces', () => {
    expect(error(' FRUTAS ')).toBe('Ya existe una categoría con ese nombre');
    expect(error('lÁcteos')).toBe('Ya existe una categoría con ese nombre');
  });

  it("refuses what the contract refuses (control characters), in the contract's words", () => {
    expect(error('Fru\u0000tas')).toMatch(/caracteres no permitidos/);
  });

  it('gives the trimmed name, and lets a renamed category keep its own', () => {
    expect(nombreCategoriaFormSchema(otras).parse({ nombre: '  Verduras ' })).toEqual({
      nombre: 'Verduras',
    });
    expect(error('frutas', ['Lácteos'])).toBeNull();
  });
});

describe('resultadoVinculacion', () => {
  const de = (query: string) => resultadoVinculacion(new URLSearchParams(query));

  it('success=true wins, with its message or the default', () => {
    expect(de('success=true&error=true')).toMatchObject({ tipo: 'exito' });
    expect(de('success=true').mensaje).toBe(
      'Tu cuenta de Mercado Pago ha sido vinculada exitosamente',
    );
  });

  it('error=true or success=false is an error', () => {
    expect(de('error=true')).toEqual({
      tipo: 'error',
      titulo: 'Error en la vinculación',
      mensaje: 'Hubo un error al vincular tu cuenta de Mercado Pago',
    });
    expect(de('success=false&mensaje=Expir%C3%B3')).toMatchObject({
      tipo: 'error',
      mensaje: 'Expiró',
    });
  });

  it("neither is 'Vinculación completada'", () => {
    expect(de('').titulo).toBe('Vinculación completada');
    expect(de('success=quizas').titulo).toBe('Vinculación completada');
  });

  it('shows a message from the address only as a short plain sentence', () => {
    expect(de(`success=true&mensaje=${'a'.repeat(500)}`).mensaje).toHaveLength(300);
    expect(de('error=true&mensaje=hola%00mundo').mensaje).toBe(
      'Hubo un error al vincular tu cuenta de Mercado Pago',
    );
    expect(de('success=true&mensaje=%20%20').mensaje).toBe(
      'Tu cuenta de Mercado Pago ha sido vinculada exitosamente',
    );
  });
});
