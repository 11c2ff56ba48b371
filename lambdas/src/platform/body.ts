import type { Busboy } from 'busboy';
import type { Encoding, Operation } from '@agency/shared';
import { POST_LIMITS } from '@agency/shared';
import { invalid, tooLarge, unsupportedType } from './errors';

/** A file part of a multipart body, held in memory (bodies are capped well below Lambda's limit). */
export interface UploadedFile {
  field: string;
  filename: string;
  /** The client's claimed type: never trusted, bytes are checked by the media code. */
  contentType: string;
  bytes: Buffer;
}

export interface ParsedBody {
  fields: Record<string, unknown>;
  files: Record<string, UploadedFile>;
}

/** API Gateway's own payload limit; the local server applies it too. */
export const MAX_BODY_BYTES = 10 * 1024 * 1024;
const MAX_FIELD_BYTES = 1024 * 1024;
const MAX_JSON_DEPTH = 20;

const MEDIA_TYPES: Record<Encoding, string> = {
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  multipart: 'multipart/form-data',
  text: 'text/plain',
};

/** Which encoding a content type is, among those the operation accepts (form and multipart stand in for each other). */
function encodingOf(contentType: string, accepted: readonly Encoding[]): Encoding | null {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  const found = (Object.keys(MEDIA_TYPES) as Encoding[]).find((e) => MEDIA_TYPES[e] === type);
  if (!found) return null;
  if (accepted.includes(found)) return found;
  const formish = (e: Encoding) => e === 'form' || e === 'multipart';
  return formish(found) && accepted.some(formish) ? found : null;
}

function depthOf(value: unknown, depth = 0): number {
  if (depth > MAX_JSON_DEPTH) return depth;
  if (value === null || typeof value !== 'object') return depth;
  let max = depth + 1;
  for (const v of Object.values(value)) max = Math.max(max, depthOf(v, depth + 1));
  return max;
}

/** Parse a request body by its declared encoding, refusing encodings the operation does not accept. */
export async function parseBody(
  op: Operation,
  contentType: string | undefined,
  raw: Buffer,
): Promise<ParsedBody> {
  const accepted = op.request.encodings;
  if (accepted.length === 0) return { fields: {}, files: {} };
  if (raw.length > MAX_BODY_BYTES)
    throw tooLarge(`The request body is larger than ${MAX_BODY_BYTES / 1024 / 1024} MB.`);
  if (raw.length === 0 && !contentType) return { fields: {}, files: {} };
  const encoding = encodingOf(contentType ?? '', accepted);
  if (!encoding) {
    throw unsupportedType(
      `Content-Type must be ${accepted.map((e) => MEDIA_TYPES[e]).join(' or ')}.`,
    );
  }
  switch (encoding) {
    case 'json':
    case 'text':
      // `text`: JSON a beacon sent as text/plain (navigator.sendBeacon with a string).
      return { fields: parseJson(raw), files: {} };
    case 'form':
      return { fields: parseForm(raw), files: {} };
    case 'multipart':
      return parseMultipart(op, contentType ?? '', raw);
  }
}

function parseJson(raw: Buffer): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw invalid('body', 'is not valid JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw invalid('body', 'must be a JSON object');
  if (depthOf(value) > MAX_JSON_DEPTH)
    throw invalid('body', `is nested deeper than ${MAX_JSON_DEPTH} levels`);
  return Object.fromEntries(Object.entries(value));
}

function parseForm(raw: Buffer): Record<string, unknown> {
  const fields: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(raw.toString('utf8'))) {
    if (v.length > MAX_FIELD_BYTES) throw tooLarge(`is larger than ${MAX_FIELD_BYTES} bytes`, k);
    if (!(k in fields)) fields[k] = v;
  }
  return fields;
}

/**
 * The multipart parser, loaded with the first multipart body: most calls are JSON or forms, and a
 * cold start then parses 20 KB less of every function.
 */
const loadBusboy = async () => (await import('busboy')).default;

async function parseMultipart(
  op: Operation,
  contentType: string,
  raw: Buffer,
): Promise<ParsedBody> {
  const fileFields = op.request.files ?? {};
  const busboy = await loadBusboy();
  return new Promise((resolve, reject) => {
    let bb: Busboy;
    try {
      bb = busboy({
        headers: { 'content-type': contentType },
        limits: {
          fileSize: POST_LIMITS.bannerMaxBytes,
          files: Object.keys(fileFields).length,
          fields: 50,
          fieldSize: MAX_FIELD_BYTES,
          parts: 60,
        },
      });
    } catch {
      reject(invalid('body', 'is not valid multipart form data'));
      return;
    }
    const fields: Record<string, unknown> = {};
    const files: Record<string, UploadedFile> = {};
    let failure: Error | null = null;
    const fail = (e: Error) => {
      failure ??= e;
    };
    bb.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge(`is larger than ${MAX_FIELD_BYTES} bytes`, name));
      else if (!(name in fields)) fields[name] = value;
    });
    bb.on('file', (name, stream, info) => {
      if (!(name in fileFields)) {
        fail(invalid(name, 'is not a file field of this call'));
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('limit', () =>
        fail(tooLarge(`must be at most ${POST_LIMITS.bannerMaxBytes / 1024 / 1024} MB`, name)),
      );
      stream.on('close', () => {
        const bytes = Buffer.concat(chunks);
        // An empty file input (no file chosen) arrives as a part with no bytes: treat as absent.
        if (bytes.length > 0 && !files[name])
          files[name] = {
            field: name,
            filename: info.filename ?? '',
            contentType: info.mimeType,
            bytes,
          };
      });
    });
    bb.on('filesLimit', () => fail(invalid('body', 'holds more files than this call takes')));
    bb.on('fieldsLimit', () => fail(invalid('body', 'holds too many fields')));
    bb.on('partsLimit', () => fail(invalid('body', 'holds too many parts')));
    bb.on('error', () => reject(failure ?? invalid('body', 'is not valid multipart form data')));
    bb.on('close', () => (failure ? reject(failure) : resolve({ fields, files })));
    bb.end(raw);
  });
}
