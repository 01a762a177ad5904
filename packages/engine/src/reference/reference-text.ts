import type { EngineItem } from '../types.js';

/**
 * The words a textbook model reads of an item: its name, e-mail subject and text, lower case, runs
 * of two or more letters, digits or underscores (scikit-learn's default token pattern), stop words
 * kept. The references see what a plain bag-of-words model would, none of the engine's features.
 */
export function referenceTokens(item: EngineItem): string[] {
  const text = [item.name, item.email?.subject ?? '', item.text ?? ''].join('\n').toLowerCase();
  return text.match(/[\p{L}\p{N}_]{2,}/gu) ?? [];
}

/** Word counts of one item. */
export function countsOf(item: EngineItem): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of referenceTokens(item)) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** A labelled training example of the references: the item and its class (a binder key). */
export interface ReferenceExample {
  item: EngineItem;
  label: string;
}

/** A trained reference model: the best class for an item. */
export interface ReferenceModel {
  predict(item: EngineItem): string | undefined;
}
