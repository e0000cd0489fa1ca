import 'node:http';

declare module 'node:http' {
  interface IncomingMessage {
    /** The id of a request Express answers, set by the request logger and sent as `X-Request-Id`. */
    id?: string;
  }
}
