import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { Duplex } from 'node:stream';
import { isWholeRequest, readSimpleRequest, type SimpleRequest } from './simple-request';

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
 * Puts a lane in front of Node's HTTP handling on `server`: every
 * connection meets the lane, which sends what it can (cached pages, built
 * files) straight on the socket, with the exact bytes Node would have
 * written and none of the work of building a request and a response object
 * around them. What it cannot answer goes to Node's own HTTP handling
 * through a stream that stands for the connection (`NodeSide`): Node's
 * parser, limits, timeouts and error answers take it from the request
 * boundary the lane stopped at.
 *
 * A chunk that is one whole request Node is sure to read alike
 * (isWholeRequest: a POST with its body, an uncached GET) is lent to Node,
 * and once Node has answered it, and it alone, the lane reads the
 * connection's next request again. So a browser's connection, or a front
 * proxy's pooled one, keeps its cached pages and files in the lane after a
 * form post or a page rendered afresh. Anything else (a request in pieces,
 * pipelined, malformed, a chunked body, an upgrade) and every request while
 * the server stops hands the connection to Node for good.
 *
 * While the lane reads a connection it does what Node does there: answers
 * 408 and closes it after `server.headersTimeout` with no first request,
 * closes it after `server.keepAliveTimeout` idle between requests (never
 * while an answer is still being written or Node is still answering),
 * stops reading while answers wait for a client that does not read them,
 * ends it when the client ends its side, and destroys it on a socket error.
 * A server that counts requests per connection (`maxRequestsPerSocket`)
 * gets all of them through Node. An exception thrown by `answer` is not
 * caught here, as one thrown by a request listener is not caught by Node.
 *
 * Node's `http.Server` handles connections with one listener of its own
 * (documented: emitting `connection` injects one, and any Duplex stream may
 * be one); the lane takes its place and calls it with a connection's Node
 * side. Throws when the server has any other listener, so a change in Node
 * cannot leave connections unanswered.
 */
export function attachSocketLane(server: Server, options: SocketLaneOptions): void {
  const listeners = server.listeners('connection');
  if (listeners.length !== 1) {
    throw new Error(
      'socket lane: attach it to a new http.Server, before other connection listeners',
    );
  }
  const nodeConnection = listeners[0] as (socket: Duplex) => void;
  server.removeListener('connection', nodeConnection);
  const deliveryHeaders = createDeliveryHeaders(server);
  const writeLater = createWriteBatch();
  // Node tells which connection each of its requests came on: its Node side.
  server.on('request', (req: IncomingMessage, res: ServerResponse) => {
    if (req.socket instanceof NodeSide) req.socket.started(req, res);
  });

  server.on('connection', (socket: Socket) => {
    /** `lane`: the lane reads; `lent`: Node answers one request; `node`: Node's for good. */
    let mode: 'lane' | 'lent' | 'node' = 'lane';
    let answered = false;
    let nodeSide: NodeSide | undefined;

    const send = (head: Buffer, body: Buffer | undefined) => {
      writeLater(socket);
      socket.write(head);
      socket.write(deliveryHeaders());
      if (body !== undefined) socket.write(body);
    };
    const toNode = (chunk: Buffer, lend: boolean) => {
      nodeSide ??= new NodeSide(socket, (whole) => {
        // Node answered the one request it was lent: the lane reads the next one.
        if (mode !== 'lent') return;
        if (!whole) mode = 'node';
        else {
          mode = 'lane';
          answered = true;
          socket.setTimeout(server.keepAliveTimeout);
        }
      });
      if (!nodeSide.attached) {
        nodeSide.attached = true;
        nodeConnection.call(server, nodeSide);
      }
      mode = lend ? 'lent' : 'node';
      // Node's for good: its own idle limit from now on (server.timeout, none by
      // default), not the lane's, which would cut off an answer that takes a while.
      if (!lend) socket.setTimeout(server.timeout);
      nodeSide.lend(chunk, lend);
    };
    const onData = (chunk: Buffer) => {
      if (mode !== 'lane') return toNode(chunk, false);
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
      toNode(chunk, simple && isWholeRequest(chunk));
    };
    const onTimeout = () => {
      // An answer still on its way (a slow reader) is not idleness: Node times
      // nothing out while it writes. Each finished write restarts the clock.
      if (socket.writableLength > 0) return;
      // Node answers: its own limits apply (requestTimeout, its keep-alive timeout).
      if (mode === 'node') return void nodeSide?.emit('timeout');
      if (mode === 'lent') return;
      // No request in time: Node's answer, then the end of the connection.
      if (!answered) socket.end(REQUEST_TIMEOUT);
      else socket.destroy();
    };
    const onEnd = () => {
      if (nodeSide && mode !== 'lane') nodeSide.push(null);
      else socket.end();
    };
    socket.on('data', onData);
    socket.on('timeout', onTimeout);
    socket.on('end', onEnd);
    socket.on('error', () => socket.destroy());
    socket.on('close', () => nodeSide?.destroy());
    socket.setTimeout(server.headersTimeout);
  });
}

/** The real connection behind a request's socket (its Node side's), for whoever counts connections. */
export function connectionOf(stream: Socket | Duplex): Socket {
  return stream instanceof NodeSide ? stream.socket : (stream as Socket);
}

/**
 * A connection as Node's HTTP handling sees it: what the lane lends it to
 * read, and Node's writes going out on the real socket, behind the lane's
 * own answers and in order with them. Addresses, timeouts and options are
 * the socket's.
 */
class NodeSide extends Duplex {
  attached = false;
  private requests: IncomingMessage[] = [];
  private open = 0;
  private lent = false;

  constructor(
    readonly socket: Socket,
    /** Node finished the request it was lent (`whole`: it was one whole request). */
    private readonly returned: (whole: boolean) => void,
  ) {
    super({ allowHalfOpen: true });
  }

  /**
   * Hands Node `chunk`; with `lend`, as one whole request: once Node has
   * answered every request it read since, `returned` says whether that was
   * exactly one, whole.
   */
  lend(chunk: Buffer, lend: boolean): void {
    this.lent = lend;
    this.requests = [];
    this.push(chunk);
  }

  /** Node has a request on this connection (its server's 'request' event). */
  started(req: IncomingMessage, res: ServerResponse): void {
    this.requests.push(req);
    this.open++;
    res.once('close', () => {
      this.open--;
      if (this.lent && this.open === 0) {
        this.lent = false;
        this.returned(this.requests.length === 1 && this.requests[0]!.complete);
      }
    });
  }

  override _read(): void {
    // The lane pushes what arrives; the socket's own reading is the lane's to pause.
  }

  override _write(chunk: Buffer, encoding: BufferEncoding, done: (err?: Error | null) => void) {
    this.socket.write(chunk, encoding, done);
  }

  override _writev(
    chunks: { chunk: Buffer; encoding: BufferEncoding }[],
    done: (err?: Error | null) => void,
  ) {
    this.socket.cork();
    chunks.forEach(({ chunk, encoding }, i) =>
      this.socket.write(chunk, encoding, i === chunks.length - 1 ? done : undefined),
    );
    this.socket.uncork();
  }

  override _final(done: (err?: Error | null) => void) {
    this.socket.end();
    done();
  }

  override _destroy(err: Error | null, done: (err?: Error | null) => void) {
    if (!this.socket.destroyed) this.socket.destroy(err ?? undefined);
    done(err);
  }

  /** What Node calls once it has sent an answer with `Connection: close`. */
  destroySoon(): void {
    this.end();
  }

  setTimeout(ms: number, onTimeout?: () => void): this {
    this.socket.setTimeout(ms);
    if (onTimeout) this.once('timeout', onTimeout);
    return this;
  }

  setNoDelay(noDelay?: boolean): this {
    this.socket.setNoDelay(noDelay);
    return this;
  }

  setKeepAlive(enable?: boolean, delay?: number): this {
    this.socket.setKeepAlive(enable, delay);
    return this;
  }

  ref(): this {
    this.socket.ref();
    return this;
  }

  unref(): this {
    this.socket.unref();
    return this;
  }

  address() {
    return this.socket.address();
  }

  get remoteAddress() {
    return this.socket.remoteAddress;
  }

  get remotePort() {
    return this.socket.remotePort;
  }

  get remoteFamily() {
    return this.socket.remoteFamily;
  }

  get localAddress() {
    return this.socket.localAddress;
  }

  get localPort() {
    return this.socket.localPort;
  }
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
 * meantime (Node's own answer) queues behind, in order.
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
