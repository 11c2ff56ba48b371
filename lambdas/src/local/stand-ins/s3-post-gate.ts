import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import busboy from 'busboy';

/**
 * s3rver stores whatever a browser POSTs to a bucket: it ignores the form's policy. The direct
 * upload's safety rests on that policy (exact key, type and file name, 1 byte to 20 MB, five
 * minutes), so the local S3 endpoint is this gate in front of s3rver: it checks a POST Object as S3
 * does (SigV4 policy signature with the local credentials, expiry, every condition, no field the
 * policy does not cover) and answers S3's XML errors. It also answers `If-Match` on GET and HEAD,
 * which s3rver ignores, and passes everything else through untouched.
 */
export interface S3PostGateOptions {
  /** Where s3rver listens, e.g. `http://127.0.0.1:4568`. */
  target: string;
  credentials: { accessKeyId: string; secretAccessKey: string };
  now?: () => Date;
}

/** A POST larger than this is refused before it is parsed (S3 has its own, larger cap). */
const MAX_POST_BYTES = 64 * 1024 * 1024;

/** Fields the policy never lists (S3's own exemptions). */
const EXEMPT = new Set(['policy', 'x-amz-signature', 'file']);

interface S3ErrorReply {
  status: number;
  code: string;
  message: string;
  extra?: Record<string, string | number>;
}

/** Element text: quotes stay as they are, as in S3's own messages. */
const xmlEscape = (s: string) =>
  s.replace(/[<>&]/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;' })[c] ?? c);

function errorXml({ code, message, extra }: S3ErrorReply): string {
  const more = Object.entries(extra ?? {})
    .map(([k, v]) => `<${k}>${xmlEscape(String(v))}</${k}>`)
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>\n<Error><Code>${code}</Code><Message>${xmlEscape(message)}</Message>${more}<RequestId>local</RequestId><HostId>local</HostId></Error>`;
}

const denied = (message: string): S3ErrorReply => ({ status: 403, code: 'AccessDenied', message });
const policyFailed = (condition: unknown): S3ErrorReply =>
  denied(
    `Invalid according to Policy: Policy Condition failed: ${JSON.stringify(condition).replace(/","/g, '", "')}`,
  );

interface PostForm {
  /** Field names lower-cased (S3 matches them without case), values as sent, before the file. */
  fields: Map<string, string>;
  /** Original spelling of each field, for messages. */
  names: Map<string, string>;
  file: Buffer | null;
}

function parseForm(headers: http.IncomingHttpHeaders, body: Buffer): Promise<PostForm> {
  return new Promise((resolve, reject) => {
    const form: PostForm = { fields: new Map(), names: new Map(), file: null };
    let parser: busboy.Busboy;
    try {
      parser = busboy({ headers, limits: { fileSize: MAX_POST_BYTES, fields: 100 } });
    } catch (error) {
      reject(error instanceof Error ? error : new Error(String(error)));
      return;
    }
    parser.on('field', (name, value) => {
      // Fields after the file are ignored, as S3 does.
      if (form.file !== null) return;
      form.fields.set(name.toLowerCase(), value);
      form.names.set(name.toLowerCase(), name);
    });
    parser.on('file', (name, stream) => {
      if (name.toLowerCase() !== 'file' || form.file !== null) {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        form.file = Buffer.concat(chunks);
      });
    });
    parser.on('close', () => resolve(form));
    parser.on('error', reject);
    parser.end(body);
  });
}

const hmac = (key: Buffer | string, data: string) =>
  createHmac('sha256', key).update(data).digest();

/** The SigV4 signing key of a day, region and service. */
function signingKey(secret: string, date: string, region: string, service: string): Buffer {
  return hmac(hmac(hmac(hmac(`AWS4${secret}`, date), region), service), 'aws4_request');
}

function sameHex(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

type Condition = Record<string, unknown> | unknown[];

/** Check a POST Object form against its policy the way S3 does; null when S3 would store the file. */
function checkPostPolicy(
  form: PostForm,
  bucket: string,
  options: Pick<S3PostGateOptions, 'credentials'> & { now: Date },
): S3ErrorReply | null {
  const field = (name: string) => form.fields.get(name.toLowerCase());
  if (form.file === null)
    return {
      status: 400,
      code: 'InvalidArgument',
      message: 'POST requires exactly one file upload per request.',
      extra: { ArgumentName: 'file', ArgumentValue: '0' },
    };
  const policy = field('policy');
  // Without a policy the POST is anonymous: the media bucket allows no public writes.
  if (!policy) return denied('Access Denied');
  if (field('x-amz-algorithm') !== 'AWS4-HMAC-SHA256')
    return {
      status: 400,
      code: 'InvalidArgument',
      message: 'Only AWS4-HMAC-SHA256 is supported.',
      extra: { ArgumentName: 'x-amz-algorithm' },
    };
  const credential = (field('x-amz-credential') ?? '').split('/');
  const [accessKey, date, region, service, terminator] = credential;
  if (
    credential.length !== 5 ||
    service !== 's3' ||
    terminator !== 'aws4_request' ||
    !date ||
    !region
  )
    return {
      status: 400,
      code: 'AuthorizationQueryParametersError',
      message: 'Error parsing the X-Amz-Credential parameter.',
    };
  if (accessKey !== options.credentials.accessKeyId)
    return {
      status: 403,
      code: 'InvalidAccessKeyId',
      message: 'The AWS Access Key Id you provided does not exist in our records.',
    };
  const expected = createHmac(
    'sha256',
    signingKey(options.credentials.secretAccessKey, date, region, 's3'),
  )
    .update(policy)
    .digest('hex');
  if (!sameHex(expected, field('x-amz-signature') ?? ''))
    return {
      status: 403,
      code: 'SignatureDoesNotMatch',
      message:
        'The request signature we calculated does not match the signature you provided. Check your key and signing method.',
    };

  let document: { expiration?: unknown; conditions?: unknown };
  try {
    const parsed: unknown = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    document = parsed;
  } catch {
    return { status: 400, code: 'InvalidPolicyDocument', message: 'Invalid Policy: Invalid JSON.' };
  }
  const expiration =
    typeof document.expiration === 'string' ? Date.parse(document.expiration) : Number.NaN;
  if (!Number.isFinite(expiration))
    return {
      status: 400,
      code: 'InvalidPolicyDocument',
      message: 'Invalid Policy: Policy missing expiration.',
    };
  if (expiration <= options.now.getTime())
    return denied('Invalid according to Policy: Policy expired.');
  if (!Array.isArray(document.conditions))
    return {
      status: 400,
      code: 'InvalidPolicyDocument',
      message: 'Invalid Policy: Policy missing conditions.',
    };

  // `bucket` is the bucket the form is posted to, whatever a form field says.
  const valueOf = (name: string) => (name.toLowerCase() === 'bucket' ? bucket : field(name));
  const covered = new Set<string>();
  let range: [number, number] | null = null;
  for (const raw of document.conditions as unknown[]) {
    const condition = raw as Condition;
    if (Array.isArray(condition)) {
      const [op, target, value] = condition;
      if (
        op === 'content-length-range' &&
        typeof target === 'number' &&
        typeof value === 'number'
      ) {
        range = [target, value];
        continue;
      }
      if (
        (op !== 'eq' && op !== 'starts-with') ||
        typeof target !== 'string' ||
        !target.startsWith('$') ||
        typeof value !== 'string'
      )
        return {
          status: 400,
          code: 'InvalidPolicyDocument',
          message: `Invalid Policy: Invalid Condition: ${JSON.stringify(condition)}`,
        };
      const name = target.slice(1);
      covered.add(name.toLowerCase());
      const actual = valueOf(name) ?? '';
      if (op === 'eq' ? actual !== value : !actual.startsWith(value))
        return policyFailed(condition);
    } else if (typeof condition === 'object' && condition !== null) {
      for (const [name, value] of Object.entries(condition)) {
        covered.add(name.toLowerCase());
        if (valueOf(name) !== value) return policyFailed(['eq', `$${name}`, value]);
      }
    }
  }
  for (const name of form.fields.keys()) {
    if (EXEMPT.has(name) || name.startsWith('x-ignore-') || covered.has(name)) continue;
    return denied(
      `Invalid according to Policy: Extra input fields: ${form.names.get(name) ?? name}`,
    );
  }
  if (range) {
    const size = form.file.length;
    if (size > range[1])
      return {
        status: 400,
        code: 'EntityTooLarge',
        message: 'Your proposed upload exceeds the maximum allowed size',
        extra: { ProposedSize: size, MaxSizeAllowed: range[1] },
      };
    if (size < range[0])
      return {
        status: 400,
        code: 'EntityTooSmall',
        message: 'Your proposed upload is smaller than the minimum allowed size',
        extra: { ProposedSize: size, MinSizeAllowed: range[0] },
      };
  }
  return null;
}

function readBody(req: http.IncomingMessage): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (c: Buffer) => {
      total += c.length;
      if (total > MAX_POST_BYTES) {
        resolve(null);
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(total > MAX_POST_BYTES ? null : Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** Send a request on to s3rver and its answer back, streamed both ways. */
function forward(
  target: URL,
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body?: Buffer,
): void {
  const upstream = http.request(
    {
      host: target.hostname,
      port: target.port,
      method: req.method,
      path: req.url,
      headers: body ? { ...req.headers, 'content-length': String(body.length) } : req.headers,
    },
    (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    },
  );
  upstream.on('error', () => {
    if (!res.headersSent) res.writeHead(502);
    res.end();
  });
  if (body) upstream.end(body);
  else req.pipe(upstream);
}

/**
 * The CORS headers S3 would add to an answer for this origin: s3rver evaluates the bucket's CORS
 * rules for a preflight, so the gate asks it rather than reading the rules a second way.
 */
function corsHeaders(target: URL, bucket: string, origin: string | undefined) {
  return new Promise<Record<string, string>>((resolve) => {
    if (!origin) {
      resolve({});
      return;
    }
    const ask = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: 'OPTIONS',
        path: `/${encodeURIComponent(bucket)}`,
        headers: { origin, 'access-control-request-method': 'POST' },
      },
      (answer) => {
        answer.resume();
        const allowed = answer.headers['access-control-allow-origin'];
        resolve(
          answer.statusCode === 200 && allowed
            ? { 'access-control-allow-origin': String(allowed), vary: 'Origin' }
            : {},
        );
      },
    );
    ask.on('error', () => resolve({}));
    ask.end();
  });
}

/** A bucket-level POST with a form: `/<bucket>` or `/<bucket>/`, no subresource. */
function postObjectBucket(req: http.IncomingMessage): string | null {
  if (req.method !== 'POST') return null;
  const url = new URL(req.url ?? '/', 'http://gate');
  if (url.search) return null;
  const m = /^\/([^/]+)\/?$/.exec(url.pathname);
  if (!m?.[1]) return null;
  if (!/^multipart\/form-data/i.test(req.headers['content-type'] ?? '')) return null;
  return decodeURIComponent(m[1]);
}

/** An ETag as S3 compares them: without quotes or a weak prefix. */
const bareEtag = (etag: string) => etag.trim().replace(/^W\//, '').replace(/"/g, '');

/** The ETag of the object a GET or HEAD names, or null when s3rver has none there. */
function currentEtag(target: URL, req: http.IncomingMessage): Promise<string | null> {
  const headers = { ...req.headers };
  delete headers['if-match'];
  delete headers.range;
  return new Promise((resolve, reject) => {
    const ask = http.request(
      { host: target.hostname, port: target.port, method: 'HEAD', path: req.url, headers },
      (answer) => {
        answer.resume();
        const etag = answer.headers.etag;
        resolve(answer.statusCode === 200 && etag ? etag : null);
      },
    );
    ask.on('error', reject);
    ask.end();
  });
}

/**
 * s3rver ignores `If-Match` on GET and HEAD: S3 answers 412 PreconditionFailed when the object's
 * ETag is another (the upload confirmation reads exactly the bytes it checked that way). A missing
 * object goes on to s3rver, which answers its 404.
 */
async function failsIfMatch(target: URL, req: http.IncomingMessage): Promise<boolean> {
  const wanted = req.headers['if-match'];
  if ((req.method !== 'GET' && req.method !== 'HEAD') || !wanted) return false;
  const etag = await currentEtag(target, req);
  if (etag === null) return false;
  const tags = wanted.split(',').map(bareEtag);
  return !tags.includes('*') && !tags.includes(bareEtag(etag));
}

function preconditionFailed(req: http.IncomingMessage, res: http.ServerResponse): void {
  res.writeHead(412, { 'content-type': 'application/xml' });
  res.end(
    req.method === 'HEAD'
      ? undefined
      : errorXml({
          status: 412,
          code: 'PreconditionFailed',
          message: 'At least one of the pre-conditions you specified did not hold',
          extra: { Condition: 'If-Match' },
        }),
  );
}

/** The gate's HTTP server: start it with `listen()` and use its address as the S3 endpoint. */
export function createS3PostGate(options: S3PostGateOptions): http.Server {
  const target = new URL(options.target);
  const now = options.now ?? (() => new Date());
  return http.createServer((req, res) => {
    const bucket = postObjectBucket(req);
    if (!bucket) {
      if (!req.headers['if-match']) {
        forward(target, req, res);
        return;
      }
      failsIfMatch(target, req).then(
        (failed) => (failed ? preconditionFailed(req, res) : forward(target, req, res)),
        () => {
          res.writeHead(502);
          res.end();
        },
      );
      return;
    }
    void (async () => {
      const reply = async (error: S3ErrorReply) => {
        const cors = await corsHeaders(target, bucket, req.headers.origin);
        res.writeHead(error.status, { 'content-type': 'application/xml', ...cors });
        res.end(errorXml(error));
      };
      const body = await readBody(req);
      if (!body)
        return reply({
          status: 400,
          code: 'MaxPostPreDataLengthExceeded',
          message: 'Your POST request fields preceding the upload file were too large.',
        });
      let form: PostForm;
      try {
        form = await parseForm(req.headers, body);
      } catch {
        return reply({
          status: 400,
          code: 'MalformedPOSTRequest',
          message: 'The body of your POST request is not well-formed multipart/form-data.',
        });
      }
      const refused = checkPostPolicy(form, bucket, {
        credentials: options.credentials,
        now: now(),
      });
      if (refused) return reply(refused);
      forward(target, req, res, body);
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/xml' });
      res.end(errorXml({ status: 500, code: 'InternalError', message: 'The gate failed.' }));
    });
  });
}
