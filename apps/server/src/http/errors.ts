import { type ErrorBody, MESSAGES, PASSWORD_PROBLEM_START } from '@easio/shared';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './http-error.js';

const FRAMEWORK_DETAILS: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The body is not valid JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The body is empty but its content type says JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The body is too large',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted here',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'The content length does not match the body',
  FST_FILES_LIMIT: 'The form holds more files than this call takes',
  FST_PARTS_LIMIT: 'The form holds more parts than this call takes',
  FST_FIELDS_LIMIT: 'The form holds more fields than this call takes',
  FST_PROTO_VIOLATION: 'A field of the form has a name that is not allowed',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'This content type is not accepted here',
};

/**
 * PostgreSQL's class 22 errors (data exceptions: a NUL in text, a number out of range, an impossible
 * date…) are caused by the input, so they are the client's 400, not our 500.
 */
function databaseDataException(error: unknown): string | null {
  for (let e: unknown = error; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^22[0-9A-Z]{3}$/.test(code)) {
      return code === '22021' || code === '22P05'
        ? 'The text contains characters that cannot be stored (such as NUL)'
        : 'A value is out of range or malformed';
    }
  }
  return null;
}

/**
 * What the multipart parser (busboy, under @fastify/multipart) throws on a body that is not the
 * multipart it claims to be: no or an empty boundary, a boundary the body never uses, a body cut off.
 * Its errors carry no code or status, only these messages.
 */
const MULTIPART_PARSER_MESSAGES: readonly [RegExp, string][] = [
  [/^Multipart: Boundary not found$|^Boundary required$/, 'The multipart body has no boundary'],
  [/unexpected end of multipart data$/i, 'The multipart body is cut off or does not match its boundary'],
  [/^Unsupported Content-Type\.$|^Missing Content-Type-header\.$/, 'This content type is not accepted here'],
];

/** Why a malformed body could not be read, when the body parser says so. */
function bodyParserProblem(error: FastifyError): string | null {
  if (error.statusCode !== undefined || error.code !== undefined) return null;
  return MULTIPART_PARSER_MESSAGES.find(([pattern]) => pattern.test(error.message))?.[1] ?? null;
}

const OWN_MESSAGES = new Set<string>(Object.values(MESSAGES));
/** Our messages read on their own; a framework's is prefixed with the field it is about. */
const isOwnMessage = (message: string) =>
  OWN_MESSAGES.has(message) || message.startsWith(PASSWORD_PROBLEM_START);

/** Every error leaves as JSON `{detail}`; input problems are 4xx and never 500. */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof HttpError) {
      const body: ErrorBody = error.errors
        ? { detail: error.detail, errors: error.errors }
        : { detail: error.detail };
      return reply.code(error.statusCode).headers(error.headers).send(body);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors = error.validation.map((issue) => ({
        path: issue.instancePath.replace(/^\//, '').replaceAll('/', '.'),
        message: issue.message ?? 'Invalid value',
      }));
      const first = errors[0];
      const detail = !first
        ? 'Invalid input'
        : isOwnMessage(first.message) || !first.path
          ? first.message
          : `${first.path}: ${first.message}`;
      return reply.code(422).send({ detail, errors } satisfies ErrorBody);
    }
    const unreadable = bodyParserProblem(error);
    if (unreadable) return reply.code(400).send({ detail: unreadable } satisfies ErrorBody);
    const dataProblem = databaseDataException(error);
    if (dataProblem) return reply.code(400).send({ detail: dataProblem } satisfies ErrorBody);
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail = FRAMEWORK_DETAILS[error.code] ?? error.message;
      return reply.code(status).send({ detail } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ detail: 'Sorry, Something went wrong' } satisfies ErrorBody);
  });
}
