import 'node:http';

declare module 'node:http' {
  interface IncomingMessage {
    /** The id of a request Express answers, set by the request logger and sent as `X-Request-Id`. */
    id?: string;
    /**
     * When it arrived (Date.now(), set by the request logger): a deadline the
     * answer must meet (a language model's call) counts from here, as the
     * proxy in front of the app counts its own.
     */
    arrived?: number;
  }
}
