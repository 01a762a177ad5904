import { afterEach, describe, expect, it } from 'vitest';
import { completion, startFakeModelServer } from '../test/fake-model-server.js';
import { cleanName, createAiNamer } from './ai-namer.js';

const group = {
  binderNameOptions: ['Goa Palolem'],
  itemNames: ['Goa hotel booking.pdf', 'Flight to Goa.eml'],
};

describe('cleanName', () => {
  it('takes the first line without quotes, labels or a closing full stop', () => {
    expect(cleanName('"Trip to Goa".\nBecause the documents…', [])).toBe('Trip to Goa');
    expect(cleanName('Binder name: Invoices 2024', [])).toBe('Invoices 2024');
    expect(cleanName('**GitHub**', [])).toBe('GitHub');
  });

  it("uses an existing binder's spelling when the answer names it", () => {
    expect(cleanName('acme invoices', ['ACME invoices', 'Doctor'])).toBe('ACME invoices');
  });

  it('refuses answers that are not a short name', () => {
    expect(cleanName('  ', [])).toBeNull();
    expect(cleanName('These documents are all about a holiday trip to Goa in India', [])).toBeNull();
    expect(cleanName('x'.repeat(200), [])).toBeNull();
  });
});

describe('createAiNamer against an OpenAI-compatible server', () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it('asks the chat completions endpoint with the model, key, items and existing names', async () => {
    const server = await startFakeModelServer(() => completion('Trip to Goa'));
    close = server.close;
    const namer = createAiNamer({
      baseUrl: `${server.baseUrl}/`,
      apiKey: 'sk-test',
      model: 'tiny',
      timeoutMs: 5000,
    });
    expect(await namer.name(group, ['Doctor', 'ACME invoices'])).toBe('Trip to Goa');
    const [request] = server.requests;
    expect(request?.path).toBe('/v1/chat/completions');
    expect(request?.authorization).toBe('Bearer sk-test');
    expect(request?.body.model).toBe('tiny');
    const prompt = request?.body.messages?.map((m) => m.content).join('\n') ?? '';
    expect(prompt).toContain('Goa hotel booking.pdf');
    expect(prompt).toContain('Doctor; ACME invoices');
  });

  it('keeps the engine names (null) when the model fails, answers junk or is too slow', async () => {
    const replies = [
      () => ({ status: 500, body: { error: 'overloaded' } }),
      () => ({ status: 200, body: '{"not":"a completion"}' }),
      () => ({ status: 200, body: 'not json' }),
      () => 'hang' as const,
    ];
    for (const reply of replies) {
      const server = await startFakeModelServer(reply);
      const errors: unknown[] = [];
      const namer = createAiNamer({
        baseUrl: server.baseUrl,
        model: 'tiny',
        timeoutMs: 300,
        onError: (e) => errors.push(e),
      });
      expect(await namer.name(group, [])).toBeNull();
      expect(errors).toHaveLength(1);
      await server.close();
    }
  });

  it('keeps the engine names when the endpoint is unreachable', async () => {
    const namer = createAiNamer({ baseUrl: 'http://127.0.0.1:9/v1', model: 'tiny', timeoutMs: 1000 });
    expect(await namer.name(group, [])).toBeNull();
  });
});
