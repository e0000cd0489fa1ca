import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { readSimpleRequest, type SimpleRequest } from './simple-request';

/**
 * Sends the answer to `req` with `send` and returns true, or returns false
 * having sent nothing (the page cache's `answerOnSocket`).
 */
export type LaneAnswer = (
  req: SimpleRequest,
  send: (head: Buffer, body: Buffer | undefined) => void,
) => boolean;

export type SocketLaneOptions = {
  answer: LaneAnswer;
  /** True once the server is stopping: every request then goes to Node, which closes the connection after it. */
  stopping: () => boolean;
};

/**
 * Puts a lane in front of Node's HTTP handling on `server`: each new
 * connection first meets `answer`, which sends what it can (cached pages)
 * straight on the socket, with the exact bytes Node would have written and
 * none of the work of building a request and a response object around them.
 * The first chunk the lane cannot answer whole (anything but one simple,
 * complete GET or HEAD that is a hit: see readSimpleRequest) is put back on
 * the socket, and the connection is handed to Node's own listener for good:
 * its parser, its limits, its timeouts and its error answers take it from
 * the request boundary the lane stopped at.
 *
 * While the lane holds a connection it does what Node does there: answers
 * 408 and closes it after `server.headersTimeout` with no first request,
 * closes it after `server.keepAliveTimeout` idle between requests (never
 * while an answer is still being written), stops reading while answers wait
 * for a client that does not read them, ends it when the client ends its
 * side, and destroys it on a socket error. A server that counts requests
 * per connection (`maxRequestsPerSocket`) gets all of them through Node.
 * An exception thrown by `answer` is not caught here, as one thrown by a
 * request listener is not caught by Node.
 *
 * Node's `http.Server` handles connections with one listener of its own
 * (documented: emitting `connection` injects one); the lane takes its place
 * and calls it on handover. Throws when the server has any other listener,
 * so a change in Node cannot leave connections unanswered.
 */
export function attachSocketLane(server: Server, options: SocketLaneOptions): void {
  const listeners = server.listeners('connection');
  if (listeners.length !== 1) {
    throw new Error(
      'socket lane: attach it to a new http.Server, before other connection listeners',
    );
  }
  const nodeConnection = listeners[0] as (socket: Socket) => void;
  server.removeListener('connection', nodeConnection);
  const deliveryHeaders = createDeliveryHeaders(server);
  const writeLater = createWriteBatch();

  server.on('connection', (socket: Socket) => {
    let answered = false;
    const send = (head: Buffer, body: Buffer | undefined) => {
      writeLater(socket);
      socket.write(head);
      socket.write(deliveryHeaders());
      if (body !== undefined) socket.write(body);
    };
    const onData = (chunk: Buffer) => {
      // A per-connection request limit is Node's to count and announce.
      const simple = !options.stopping() && !server.maxRequestsPerSocket;
      const request = simple ? readSimpleRequest(chunk, socket) : null;
      if (request && options.answer(request, send)) {
        if (!answered) {
          answered = true;
          socket.setTimeout(server.keepAliveTimeout);
        }
        // A client that asks without reading gets no more answers queued for it (as Node does).
        if (socket.writableNeedDrain) {
          socket.pause();
          socket.once('drain', () => socket.resume());
        }
        return;
      }
      handOver(chunk);
    };
    const onTimeout = () => {
      // An answer still on its way (a slow reader) is not idleness: Node times
      // nothing out while it writes. Each finished write restarts the clock.
      if (socket.writableLength > 0) return;
      // No request in time: Node's answer, then the end of the connection.
      if (!answered) socket.end(REQUEST_TIMEOUT);
      else socket.destroy();
    };
    const onEnd = () => socket.end();
    const onError = () => socket.destroy();
    function handOver(chunk: Buffer): void {
      socket.removeListener('data', onData);
      socket.removeListener('timeout', onTimeout);
      socket.removeListener('end', onEnd);
      socket.removeListener('error', onError);
      socket.setTimeout(0);
      socket.unshift(chunk);
      nodeConnection.call(server, socket);
    }
    socket.on('data', onData);
    socket.on('timeout', onTimeout);
    socket.on('end', onEnd);
    socket.on('error', onError);
    socket.setTimeout(server.headersTimeout);
  });
}

/**
 * Holds back what is written to a socket until the event loop has read
 * every connection that had a request in this turn: `writeLater(socket)`
 * corks it, and all corked sockets are uncorked together right after the
 * turn's I/O (setImmediate), each sending its answer in one write as before.
 *
 * Under load one turn reads tens of requests. Answered one by one, each
 * answer's write (the kernel's whole TCP path, and the client woken)
 * came between two requests' reading and lookup, and pushed their code and
 * data out of the CPU's caches: measured at 47 µs of CPU a cached page.
 * Reading and answering them all first, then writing them all, runs each
 * part hot: 31 µs, nginx's own figure on the same machine
 * (docs/performance.md). Anything else written to the socket in the
 * meantime (Node's own answer after a handover) queues behind, in order.
 */
function createWriteBatch(): (socket: Socket) => void {
  let corked: Socket[] = [];
  const uncorkAll = () => {
    const sockets = corked;
    corked = [];
    // A socket destroyed meanwhile has dropped what was queued; uncorking it is harmless.
    for (const socket of sockets) socket.uncork();
  };
  return (socket) => {
    socket.cork();
    if (corked.push(socket) === 1) setImmediate(uncorkAll);
  };
}

/** What Node's HTTP server writes to a connection that sent no request before `headersTimeout`. */
const REQUEST_TIMEOUT = 'HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n';

/**
 * The headers Node ends every kept-alive response with (`Date`,
 * `Connection`, `Keep-Alive`) and the blank line, made again once a second.
 */
function createDeliveryHeaders(server: Server): () => Buffer {
  let second = -1;
  let bytes = Buffer.alloc(0);
  return () => {
    const now = Date.now();
    const current = Math.floor(now / 1000);
    if (current !== second) {
      second = current;
      // As Node writes them: the timeout in whole seconds, whenever one is set.
      const keepAlive = server.keepAliveTimeout
        ? `Keep-Alive: timeout=${Math.floor(server.keepAliveTimeout / 1000)}\r\n`
        : '';
      const text =
        `Date: ${new Date(now).toUTCString()}\r\n` +
        'Connection: keep-alive\r\n' +
        keepAlive +
        '\r\n';
      bytes = Buffer.from(text, 'latin1');
    }
    return bytes;
  };
}
