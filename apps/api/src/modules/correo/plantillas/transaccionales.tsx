import { Column } from '@react-email/column';
import { Row } from '@react-email/row';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import { z } from 'zod';
import { Boton, Marco } from './marco';
import { definirPlantilla } from './plantilla';

/**
 * The transactional emails of issue 25 (docs/decisions/042), one per kind of the notification
 * center. Amounts and dates arrive formatted (es-AR, lib/money.ts, lib/texto-es.ts); links arrive as app
 * paths and are joined to PUBLIC_URL here. Every value is a React child: React escapes it.
 * The schemas check shapes, not lengths: the data is the app's own, bounded where people type it
 * (the contracts), and a length cap here would refuse a legitimate store name or a big group.
 */

const texto = z.string();
const nombre = z.string();
const ruta = z.string().startsWith('/');
const monto = z.string();

const gris = { color: '#71717a', fontSize: 14 } as const;

/** 'Hola, Ana:', or 'Hola:' when the name is left out (an address not verified yet). */
const Saludo = ({ nombre }: { nombre: string }) => (
  <Text>{nombre ? `Hola, ${nombre}:` : 'Hola:'}</Text>
);

/** To an address not verified yet: the greeting leaves the name its account typed out. */
const sinNombre = <D extends { nombre: string }>(datos: D): D => ({ ...datos, nombre: '' });

/** To an address not verified yet: no name its account typed, its store's included. */
const sinNombreNiTienda = <D extends { nombre: string; tienda: string }>(datos: D): D => ({
  ...datos,
  nombre: '',
  tienda: '',
});

/** To an address not verified yet: no name its account typed, its product's included. */
const sinNombreNiProducto = <D extends { nombre: string; producto: string }>(datos: D): D => ({
  ...datos,
  nombre: '',
  producto: '',
});

/** ' La Esquina' after 'tu tienda', or nothing when the name is left out. */
const espacioY = (nombre: string) => (nombre ? ` ${nombre}` : '');

function Renglon({
  izquierda,
  derecha,
  fuerte,
}: {
  izquierda: string;
  derecha: string;
  fuerte?: boolean;
}) {
  const estilo = { margin: '4px 0', fontWeight: fuerte ? 700 : 400 } as const;
  return (
    <Row>
      <Column>
        <Text style={estilo}>{izquierda}</Text>
      </Column>
      <Column align="right">
        <Text style={estilo}>{derecha}</Text>
      </Column>
    </Row>
  );
}

export const pedidoCreado = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'pedido_creado',
  esquema: z.object({
    nombre,
    numero: z.string(),
    total: monto,
    vence: texto,
    pagos: z.array(z.object({ tienda: nombre, monto })),
    ruta,
  }),
  asunto: (d) => `Tu pedido ${d.numero}: pagá cada tienda para reservarlo`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Pedido ${datos.numero}: te falta pagar`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Creaste el pedido {datos.numero} por {datos.total}. Cada tienda se paga por separado en
        Mercado Pago; la reserva vence el {datos.vence}.
      </Text>
      <Section>
        {datos.pagos.map((p) => (
          <Renglon key={p.tienda} izquierda={p.tienda} derecha={p.monto} />
        ))}
      </Section>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Pagar mi pedido</Boton>
    </Marco>
  ),
});

export const pagoAprobado = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'pago_aprobado',
  esquema: z.object({
    nombre,
    numero: z.string(),
    tienda: nombre,
    razonSocial: nombre,
    lineas: z.array(
      z.object({ producto: nombre, cantidad: z.number().int(), precio: monto, subtotal: monto }),
    ),
    envio: monto,
    total: monto,
    fecha: texto,
    ruta,
  }),
  asunto: (d) => `Pago aprobado: ${d.tienda}, pedido ${d.numero}`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Recibimos tu pago a ${datos.tienda}`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Mercado Pago aprobó tu pago a {datos.tienda} del pedido {datos.numero} ({datos.fecha}). Este
        es tu comprobante.
      </Text>
      <Section>
        {datos.lineas.map((l) => (
          <Renglon
            key={l.producto}
            izquierda={`${l.cantidad} × ${l.producto} (${l.precio} c/u)`}
            derecha={l.subtotal}
          />
        ))}
        <Renglon izquierda="Envío" derecha={datos.envio} />
        <Renglon izquierda="Total" derecha={datos.total} fuerte />
      </Section>
      <Text style={gris}>Vendedor: {datos.razonSocial}</Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver el detalle del pago</Boton>
    </Marco>
  ),
});

export const grupoCompleto = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'grupo_completo',
  esquema: z.object({
    nombre,
    producto: nombre,
    /** The shopper's orders in the group, each with its delivery code. */
    pedidos: z.array(z.object({ numero: z.string(), codigo: z.string() })).min(1),
    ruta,
  }),
  asunto: (d) => `Grupo completo: ${d.producto}`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Se completó el grupo de ${datos.producto}`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        ¡Se completó el grupo de {datos.producto}! La tienda prepara tu pedido para el envío.
      </Text>
      {datos.pedidos.map((p) => (
        <Text key={p.numero}>
          Pedido {p.numero}: tu código de entrega es <strong>{p.codigo}</strong>.
        </Text>
      ))}
      <Text style={gris}>
        Dale el código a quien te entregue el pedido: sin el código no se marca como entregado.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver mis pedidos</Boton>
    </Marco>
  ),
});

/** 'falta 1 lugar' or 'faltan 3 lugares'. */
const faltanLugares = (faltan: number) =>
  faltan === 1 ? 'falta 1 lugar' : `faltan ${faltan} lugares`;

export const grupoCasiCompleto = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'grupo_casi_completo',
  esquema: z.object({
    nombre,
    producto: nombre,
    faltan: z.number().int().positive(),
    ruta,
  }),
  asunto: (d) =>
    `Al grupo de ${d.producto} ${d.faltan === 1 ? 'le falta 1 lugar' : `le faltan ${d.faltan} lugares`}`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Tu grupo está casi completo" contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Tu grupo de {datos.producto} está casi completo: {faltanLugares(datos.faltan)}. Cuando se
        complete, la tienda prepara tu pedido.
      </Text>
      <Text style={gris}>Compartilo con quien pueda sumarse para que se complete antes.</Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver el grupo</Boton>
    </Marco>
  ),
});

export const grupoPorVencerComprador = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'grupo_por_vencer_comprador',
  esquema: z.object({
    nombre,
    producto: nombre,
    vence: texto,
    faltan: z.number().int().positive(),
    ruta,
  }),
  asunto: (d) => `Tu grupo de ${d.producto} vence pronto`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Vence el ${datos.vence}`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Tu grupo de {datos.producto} vence el {datos.vence} y todavía{' '}
        {datos.faltan === 1 ? 'le falta 1 lugar' : `le faltan ${datos.faltan} lugares`}.
      </Text>
      <Text style={gris}>
        Si no se completa a tiempo, se cancela y te devolvemos lo que pagaste. Compartilo con quien
        pueda sumarse.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver el grupo</Boton>
    </Marco>
  ),
});

export const reembolsoEnviado = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'reembolso_enviado',
  esquema: z.object({
    nombre,
    numero: z.string(),
    monto,
    motivo: texto,
    dias: z.number().int().positive(),
    ruta,
  }),
  asunto: (d) => `Te devolvimos ${d.monto} del pedido ${d.numero}`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Reembolso de ${datos.monto} enviado`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Enviamos a Mercado Pago el reembolso de {datos.monto} del pedido {datos.numero}:{' '}
        {datos.motivo}.
      </Text>
      <Text>
        Puede tardar hasta {datos.dias} días hábiles en verse en tu tarjeta; si pagaste con dinero
        en cuenta, vuelve a tu cuenta de Mercado Pago.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver mis pedidos</Boton>
    </Marco>
  ),
});

export const pedidoEntregado = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'pedido_entregado',
  esquema: z.object({ nombre, numero: z.string(), fecha: texto, ruta }),
  asunto: (d) => `Pedido ${d.numero} entregado`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Tu pedido ${datos.numero} fue entregado`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Tu pedido {datos.numero} fue entregado el {datos.fecha}. ¡Gracias por comprar en grupo!
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver mis pedidos</Boton>
    </Marco>
  ),
});

export const reservaPorVencer = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'reserva_por_vencer',
  esquema: z.object({
    nombre,
    numero: z.string(),
    vence: texto,
    pendientes: z.array(z.object({ tienda: nombre, monto })),
    ruta,
  }),
  asunto: (d) => `Tu reserva del pedido ${d.numero} está por vencer`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Pagá antes de las ${datos.vence}`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        La reserva de tu pedido {datos.numero} vence el {datos.vence}. Todavía falta pagar:
      </Text>
      <Section>
        {datos.pendientes.map((p) => (
          <Renglon key={p.tienda} izquierda={p.tienda} derecha={p.monto} />
        ))}
      </Section>
      <Text style={gris}>
        Si no se pagan todas las tiendas a tiempo, los productos vuelven a la venta y lo que pagaste
        se te devuelve.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Pagar ahora</Boton>
    </Marco>
  ),
});

export const tiendaAprobada = definirPlantilla({
  sinVerificar: sinNombreNiTienda,
  tipoDeAviso: 'tienda_aprobada',
  esquema: z.object({ nombre, tienda: nombre, ruta }),
  asunto: (d) => `Tu tienda${espacioY(d.tienda)} ya está habilitada`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Tu tienda fue aprobada" contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        El equipo de Compra Grupal revisó y habilitó tu tienda{espacioY(datos.tienda)}: ya aparece
        en el mercado y podés publicar productos.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ir a mi tienda</Boton>
    </Marco>
  ),
});

export const tiendaRechazada = definirPlantilla({
  sinVerificar: sinNombreNiTienda,
  tipoDeAviso: 'tienda_rechazada',
  esquema: z.object({ nombre, tienda: nombre, motivo: z.string().nullable(), ruta }),
  asunto: (d) => `Tu tienda${espacioY(d.tienda)} no fue habilitada`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Revisamos tu tienda" contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        El equipo de Compra Grupal revisó tu tienda{espacioY(datos.tienda)} y no la habilitó.
      </Text>
      {datos.motivo ? <Text>Motivo: {datos.motivo}</Text> : null}
      <Text style={gris}>Podés corregir los datos de tu tienda y escribirnos para revisarla.</Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ir a mi tienda</Boton>
    </Marco>
  ),
});

export const grupoCompletoVendedor = definirPlantilla({
  sinVerificar: sinNombreNiProducto,
  tipoDeAviso: 'grupo_completo_vendedor',
  esquema: z.object({
    nombre,
    producto: nombre,
    unidades: z.number().int().nonnegative(),
    pedidos: z.number().int().nonnegative(),
    ruta,
  }),
  asunto: (d) =>
    d.producto
      ? `Grupo completo: prepará ${d.unidades} de ${d.producto}`
      : `Grupo completo: prepará ${d.unidades} ${d.unidades === 1 ? 'unidad' : 'unidades'}`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco
      vistaPrevia={`Se completó un grupo de ${datos.producto || 'tu tienda'}`}
      contexto={contexto}
    >
      <Saludo nombre={datos.nombre} />
      <Text>
        Se completó un grupo de {datos.producto || 'tu tienda'}. Prepará {datos.unidades}{' '}
        {datos.unidades === 1 ? 'unidad' : 'unidades'} para {datos.pedidos}{' '}
        {datos.pedidos === 1 ? 'pedido' : 'pedidos'}.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver los pedidos para entregar</Boton>
    </Marco>
  ),
});

export const grupoPorVencer = definirPlantilla({
  sinVerificar: sinNombreNiProducto,
  tipoDeAviso: 'grupo_por_vencer',
  esquema: z.object({
    nombre,
    producto: nombre,
    vence: texto,
    faltan: z.number().int().positive(),
    ruta,
  }),
  asunto: (d) =>
    `${d.producto ? `El grupo de ${d.producto}` : 'Un grupo de tu tienda'} vence pronto con lugares libres`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia={`Faltan ${datos.faltan} lugares`} contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        {datos.producto ? `El grupo de ${datos.producto}` : 'Un grupo de tu tienda'} vence el{' '}
        {datos.vence} y todavía le{' '}
        {datos.faltan === 1 ? 'falta 1 lugar' : `faltan ${datos.faltan} lugares`}. Si no se
        completa, se cancela y se reembolsa a quienes pagaron.
      </Text>
      <Text style={gris}>Podés compartir el grupo o cerrarlo antes para entregar lo vendido.</Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ver el grupo</Boton>
    </Marco>
  ),
});

export const reembolsoFallido = definirPlantilla({
  sinVerificar: sinNombre,
  tipoDeAviso: 'reembolso_fallido',
  esquema: z.object({
    nombre,
    numero: z.string(),
    monto,
    intentos: z.number().int().positive(),
    ruta,
  }),
  asunto: (d) => `No pudimos enviar un reembolso de ${d.monto} (pedido ${d.numero})`,
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Un reembolso no se pudo enviar" contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Intentamos {datos.intentos} veces devolver {datos.monto} del pedido {datos.numero} desde tu
        cuenta de Mercado Pago y no se pudo. Revisá que tu cuenta esté vinculada y tenga saldo: lo
        seguimos intentando.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Ir a mi tienda</Boton>
    </Marco>
  ),
});

export const mercadoPagoDesvinculado = definirPlantilla({
  sinVerificar: sinNombreNiTienda,
  tipoDeAviso: 'mercadopago_desvinculado',
  esquema: z.object({ nombre, tienda: nombre, ruta }),
  asunto: () => 'Tu cuenta de Mercado Pago se desvinculó',
  Cuerpo: ({ datos, contexto }) => (
    <Marco vistaPrevia="Volvé a vincular Mercado Pago" contexto={contexto}>
      <Saludo nombre={datos.nombre} />
      <Text>
        Mercado Pago ya no acepta la vinculación de tu tienda{espacioY(datos.tienda)} (se venció o
        se revocó). Mientras no la vuelvas a vincular, nadie puede pagarle a tu tienda.
      </Text>
      <Boton href={`${contexto.urlPublica}${datos.ruta}`}>Vincular Mercado Pago</Boton>
    </Marco>
  ),
});
