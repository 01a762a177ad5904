import { NetworkError } from './api-error';
import { API_BASE, type Auth, type Parser, parseAnswer, refusal, tokenFor } from './client';

export interface UploadOptions {
  auth?: Auth;
  signal?: AbortSignal;
  /** Bytes sent so far and in all, as the browser reports them. */
  onProgress?: (loaded: number, total: number) => void;
}

/**
 * A multipart upload through the same rules as `apiRequest` (bearer token, `{detail}` refusals,
 * checked answers), over XMLHttpRequest because `fetch` does not report upload progress. Aborting
 * the signal cancels the transfer and rejects with an `AbortError`.
 */
export function apiUpload<T>(
  path: string,
  body: FormData,
  parser: Parser<T>,
  options: UploadOptions = {},
): Promise<T> {
  const { auth = 'session', signal, onProgress } = options;
  const token = tokenFor(auth);
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new DOMException('The upload was cancelled', 'AbortError'));
      return;
    }
    const xhr = new XMLHttpRequest();
    const abort = () => xhr.abort();
    signal?.addEventListener('abort', abort, { once: true });
    const done = () => signal?.removeEventListener('abort', abort);

    xhr.open('POST', `${API_BASE}${path}`);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'text';
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        onProgress(event.loaded, event.lengthComputable ? event.total : 0);
      });
    }
    xhr.addEventListener('load', () => {
      done();
      let data: unknown;
      if ((xhr.getResponseHeader('content-type') ?? '').includes('json')) {
        try {
          data = JSON.parse(xhr.responseText);
        } catch {
          data = undefined;
        }
      }
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(refusal(xhr.status, data, auth, token));
        return;
      }
      try {
        resolve(parseAnswer(parser, data, `POST ${path}`));
      } catch (error) {
        reject(error);
      }
    });
    xhr.addEventListener('error', () => {
      done();
      reject(
        navigator.onLine ? new Error('The upload failed: the connection was lost') : new NetworkError(true),
      );
    });
    xhr.addEventListener('abort', () => {
      done();
      reject(new DOMException('The upload was cancelled', 'AbortError'));
    });
    xhr.send(body);
  });
}
