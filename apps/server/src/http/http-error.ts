/** An error whose status and `detail` are meant for the client. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly detail: string,
    readonly headers: Record<string, string> = {},
    readonly errors?: { path: string; message: string }[],
  ) {
    super(detail);
  }
}

/** The plain 404 for an item the user does not have (or that is not there at all: the two look alike). */
export const notFound = () => new HttpError(404, 'Not found');
