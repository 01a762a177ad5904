import {
  type AcceptRecommendation,
  acceptRecommendationSchema,
  RECOMMENDATION_TAGS_MAX,
  type Recommendation,
  TAG_MAX,
} from '@easio/shared';

/** What the user has chosen so far for one recommendation, before accepting it. */
export interface ReviewDraft {
  drawerName: string;
  binderName: string;
  tags: string[];
  /** Items of the group the user took out of the move (they stay unfiled). */
  excluded: string[];
}

export function initialDraft(rec: Recommendation): ReviewDraft {
  return {
    drawerName: rec.drawer_name_options[0] ?? '',
    binderName: rec.binder_name_options[0] ?? '',
    tags: rec.tags.slice(0, RECOMMENDATION_TAGS_MAX),
    excluded: [],
  };
}

/** Spec: toggling an item adds it to the move when it is out, and takes it out when it is in. */
export function toggleItem(draft: ReviewDraft, id: string): ReviewDraft {
  const excluded = draft.excluded.includes(id)
    ? draft.excluded.filter((e) => e !== id)
    : [...draft.excluded, id];
  return { ...draft, excluded };
}

/** The tags as typed, trimmed and cut to size, each once whatever its case, at most the allowed count. */
export function setTags(draft: ReviewDraft, tags: string[]): ReviewDraft {
  const seen = new Set<string>();
  const clean = tags
    .map((t) => t.trim().slice(0, TAG_MAX))
    .filter((t) => {
      const key = t.toLowerCase();
      if (!t || seen.has(key)) return false;
      seen.add(key);
      return true;
    })
    .slice(0, RECOMMENDATION_TAGS_MAX);
  return { ...draft, tags: clean };
}

/** The items that will move: the group's items the user kept, in the group's order. */
export function keptIds(rec: Recommendation, draft: ReviewDraft): string[] {
  return rec.object_ids.filter((id) => !draft.excluded.includes(id));
}

/** The accept call's body, or the first problem to show (checked by the same rules as the server). */
export function acceptPayload(
  rec: Recommendation,
  draft: ReviewDraft,
):
  | { ok: true; payload: AcceptRecommendation }
  | { ok: false; field: 'drawer' | 'binder' | 'items' | 'tags'; message: string } {
  const payload = {
    id: rec.id,
    drawer_name: draft.drawerName,
    binder_name: draft.binderName,
    tags: draft.tags,
    object_ids: keptIds(rec, draft),
  };
  const parsed = acceptRecommendationSchema.safeParse(payload);
  if (parsed.success) return { ok: true, payload };
  const issue = parsed.error.issues[0];
  const field =
    issue?.path[0] === 'drawer_name'
      ? 'drawer'
      : issue?.path[0] === 'binder_name'
        ? 'binder'
        : issue?.path[0] === 'tags'
          ? 'tags'
          : 'items';
  return { ok: false, field, message: issue?.message ?? 'Check this suggestion' };
}
