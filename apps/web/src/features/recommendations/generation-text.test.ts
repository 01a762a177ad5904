import type { GenerationStatus } from '@easio/shared';
import { describe, expect, it } from 'vitest';
import { generationText } from './generation-text';

const status = (s: Partial<GenerationStatus>): GenerationStatus => ({
  state: 'done',
  requested_at: null,
  finished_at: null,
  created: 0,
  unfiled: 0,
  error: null,
  ...s,
});

describe('generationText', () => {
  it('says what runs and what the last run found', () => {
    expect(generationText(status({ state: 'running' }))).toBe('Looking at your unfiled items…');
    expect(generationText(status({ created: 1, unfiled: 4 }))).toBe(
      'Last look: 1 new suggestion for 4 unfiled items.',
    );
    expect(generationText(status({ created: 0, unfiled: 1 }))).toBe(
      'Last look: nothing new to suggest for 1 unfiled item.',
    );
    expect(generationText(status({ state: 'failed', error: 'Generation failed: out of memory' }))).toBe(
      'Generation failed: out of memory',
    );
    expect(generationText(status({ state: 'idle' }))).toBeNull();
    expect(generationText(undefined)).toBeNull();
  });
});
