import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('runs with nothing set: port 3000, embedded database under ./data', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({ PORT: 3000, HOST: 'localhost', TRUST_PROXY: false });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.dataDir).toBe(path.resolve('data'));
  });

  it('honours PORT, DATA_DIR and DATABASE_URL, ignoring empty values', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/srv/easio',
      DATABASE_URL: 'postgres://db/easio',
      JWT_SECRET: '',
    });
    expect(config).toMatchObject({ PORT: 8080, dataDir: '/srv/easio', DATABASE_URL: 'postgres://db/easio' });
    expect(config.JWT_SECRET).toBeUndefined();
  });

  it('names every bad variable in one error', () => {
    expect(() => loadConfig({ PORT: 'eighty', DATABASE_URL: 'mysql://x', JWT_SECRET: 'short' })).toThrowError(
      /PORT[\s\S]*DATABASE_URL: DATABASE_URL must start with postgres:\/\/[\s\S]*JWT_SECRET: JWT_SECRET must be at least 32/,
    );
  });

  it('takes error reporting only from an https Sentry DSN, and is without it by default', () => {
    expect(loadConfig({}).SENTRY_DSN).toBeUndefined();
    expect(loadConfig({ SENTRY_DSN: 'https://key@o1.ingest.sentry.io/2' }).SENTRY_DSN).toBe(
      'https://key@o1.ingest.sentry.io/2',
    );
    expect(() => loadConfig({ SENTRY_DSN: 'http://insecure.example/1' })).toThrowError(/SENTRY_DSN/);
  });

  it('sends mail only with an smtp(s):// SMTP_URL, from MAIL_FROM or no-reply at the public host', () => {
    expect(loadConfig({}).SMTP_URL).toBeUndefined();
    const config = loadConfig({
      SMTP_URL: 'smtps://u:p@mail.example.org',
      PUBLIC_URL: 'https://desk.example.org/',
    });
    expect(config.mailFrom).toBe('Easio <no-reply@desk.example.org>');
    expect(loadConfig({ MAIL_FROM: 'Desk <desk@example.org>' }).mailFrom).toBe('Desk <desk@example.org>');
    expect(() => loadConfig({ SMTP_URL: 'http://mail.example.org' })).toThrowError(
      /SMTP_URL: SMTP_URL must be an smtp:\/\/ or smtps:\/\/ address/,
    );
  });

  it('refuses REQUIRE_VERIFIED_EMAIL without a mail server to send the links', () => {
    expect(() => loadConfig({ REQUIRE_VERIFIED_EMAIL: 'true' })).toThrowError(
      /REQUIRE_VERIFIED_EMAIL: needs SMTP_URL/,
    );
    expect(
      loadConfig({ REQUIRE_VERIFIED_EMAIL: 'true', SMTP_URL: 'smtp://localhost:25' }).REQUIRE_VERIFIED_EMAIL,
    ).toBe(true);
  });

  it('parses files in two workers of 256 MB given a minute each, and refuses limits out of range', () => {
    expect(loadConfig({})).toMatchObject({
      PROCESSING_WORKERS: 2,
      PROCESSING_MEMORY_MB: 256,
      PROCESSING_TIMEOUT_SECONDS: 60,
    });
    expect(() => loadConfig({ PROCESSING_MEMORY_MB: '64' })).toThrowError(/PROCESSING_MEMORY_MB/);
  });

  it('reads text out of pictures by default, in English with one reader; OCR=off turns it off', () => {
    expect(loadConfig({})).toMatchObject({
      OCR: true,
      OCR_WORKERS: 1,
      OCR_MAX_PAGES: 50,
      OCR_PAGE_TIMEOUT_SECONDS: 60,
      OCR_LANGUAGES: ['eng'],
    });
    expect(loadConfig({ OCR: 'off', OCR_LANGUAGES: 'eng+fra,deu' })).toMatchObject({
      OCR: false,
      OCR_LANGUAGES: ['eng', 'fra', 'deu'],
    });
    expect(() => loadConfig({ OCR_LANGUAGES: 'english!', OCR_WORKERS: '0' })).toThrowError(
      /OCR_WORKERS[\s\S]*OCR_LANGUAGES: OCR_LANGUAGES must be language codes/,
    );
  });

  it('keeps the scanner folder off unless CONSUME_DIR and CONSUME_USER are both set', () => {
    const off = loadConfig({});
    expect([off.CONSUME_DIR, off.CONSUME_POLL_SECONDS, off.CONSUME_STABLE_SECONDS]).toEqual([
      undefined,
      10,
      5,
    ]);
    expect(() => loadConfig({ CONSUME_DIR: '/scans' })).toThrowError(/CONSUME_DIR: needs CONSUME_USER/);
    expect(() => loadConfig({ CONSUME_USER: 'ana' })).toThrowError(/CONSUME_USER: needs CONSUME_DIR/);
    expect(() => loadConfig({ CONSUME_DONE_DIR: '/done' })).toThrowError(
      /CONSUME_DONE_DIR: needs CONSUME_DIR/,
    );
    expect(() =>
      loadConfig({ CONSUME_DIR: '/scans', CONSUME_USER: 'ana', CONSUME_DONE_DIR: '/scans/' }),
    ).toThrowError(/CONSUME_DONE_DIR: must not be CONSUME_DIR itself/);
    expect(() =>
      loadConfig({ CONSUME_DIR: '/scans', CONSUME_USER: 'ana', CONSUME_STABLE_SECONDS: '0' }),
    ).toThrowError(/CONSUME_STABLE_SECONDS/);
    const on = loadConfig({ CONSUME_DIR: '/scans', CONSUME_USER: 'ana', CONSUME_POLL_SECONDS: '2.5' });
    expect([on.CONSUME_DIR, on.CONSUME_USER, on.CONSUME_POLL_SECONDS]).toEqual(['/scans', 'ana', 2.5]);
  });
});
