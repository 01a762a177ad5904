export { BinderProfiles, EVIDENCE, type Placement } from './classifier.js';
export { cluster } from './cluster.js';
export { type Features, featuresOf, MAX_TEXT_CHARS } from './features.js';
export { binderNameOptions, distinctiveWords, drawerNameOptions, tagsFor } from './naming.js';
export {
  Engine,
  MIN_MARGIN,
  MIN_PLACEMENT,
  type RecommendedGroup,
  type RecommendInput,
  recommend,
} from './recommend.js';
export type { EngineBinder, EngineItem, FiledItem, FilingEvent } from './types.js';
