import { describe, expect, it } from 'vitest';
import { buildGazetteer, foldName, searchGazetteer } from './gazetteer.js';

const city = (name: string, country: string, population: number, adminCode = '01', featureCode = 'PPL') => ({
  name,
  country,
  adminCode,
  featureCode,
  population,
  loc: { coordinates: [population / 1e6, -population / 1e6] as [number, number] },
});

const RECORDS = [
  city('Paris', 'FR', 2_138_551, '11', 'PPLC'),
  city('Paris', 'US', 24_782, 'TX'),
  city('Par', 'GB', 9_462, 'ENG'),
  city('Parbhani', 'IN', 289_629),
  city('New York City', 'US', 8_175_133, 'NY'),
  city('York', 'GB', 153_717, 'ENG'),
  city('Zürich', 'CH', 341_730, 'ZH'),
  city('Zürich (Kreis 3)', 'CH', 46_018, 'ZH', 'PPLX'),
  city('Saint-Étienne', 'FR', 176_280),
  city('Łódź', 'PL', 768_755),
];

describe('the gazetteer', () => {
  it('folds names for matching: case, accents, letters without marks and punctuation', () => {
    expect(foldName('Saint-Étienne')).toBe('saint etienne');
    expect(foldName('  ŁÓDŹ ')).toBe('lodz');
    expect(foldName('Straße')).toBe('strasse');
    expect(foldName("St. John's")).toBe('st john s');
    expect(foldName('--')).toBe('');
  });

  it('answers names starting with what was typed, the larger place and the exact name first', async () => {
    const g = await buildGazetteer(RECORDS);
    const names = (q: string, limit = 10) =>
      searchGazetteer(g, q, limit).map((p) => `${p.name}/${p.country_code}`);
    // Par is exactly what was typed: lifted above larger Parbhani, not above Paris.
    expect(names('par')).toEqual(['Paris/FR', 'Par/GB', 'Parbhani/IN', 'Paris/US']);
    expect(names('PARIS')).toEqual(['Paris/FR', 'Paris/US']);
    expect(names('par', 1)).toEqual(['Paris/FR']);
    // A later word of a name matches too, below names that start so.
    expect(names('york')).toEqual(['York/GB', 'New York City/US']);
    expect(names('zurich')).toEqual(['Zürich/CH']);
    expect(names('saint etienne')).toEqual(['Saint-Étienne/FR']);
    expect(names('lodz')).toEqual(['Łódź/PL']);
    expect(names('nowhere')).toEqual([]);
    expect(names('!!')).toEqual([]);
  });

  it('names the country and a region code that reads as one, with the point', async () => {
    const g = await buildGazetteer(RECORDS);
    expect(searchGazetteer(g, 'paris', 2)).toEqual([
      {
        name: 'Paris',
        region: null,
        country: 'France',
        country_code: 'FR',
        latitude: -2.138551,
        longitude: 2.138551,
        population: 2_138_551,
      },
      expect.objectContaining({ region: 'TX', country: 'United States' }),
    ]);
  });
});
