import { useCallback } from 'react';
import {
  IMAGE_MIMES,
  IMAGE_TYPE_MESSAGE,
  MEDIA_LIMITS,
  type ImageMime,
  type MediaItem,
} from '@agency/shared';
import { ApiError, personSentence } from '../../../lib/api-client';
import { useAdminApi } from '../shell/use-admin-api';

/**
 * The admin's image upload: `createUpload` issues a presigned form, the file goes straight to the
 * media bucket (XMLHttpRequest, for upload progress), then `confirmUpload` checks its bytes, makes
 * its variants and registers it. The API never carries the file itself.
 */

/**
 * A failed upload: `filename` says which file, and the message what is wrong with it ("Must be at
 * most 20 MB."), without repeating the name the page shows next to it.
 */
export class UploadError extends Error {
  override readonly name = 'UploadError';
  constructor(
    readonly filename: string,
    message: string,
    /** HTTP status of the refusal (0: the server could not be reached); undefined: refused before sending. */
    readonly status?: number,
  ) {
    super(message);
  }
}

/** Where an upload is: the bytes going to the bucket (fraction 0..1), or the server making its variants. */
export type UploadStage = { kind: 'uploading'; fraction: number } | { kind: 'processing' };

export interface UploadOptions {
  onStage?: (stage: UploadStage) => void;
  /** Cancels the upload: it then rejects with an AbortError. */
  signal?: AbortSignal;
}

const MAX_MB = MEDIA_LIMITS.maxBytes / 1024 / 1024;
/** The server's own sentences, so a file refused here reads as one refused there. */
const SIZE_MESSAGE = personSentence(`must be at most ${MAX_MB} MB`);
const TYPE_MESSAGE = personSentence(IMAGE_TYPE_MESSAGE);
const EMPTY_MESSAGE = 'Is empty.';

const isImageMime = (type: string): type is ImageMime => IMAGE_MIMES.some((m) => m === type);

/** What is wrong with a file before anything is sent (type, size), or null. */
export function checkImageFile(file: File): string | null {
  if (!isImageMime(file.type)) return TYPE_MESSAGE;
  if (file.size > MEDIA_LIMITS.maxBytes) return SIZE_MESSAGE;
  if (file.size === 0) return EMPTY_MESSAGE;
  return null;
}

/** Is this the rejection a cancelled upload ends with? */
export const isAbort = (err: unknown): boolean =>
  err instanceof DOMException && err.name === 'AbortError';

/** S3's XML error code (`EntityTooLarge`, `AccessDenied`, …), or null. */
function s3ErrorCode(xml: string): string | null {
  return /<Code>([^<]+)<\/Code>/.exec(xml)?.[1] ?? null;
}

function bucketMessage(status: number, body: string): string {
  const code = s3ErrorCode(body);
  if (code === 'EntityTooLarge') return SIZE_MESSAGE;
  if (code === 'EntityTooSmall') return EMPTY_MESSAGE;
  if (status === 0) return 'The upload was interrupted; check your connection and try again.';
  return `The upload was refused (${code ?? `status ${status}`}); please try again.`;
}

/** POST the presigned form to the bucket: its fields in order, then the file (S3 reads fields after `file` as content). */
function postForm(
  url: string,
  fields: Record<string, string>,
  file: File,
  onFraction: (fraction: number) => void,
  signal?: AbortSignal,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const form = new FormData();
    for (const [key, value] of Object.entries(fields)) form.append(key, value);
    form.append('file', file);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onFraction(e.loaded / e.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, body: xhr.responseText });
    xhr.onerror = () => resolve({ status: 0, body: '' });
    xhr.onabort = () => reject(new DOMException('Upload cancelled', 'AbortError'));
    if (signal?.aborted) {
      reject(new DOMException('Upload cancelled', 'AbortError'));
      return;
    }
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(form);
  });
}

/** The admin API as `useAdminApi` returns it (token, renewal, sign-in on 401). */
export type AdminApi = ReturnType<typeof useAdminApi>;

/** An API call whose failure becomes an UploadError about the file (its message without the name). */
async function step<T>(filename: string, call: Promise<T>): Promise<T> {
  try {
    return await call;
  } catch (err) {
    if (err instanceof ApiError) throw new UploadError(filename, err.message, err.status);
    throw err;
  }
}

/** Upload one image to the media library; resolves with its library entry (variants made). */
export async function uploadImage(
  api: AdminApi,
  file: File,
  { onStage, signal }: UploadOptions = {},
): Promise<MediaItem> {
  const problem = checkImageFile(file);
  if (problem) throw new UploadError(file.name, problem);
  const content_type = file.type;
  // A 403 from the bucket is a form that expired while the file waited (a slow link, a laptop
  // asleep): one fresh form is worth trying before the author is asked.
  for (let attempt = 1; ; attempt++) {
    onStage?.({ kind: 'uploading', fraction: 0 });
    const { data: form } = await step(
      file.name,
      api('createUpload', {
        body: { filename: file.name, content_type, size: file.size },
        signal,
      }),
    );
    const sent = await postForm(
      form.url,
      form.fields,
      file,
      (fraction) => onStage?.({ kind: 'uploading', fraction }),
      signal,
    );
    if (sent.status === 403 && attempt === 1) continue;
    if (sent.status < 200 || sent.status > 299)
      throw new UploadError(file.name, bucketMessage(sent.status, sent.body), sent.status);
    onStage?.({ kind: 'processing' });
    const { data } = await step(file.name, api('confirmUpload', { body: { id: form.id }, signal }));
    return data;
  }
}

/** `uploadImage` bound to the signed-in admin's API. */
export function useUploadImage(): (file: File, options?: UploadOptions) => Promise<MediaItem> {
  const api = useAdminApi();
  return useCallback((file, options) => uploadImage(api, file, options), [api]);
}
