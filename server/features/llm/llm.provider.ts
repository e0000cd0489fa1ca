/**
 * The one seam between article drafting and a language model. The service
 * talks to an `LlmProvider`; only the provider files know which server (Azure
 * OpenAI or an OpenAI-compatible one) answers, and how its SDK reports errors.
 */

export type ChatMessage = { role: 'system' | 'user'; content: string };

/** How strictly the answer's shape is requested, from strongest to weakest. */
export type ResponseFormat =
  | { type: 'json_schema'; name: string; schema: Record<string, unknown> }
  | { type: 'json_object' }
  | { type: 'text' };

export type CompletionOptions = {
  format: ResponseFormat;
  /** Aborts the call: the deadline ran out or the admin went away. */
  signal: AbortSignal;
  /** Upper bound for this one HTTP exchange, in milliseconds. */
  timeoutMs: number;
};

export interface LlmProvider {
  readonly name: 'azure' | 'openai';
  /** The model name, or the deployment name for Azure. */
  readonly model: string;
  /** The assistant's text answer; throws `LlmUpstreamError` on any failure. */
  complete(messages: ChatMessage[], options: CompletionOptions): Promise<string>;
  /** Loads the client (the SDK is loaded on first use); the time counts in the request's deadline. */
  prepare?(): Promise<void>;
}

/** Why an upstream call failed, independent of the provider and its SDK. */
export type UpstreamFailure =
  | 'timeout'
  | 'aborted'
  | 'rate_limited'
  | 'server_error'
  | 'connection'
  | 'auth'
  | 'not_found'
  | 'format_rejected'
  | 'bad_request'
  | 'refusal'
  | 'truncated'
  | 'empty';

export class LlmUpstreamError extends Error {
  override name = 'LlmUpstreamError';
  constructor(
    readonly kind: UpstreamFailure,
    message: string,
    readonly info: { status?: number; requestId?: string; retryAfterMs?: number } = {},
  ) {
    super(message);
  }

  /** 429 and 5xx are worth exactly one more try. */
  get retryable(): boolean {
    return this.kind === 'rate_limited' || this.kind === 'server_error';
  }
}
