import { existsSync } from 'node:fs';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { ZipArchive } from 'archiver';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError } from '../http/http-error.js';
import { contentDisposition } from '../storage/content-disposition.js';

export const EXTENSION_BROWSERS = ['chrome', 'firefox'] as const;
export type ExtensionBrowser = (typeof EXTENSION_BROWSERS)[number];

/** Where the build of the extension for this browser is (`npm run build` makes both). */
const buildDir = (distDir: string, browser: ExtensionBrowser) => path.join(distDir, `${browser}-mv3`);

/** Which browsers' builds this server has, so the app offers only what it can hand out. */
export function builtExtensions(distDir: string | undefined): Record<ExtensionBrowser, boolean> {
  const has = (browser: ExtensionBrowser) =>
    distDir !== undefined && existsSync(path.join(buildDir(distDir, browser), 'manifest.json'));
  return { chrome: has('chrome'), firefox: has('firefox') };
}

/**
 * `GET /api/extension-package/:browser`: the browser extension's build as one ZIP, for a server whose
 * extension is in no store: a person unzips it and loads it unpacked (the app says how). Public, as
 * the extension's code is no secret; it holds no address or key of this server.
 */
export async function extensionPackageRoutes(app: FastifyInstance, { distDir }: { distDir?: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/:browser',
    {
      schema: {
        tags: ['extension'],
        summary: "The browser extension's build as a ZIP, to load unpacked",
        params: z.object({
          browser: z.enum(EXTENSION_BROWSERS, { error: 'Not a browser Easio is built for' }),
        }),
      },
    },
    async (request, reply) => {
      const { browser } = request.params;
      if (!distDir || !builtExtensions(distDir)[browser]) {
        throw new HttpError(404, 'The extension is not built on this server');
      }
      const archive = new ZipArchive({ zlib: { level: 6 } });
      const out = new PassThrough();
      archive.on('error', (err) => out.destroy(err));
      archive.pipe(out);
      archive.directory(buildDir(distDir, browser), `easio-${browser}`);
      void archive.finalize();
      return reply
        .type('application/zip')
        .header('content-disposition', contentDisposition(`easio-extension-${browser}.zip`, 'attachment'))
        .send(out);
    },
  );
}
