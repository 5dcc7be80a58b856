/**
 * Child process of the stream benchmark: opens N browser streams and records when each candle
 * arrives (wall clock, ms), keyed by the event's data text. Kept apart from the simulator's process
 * so that reading 1,000 streams does not delay the pushes it is timing.
 */
import { request } from 'node:http';

interface Start {
  type: 'start';
  port: number;
  topic: string;
  count: number;
}

const arrivals: [string, number][] = [];
const sockets: { destroy(): void }[] = [];
let connected = 0;
let recording = false;

function open(port: number, topic: string): void {
  let buffer = '';
  let first = true;
  const req = request(
    {
      host: '127.0.0.1',
      port,
      path: `/api/stream?topic=${encodeURIComponent(topic)}`,
      agent: false,
    },
    (res) => {
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        const now = performance.timeOrigin + performance.now();
        buffer += chunk;
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          if (!block.includes('event: ohlcv')) continue;
          if (first) {
            first = false;
            connected++;
          }
          const at = block.indexOf('\ndata: ');
          if (recording && at >= 0) arrivals.push([block.slice(at + 7), now]);
        }
      });
    },
  );
  req.on('error', () => undefined);
  req.end();
  sockets.push(req);
}

process.on(
  'message',
  (message: Start | { type: 'measure' } | { type: 'report' } | { type: 'close' }) => {
    if (message.type === 'start') {
      let opened = 0;
      const batch = () => {
        for (let i = 0; i < 100 && opened < message.count; i++, opened++)
          open(message.port, message.topic);
        if (opened < message.count) setTimeout(batch, 20);
      };
      batch();
      const wait = setInterval(() => {
        if (connected >= message.count) {
          clearInterval(wait);
          process.send?.({ type: 'connected', connected });
        }
      }, 50);
    } else if (message.type === 'measure') {
      arrivals.length = 0;
      recording = true;
    } else if (message.type === 'report') {
      recording = false;
      process.send?.({ type: 'arrivals', arrivals, connected });
    } else {
      for (const s of sockets) s.destroy();
      process.exit(0);
    }
  },
);
