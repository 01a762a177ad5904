export { BinderProfiles, EVIDENCE, type Placement } from './classifier.js';
export { cluster } from './cluster.js';
export { type CorpusBinder, type CorpusOptions, syntheticCorpus } from './corpus/synthetic.js';
export {
  adjustedRandIndex,
  type Evaluation,
  type EvaluationOptions,
  evaluate,
  type LabeledItem,
} from './evaluate.js';
export { type Features, featuresOf, MAX_TEXT_CHARS } from './features.js';
export { binderNameOptions, distinctiveWords, drawerNameOptions, tagsFor } from './naming.js';
export { seededRandom } from './random.js';
export {
  DeskTrainer,
  Engine,
  MIN_MARGIN,
  MIN_PLACEMENT,
  type RecommendedGroup,
  type RecommendInput,
  recommend,
} from './recommend.js';
export type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';
