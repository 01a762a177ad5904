import { RECOMMENDATION_NAME_MAX } from '@easio/shared';
import { z } from 'zod';
import type { Config } from '../config.js';

/** What the namer is told of one new group: the engine's own names and a sample of its items. */
export interface GroupToName {
  binderNameOptions: string[];
  itemNames: string[];
}

/** Names new binders better than the engine can, or answers null to keep the engine's names. */
export interface BinderNamer {
  name(group: GroupToName, existingBinders: string[]): Promise<string | null>;
}

export interface AiNamerOptions {
  /** An OpenAI-compatible API root, such as `http://localhost:11434/v1` for a local Ollama. */
  baseUrl: string;
  apiKey?: string;
  model: string;
  timeoutMs: number;
  onError?: (error: unknown) => void;
}

/** Items shown to the model per group, and existing names offered for reuse. */
const SAMPLE_ITEMS = 12;
const EXISTING_SHOWN = 60;
/** A binder name is a few words, not a sentence. */
const MAX_WORDS = 5;

const completionSchema = z.object({
  choices: z.array(z.object({ message: z.object({ content: z.string().nullable() }) })).min(1),
});

const PROMPT = [
  'You name folders ("binders") in a personal document organiser.',
  'Given the names of the documents in one new binder, answer with a short, human binder name of',
  `at most ${MAX_WORDS} words, like "Invoices 2024", "GitHub" or "Trip to Goa".`,
  'When one of the existing binder names fits these documents, answer with it exactly.',
  'Answer with the name only: no quotes, no explanation.',
].join(' ');

/** The model's answer as a binder name, or null when it is not one (empty, a sentence, too long). */
export function cleanName(answer: string, existing: string[]): string | null {
  const line = answer
    .trim()
    .split('\n')[0]
    ?.replace(/^(binder name|name)\s*:\s*/i, '')
    .replace(/^["'`*\s]+|["'`*.\s]+$/g, '')
    .trim();
  if (!line || line.length > RECOMMENDATION_NAME_MAX) return null;
  if (line.split(/\s+/).length > MAX_WORDS) return null;
  return existing.find((e) => e.toLowerCase() === line.toLowerCase()) ?? line;
}

/**
 * A namer over an OpenAI-compatible chat completions endpoint (OpenAI, Ollama, llama.cpp, vLLM…).
 * Any failure (unreachable, slow, refused, an answer that is not a name) keeps the engine's names:
 * the model only ever refines, it is never needed.
 */
export function createAiNamer({ baseUrl, apiKey, model, timeoutMs, onError }: AiNamerOptions): BinderNamer {
  const url = `${baseUrl.replace(/\/+$/, '')}/chat/completions`;
  return {
    async name(group, existingBinders) {
      const user = [
        `Documents:\n${group.itemNames
          .slice(0, SAMPLE_ITEMS)
          .map((n) => `- ${n}`)
          .join('\n')}`,
        `Names suggested so far: ${group.binderNameOptions.join('; ') || 'none'}`,
        `Existing binders: ${existingBinders.slice(0, EXISTING_SHOWN).join('; ') || 'none'}`,
      ].join('\n\n');
      try {
        const res = await fetch(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            ...(apiKey ? { authorization: `Bearer ${apiKey}` } : {}),
          },
          body: JSON.stringify({
            model,
            temperature: 0,
            max_tokens: 24,
            messages: [
              { role: 'system', content: PROMPT },
              { role: 'user', content: user },
            ],
          }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!res.ok) throw new Error(`the model answered ${res.status}`);
        const body = completionSchema.parse(await res.json());
        return cleanName(body.choices[0]?.message.content ?? '', existingBinders);
      } catch (error) {
        onError?.(error);
        return null;
      }
    },
  };
}

/** The configured namer, or none when no model endpoint is configured. */
export function aiNamerFromConfig(
  config: Config,
  onError: (error: unknown) => void,
): BinderNamer | undefined {
  if (!config.AI_BASE_URL) return undefined;
  return createAiNamer({
    baseUrl: config.AI_BASE_URL,
    apiKey: config.AI_API_KEY,
    model: config.AI_MODEL,
    timeoutMs: config.AI_TIMEOUT_MS,
    onError,
  });
}
