import type * as OpenAiSdk from 'openai';
import type OpenAI from 'openai';
import type { Config } from '../../config';
import type { ChatMessage, CompletionOptions, LlmProvider, ResponseFormat } from './llm.provider';
import { LlmUpstreamError } from './llm.provider';
import { toUpstreamError } from './upstream-error';

type LlmConfig = Config['llm'];

/**
 * The configured provider, or null. Azure wins when both are configured.
 * Both speak chat completions through the official `openai` SDK; retries are
 * the service's business, so the SDK never retries on its own.
 */
export function createLlmProvider(llm: LlmConfig): LlmProvider | null {
  if (llm.azure) {
    const { endpoint, apiKey, apiVersion, deployment } = llm.azure;
    const client = (sdk: Sdk) =>
      new sdk.AzureOpenAI({ endpoint, apiKey, apiVersion, deployment, maxRetries: 0 });
    return chatProvider('azure', deployment, client, [apiKey]);
  }
  if (llm.openai) {
    const { baseURL, apiKey, model } = llm.openai;
    const client = (sdk: Sdk) => new sdk.default({ baseURL, apiKey, maxRetries: 0 });
    return chatProvider('openai', model, client, [apiKey]);
  }
  return null;
}

type Sdk = typeof OpenAiSdk;

function chatProvider(
  name: LlmProvider['name'],
  model: string,
  makeClient: (sdk: Sdk) => OpenAI,
  secrets: string[],
): LlmProvider {
  // The SDK is loaded with the first model call, not at start (a faster start; none without AI).
  let ready: Promise<{ sdk: Sdk; client: OpenAI }> | undefined;
  const connect = () =>
    (ready ??= import('openai').then((sdk) => ({ sdk, client: makeClient(sdk) })));
  return {
    name,
    model,
    prepare: async () => void (await connect()),
    async complete(messages: ChatMessage[], { format, signal, timeoutMs }: CompletionOptions) {
      const { sdk, client } = await connect();
      let completion: OpenAI.Chat.Completions.ChatCompletion;
      try {
        completion = await client.chat.completions.create(
          { model, messages, ...responseFormat(format) },
          { signal, timeout: timeoutMs, maxRetries: 0 },
        );
      } catch (err) {
        throw toUpstreamError(err, signal, secrets, sdk);
      }
      const choice = completion.choices?.[0];
      const message = choice?.message;
      if (message?.refusal) throw new LlmUpstreamError('refusal', 'The model refused the request');
      if (choice?.finish_reason === 'content_filter') {
        throw new LlmUpstreamError('refusal', 'The answer was withheld by the content filter');
      }
      if (choice?.finish_reason === 'length')
        throw new LlmUpstreamError('truncated', 'The answer was cut off');
      const text = typeof message?.content === 'string' ? message.content.trim() : '';
      if (!text) throw new LlmUpstreamError('empty', 'The model returned no text');
      return text;
    },
  };
}

function responseFormat(
  format: ResponseFormat,
): Pick<OpenAI.Chat.ChatCompletionCreateParamsNonStreaming, 'response_format'> {
  switch (format.type) {
    case 'json_schema':
      return {
        response_format: {
          type: 'json_schema',
          json_schema: { name: format.name, schema: format.schema, strict: true },
        },
      };
    case 'json_object':
      return { response_format: { type: 'json_object' } };
    case 'text':
      return {};
  }
}
