import { buildSchema } from 'graphql';
import { describe, expect, it } from 'vitest';
import { limitedValidator, parseLimited, QUERY_LIMITS } from './query-limits.js';

const schema = buildSchema(`
  type Folder { id: ID! name: String parent: Folder }
  type Query { folders: [Folder!]! }
`);
const problems = (query: string, introspection = false) =>
  limitedValidator(introspection)(schema, parseLimited(query)).map((e) => e.message);

describe('GraphQL query limits', () => {
  it('lets an ordinary query through', () => {
    expect(problems('{ folders { id name parent { id name } } }')).toEqual([]);
  });

  it('refuses more aliases than the limit', () => {
    const aliases = Array.from({ length: QUERY_LIMITS.aliases + 1 }, (_, i) => `a${i}: folders { id }`);
    expect(problems(`{ ${aliases.join(' ')} }`).join(' ')).toMatch(/aliases/i);
  });

  it('refuses nesting deeper than the limit', () => {
    const deep = `${'parent { '.repeat(QUERY_LIMITS.depth + 1)}id${' }'.repeat(QUERY_LIMITS.depth + 1)}`;
    expect(problems(`{ folders { ${deep} } }`).join(' ')).toMatch(/depth/i);
  });

  it('refuses a query costing more than the limit', () => {
    const wide = Array.from({ length: 400 }, () => 'id name').join(' ');
    expect(problems(`{ folders { ${wide} parent { ${wide} } } }`).join(' ')).toMatch(/cost/i);
  });

  it('refuses a query of more tokens than any real one has, before validating it', () => {
    expect(() => parseLimited(`{ folders { ${'id '.repeat(QUERY_LIMITS.tokens)} } }`)).toThrow(/tokens/i);
  });

  it('answers introspection only when allowed', () => {
    const query = '{ __schema { types { name } } }';
    expect(problems(query, false).join(' ')).toMatch(/introspection/i);
    expect(problems(query, true)).toEqual([]);
  });
});
