import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { type LoopbackBalancer, startLoopbackBalancer } from './loopback-balancer';

/** A node that answers its name, what it was forwarded, and echoes bytes once upgraded. */
async function startNode(name: string) {
  let ready = true;
  const upgraded = new Set<Socket>();
  const server = http.createServer((req, res) => {
    if (req.url === '/api/health/ready') {
      res.writeHead(ready ? 200 : 503).end();
      return;
    }
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      res.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          name,
          method: req.method,
          body: Buffer.concat(chunks).toString(),
          forwardedFor: req.headers['x-forwarded-for'],
        }),
      );
    });
  });
  server.on('upgrade', (_req, socket: Socket) => {
    socket.write('HTTP/1.1 101 Switching Protocols\r\nUpgrade: eco\r\nConnection: Upgrade\r\n\r\n');
    upgraded.add(socket);
    socket.on('data', (data) => socket.write(`${name}:${data}`));
    socket.on('end', () => socket.end());
    socket.on('close', () => upgraded.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    setReady: (value: boolean) => {
      ready = value;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of upgraded) socket.destroy();
      }),
  };
}

type Node = Awaited<ReturnType<typeof startNode>>;

describe('loopback balancer (the many-node tests stand-in for deploy/Caddyfile)', () => {
  const nodes: Node[] = [];
  let balancer: LoopbackBalancer | undefined;
  afterEach(async () => {
    await balancer?.close();
    balancer = undefined;
    await Promise.all(nodes.splice(0).map((node) => node.close()));
  });

  const start = async (count: number) => {
    for (let i = 0; i < count; i++) nodes.push(await startNode(`nodo${i + 1}`));
    balancer = await startLoopbackBalancer({ upstreams: nodes.map((node) => node.url) });
    return balancer;
  };
  const ask = async (lb: LoopbackBalancer, init?: RequestInit) => {
    const res = await fetch(`${lb.url}/api/algo`, init);
    return { status: res.status, ...((await res.json()) as { name: string; body: string }) };
  };

  it('spreads requests round robin, bodies and forwarded address included', async () => {
    const lb = await start(2);
    const names: string[] = [];
    for (let i = 0; i < 4; i++) {
      const answer = await ask(lb, { method: 'POST', body: `pedido ${i}` });
      expect(answer).toMatchObject({ status: 200, method: 'POST', body: `pedido ${i}` });
      expect(answer).toMatchObject({ forwardedFor: '127.0.0.1' });
      names.push(answer.name);
    }
    expect(names.sort()).toEqual(['nodo1', 'nodo1', 'nodo2', 'nodo2']);
  });

  it('sends nothing to a node that is not ready, and again once it is', async () => {
    const lb = await start(2);
    nodes[1]?.setReady(false);
    await lb.checked();
    const names = new Set<string>();
    for (let i = 0; i < 4; i++) names.add((await ask(lb)).name);
    expect([...names]).toEqual(['nodo1']);

    nodes[1]?.setReady(true);
    await lb.checked();
    for (let i = 0; i < 4; i++) names.add((await ask(lb)).name);
    expect([...names].sort()).toEqual(['nodo1', 'nodo2']);
  });

  it('moves on to the other node when one refuses the connection, a POST too', async () => {
    const lb = await start(2);
    // Gone between two checks: the balancer still takes it for ready.
    await nodes[0]?.close();
    for (let i = 0; i < 3; i++) {
      expect(await ask(lb, { method: 'POST', body: 'x' })).toMatchObject({
        status: 200,
        name: 'nodo2',
      });
    }
  });

  it('answers 503 when no node is ready', async () => {
    const lb = await start(1);
    nodes[0]?.setReady(false);
    await lb.checked();
    expect((await fetch(`${lb.url}/api/algo`)).status).toBe(503);
  });

  it('passes a connection upgrade through, both ways', async () => {
    const lb = await start(1);
    const socket = await new Promise<Socket>((resolve, reject) => {
      const req = http.request(`${lb.url}/socket.io/`, {
        headers: { connection: 'Upgrade', upgrade: 'eco' },
      });
      req.on('upgrade', (res, upgraded) => {
        expect(res.statusCode).toBe(101);
        resolve(upgraded);
      });
      req.on('error', reject);
      req.end();
    });
    const echoed = new Promise<string>((resolve) => socket.once('data', (d) => resolve(`${d}`)));
    socket.write('hola');
    expect(await echoed).toBe('nodo1:hola');
    socket.destroy();
  });
});
