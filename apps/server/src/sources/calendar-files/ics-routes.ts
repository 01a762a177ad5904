import { calendarImportResultSchema } from '@easio/shared';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { currentUser } from '../../auth/authenticate.js';
import type { Db } from '../../db/client.js';
import { errorResponses } from '../../http/error-responses.js';
import { HttpError } from '../../http/http-error.js';
import type { SourcesService } from '../service.js';
import { removeAbsent, removeImportedItems } from '../store-item.js';
import { calendarPage, icsId, icsScope } from './calendar-source.js';
import { IcsError, parseCalendar } from './ics.js';

/** An .ics file is text; a calendar of years is a few megabytes. */
export const MAX_ICS_BYTES = 20 * 1024 * 1024;

export interface IcsRouteDeps {
  db: Db;
  sources: SourcesService;
  releaseBlobs: (keys: { blobKeys: string[]; thumbnailKeys: string[] }) => Promise<void>;
}

/**
 * `POST /api/calendars/ics`: an .ics file's events (recurrences over the past year and the next two)
 * onto the desk. Importing the same calendar again (by its X-WR-CALNAME, else the file's name) updates
 * its events and removes those it no longer holds.
 */
export async function icsRoutes(app: FastifyInstance, deps: IcsRouteDeps) {
  await app.register(multipart, {
    limits: { fileSize: MAX_ICS_BYTES + 1, files: 1, fields: 0, parts: 1 },
    throwFileSizeLimit: true,
  });
  app.addHook('onRequest', app.requireUser);
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/ics',
    {
      schema: {
        tags: ['sources'],
        summary:
          'Import an .ics file: its events (recurrences expanded, at most 5,000) become calendar items; importing the same calendar again removes what it no longer holds',
        security: [{ bearer: [] }],
        consumes: ['multipart/form-data'],
        response: {
          200: calendarImportResultSchema,
          ...errorResponses(401, 413, 422),
        },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (!request.isMultipart()) throw new HttpError(415, 'Send the file as multipart/form-data');
      const part = await request.file();
      if (!part) throw new HttpError(422, 'The upload holds no file');
      let text: string;
      try {
        text = (await part.toBuffer()).toString('utf8');
      } catch (error) {
        if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
          throw new HttpError(413, 'The file is larger than a calendar can be (20 MB)');
        }
        throw error; // a body cut off: the error handler says so
      }
      let parsed: ReturnType<typeof parseCalendar>;
      try {
        parsed = parseCalendar(text, new Date());
      } catch (error) {
        if (error instanceof IcsError) throw new HttpError(422, error.message);
        throw error;
      }
      const calendar = parsed.name || part.filename.replace(/\.ics$/i, '') || 'Calendar';
      const page = calendarPage(parsed, { idOf: icsId, scope: icsScope(calendar), calendar });
      const { connection, importItems } = await deps.sources.intake(user.id, 'ical');
      const counts = await importItems(page.items, page.failed);
      const cancelled = await removeImportedItems(deps.db, connection, 'calendar', page.removed);
      const absent = await removeAbsent(deps.db, connection, page.present);
      for (const released of [cancelled, absent]) {
        if (released.count) await deps.releaseBlobs(released);
      }
      return {
        calendar,
        events: parsed.events.length,
        imported: counts.imported,
        skipped: counts.skipped,
        failed: counts.failed,
        removed: cancelled.count + absent.count,
        capped: parsed.capped,
      };
    },
  );
}
