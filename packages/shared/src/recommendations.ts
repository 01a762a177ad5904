import { z } from 'zod';
import { DATA_TYPES, SOURCES } from './constants.js';
import { BULK_MAX, TAG_MAX } from './desk.js';

/** The message of spec section 3, shown as a toast when a recommendation is accepted. */
export const FILES_MOVED_MESSAGE = 'Files Move Successfully';

/** Drawer and binder names chosen in a recommendation: short, as folder names on a desk are. */
export const RECOMMENDATION_NAME_MAX = 120;
export const RECOMMENDATION_TAGS_MAX = 20;

/**
 * A group is "high confidence" when the engine placed it in an existing binder or grouped its items
 * closely: at or above this score, the review panel's "Accept all sure ones" accepts it as proposed.
 */
export const HIGH_CONFIDENCE_SCORE = 0.5;

/** What the review panel shows of each item in a group. */
export const recommendedItemSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  data_type: z.enum(DATA_TYPES),
  source: z.enum(SOURCES),
  mime_type: z.string().nullable(),
  url: z.string().nullable(),
  item_date: z.iso.datetime({ offset: true }),
  /** Signed, short-lived address of an image preview, when the item has one. */
  thumbnail_url: z.string().nullable(),
});
export type RecommendedItem = z.infer<typeof recommendedItemSchema>;

/** One open recommendation (spec section 3's recommendation view, plus what the panel shows). */
export const recommendationSchema = z.object({
  id: z.number().int(),
  object_count: z.number().int(),
  object_ids: z.array(z.uuid()),
  drawer_name_options: z.array(z.string()),
  binder_name_options: z.array(z.string()),
  tags: z.array(z.string()),
  ignored: z.boolean(),
  /** The existing binder the items fit, or null when the group would make a new one. */
  binder_id: z.uuid().nullable(),
  /** How sure the engine is, 0–1. */
  score: z.number(),
  created_at: z.iso.datetime({ offset: true }),
  /** The items still on the desk and still unfiled, in the group's order. */
  items: z.array(recommendedItemSchema),
});
export type Recommendation = z.infer<typeof recommendationSchema>;

export const isHighConfidence = (r: Pick<Recommendation, 'score'>) => r.score >= HIGH_CONFIDENCE_SCORE;

export const GENERATION_STATES = ['idle', 'queued', 'running', 'done', 'failed'] as const;
export type GenerationState = (typeof GENERATION_STATES)[number];

/** Where the user's generation stands: what `generate_recommendations` answers. */
export const generationStatusSchema = z.object({
  state: z.enum(GENERATION_STATES),
  requested_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  /** Groups the last finished run proposed. */
  created: z.number().int(),
  /** Unfiled items the last finished run looked at. */
  unfiled: z.number().int(),
  error: z.string().nullable(),
});
export type GenerationStatus = z.infer<typeof generationStatusSchema>;

const folderName = z
  .string()
  .trim()
  .min(1, 'Name is required')
  .max(RECOMMENDATION_NAME_MAX, `Use at most ${RECOMMENDATION_NAME_MAX} characters`);

/**
 * Accepting: the names chosen (an option or typed new), the tags, and the items the user kept.
 * Items of the group left out stay unfiled.
 */
export const acceptRecommendationSchema = z.strictObject({
  id: z.number().int().positive(),
  drawer_name: folderName,
  binder_name: folderName,
  tags: z
    .array(z.string().trim().min(1, 'Tag is empty').max(TAG_MAX, `Tags have at most ${TAG_MAX} characters`))
    .max(RECOMMENDATION_TAGS_MAX, `At most ${RECOMMENDATION_TAGS_MAX} tags`)
    .default([]),
  object_ids: z.array(z.uuid()).min(1, 'Keep at least one item').max(BULK_MAX),
});
export type AcceptRecommendation = z.input<typeof acceptRecommendationSchema>;

export const acceptResultSchema = z.object({
  message: z.literal(FILES_MOVED_MESSAGE),
  drawer_id: z.uuid(),
  binder_id: z.uuid(),
  moved: z.number().int(),
});
export type AcceptResult = z.infer<typeof acceptResultSchema>;

export const deleteRecommendationSchema = z.strictObject({ id: z.number().int().positive() });

/** Undoes an accept: its items back on the desk with the tags they had, the folders it made gone if empty. */
export const undoAcceptSchema = z.strictObject({ id: z.number().int().positive() });
export const undoAcceptResultSchema = z.object({
  id: z.number().int(),
  /** How many items went back onto the desk (those moved again since stay where they are). */
  moved: z.number().int(),
});
export type UndoAcceptResult = z.infer<typeof undoAcceptResultSchema>;
export const deleteResultSchema = z.object({ id: z.number().int(), ignored: z.literal(true) });
