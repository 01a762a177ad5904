import type { Recommendation } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { acceptPayload, initialDraft, keptIds, setTags, toggleItem } from './review-draft';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';

const rec: Recommendation = {
  id: 7,
  object_count: 3,
  object_ids: [A, B, C],
  drawer_name_options: ['Travel', 'Personal'],
  binder_name_options: ['Trip to Goa', 'Goa'],
  tags: ['goa'],
  ignored: false,
  binder_id: null,
  score: 0.7,
  created_at: '2026-11-23T10:00:00.000Z',
  items: [],
};

describe('a review draft', () => {
  it('starts from the first options and every item', () => {
    const draft = initialDraft(rec);
    expect(draft).toEqual({ drawerName: 'Travel', binderName: 'Trip to Goa', tags: ['goa'], excluded: [] });
    expect(keptIds(rec, draft)).toEqual([A, B, C]);
  });

  it('takes an item out when toggled, and puts it back when toggled again', () => {
    const out = toggleItem(initialDraft(rec), B);
    expect(keptIds(rec, out)).toEqual([A, C]);
    expect(keptIds(rec, toggleItem(out, B))).toEqual([A, B, C]);
  });

  it('keeps tags trimmed, once whatever the case, and at most twenty', () => {
    const draft = initialDraft(rec);
    expect(setTags(draft, ['goa', '  holiday ', 'GOA', '   ']).tags).toEqual(['goa', 'holiday']);
    expect(setTags(draft, ['holiday']).tags).toEqual(['holiday']);
    expect(
      setTags(
        draft,
        Array.from({ length: 30 }, (_, i) => `t${i}`),
      ).tags,
    ).toHaveLength(20);
    expect(setTags(draft, ['x'.repeat(100)]).tags[0]).toHaveLength(64);
  });

  it('answers the accept body with the names chosen and the items kept', () => {
    const draft = { ...toggleItem(initialDraft(rec), A), binderName: 'Goa 2026' };
    expect(acceptPayload(rec, draft)).toEqual({
      ok: true,
      payload: { id: 7, drawer_name: 'Travel', binder_name: 'Goa 2026', tags: ['goa'], object_ids: [B, C] },
    });
  });

  it('names the problem when a name is empty or too long, or no item is kept', () => {
    expect(acceptPayload(rec, { ...initialDraft(rec), drawerName: '  ' })).toMatchObject({
      ok: false,
      field: 'drawer',
      message: 'Name is required',
    });
    expect(acceptPayload(rec, { ...initialDraft(rec), binderName: 'x'.repeat(121) })).toMatchObject({
      ok: false,
      field: 'binder',
    });
    const none = [A, B, C].reduce(toggleItem, initialDraft(rec));
    expect(acceptPayload(rec, none)).toMatchObject({
      ok: false,
      field: 'items',
      message: 'Keep at least one item',
    });
  });
});
