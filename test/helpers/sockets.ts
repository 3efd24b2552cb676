import { connect, type Socket } from 'node:net';

/** A raw TCP connection to 127.0.0.1:`port`. */
export function openSocket(port: number): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const s = connect(port, '127.0.0.1', () => resolve(s));
    s.once('error', reject);
  });
}

/** What the peer sent before it closed the connection, while `drip` sends a piece every 40 ms (a slow client). */
export function untilClosed(socket: Socket, drip?: () => string | undefined): Promise<string> {
  return new Promise((resolve) => {
    let got = '';
    const timer = drip
      ? setInterval(() => {
          const next = drip();
          if (next !== undefined && !socket.destroyed) socket.write(next);
        }, 40)
      : undefined;
    socket.on('data', (d) => {
      got += d.toString('latin1');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      if (timer) clearInterval(timer);
      resolve(got);
    });
  });
}
