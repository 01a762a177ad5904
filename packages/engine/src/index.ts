export { BinderProfiles } from './binder-profiles.js';
export { cluster } from './cluster.js';
export { CONCEPTS, type Concept, conceptNamed } from './concepts.js';
export { type CorpusBinder, type CorpusOptions, syntheticCorpus } from './corpus/synthetic.js';
export {
  adjustedRandIndex,
  type DateMode,
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
  type Placement,
  type RecommendedGroup,
  type RecommendInput,
  type RecommendOptions,
  recommend,
} from './recommend.js';
export type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';
