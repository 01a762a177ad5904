import { countsOf, type ReferenceExample, type ReferenceModel } from './reference-text.js';

/**
 * Multinomial naive Bayes as the textbook has it (Manning, Raghavan & Schütze, ch. 13): class priors
 * from the class frequencies, word likelihoods from the word counts of each class with add-one
 * (Laplace) smoothing over the training vocabulary; words never seen in training are ignored.
 */
export function trainNaiveBayes(examples: ReferenceExample[]): ReferenceModel {
  const classes = [...new Set(examples.map((e) => e.label))].sort();
  const docs = new Map(classes.map((c) => [c, 0]));
  const words = new Map(classes.map((c) => [c, new Map<string, number>()]));
  const totals = new Map(classes.map((c) => [c, 0]));
  const vocabulary = new Set<string>();
  for (const { item, label } of examples) {
    docs.set(label, (docs.get(label) ?? 0) + 1);
    const own = words.get(label) as Map<string, number>;
    for (const [word, n] of countsOf(item)) {
      own.set(word, (own.get(word) ?? 0) + n);
      totals.set(label, (totals.get(label) ?? 0) + n);
      vocabulary.add(word);
    }
  }
  const v = vocabulary.size;
  const logPrior = new Map(classes.map((c) => [c, Math.log((docs.get(c) ?? 0) / examples.length)]));
  return {
    predict(item) {
      const counts = countsOf(item);
      let best: string | undefined;
      let bestScore = Number.NEGATIVE_INFINITY;
      for (const c of classes) {
        const own = words.get(c) as Map<string, number>;
        const denominator = Math.log((totals.get(c) ?? 0) + v);
        let score = logPrior.get(c) as number;
        for (const [word, n] of counts) {
          if (vocabulary.has(word)) score += n * (Math.log((own.get(word) ?? 0) + 1) - denominator);
        }
        if (score > bestScore) {
          bestScore = score;
          best = c;
        }
      }
      return best;
    },
  };
}
