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
