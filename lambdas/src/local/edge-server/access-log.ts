import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { gzipSync } from 'node:zlib';
import { PutObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import type { S3Event } from 'aws-lambda';
import {
  CLOUDFRONT_LOG_FIELDS,
  CLOUDFRONT_LOG_HEADER,
  CLOUDFRONT_LOG_PREFIX,
  logField,
  type CloudFrontLogField,
} from '../../modules/not-found/domain/access-log';
import { logger } from '../../platform/logger';

const log = logger.child({ service: 'local-access-log' });

/** How CloudFront says where an answer came from (`x-edge-result-type` and its siblings). */
export type EdgeResultType = 'Hit' | 'Miss' | 'Error' | 'Redirect' | 'FunctionGeneratedResponse';

/** What the edge server knows of one request once it is answered. */
export interface EdgeRequestRecord {
  req: IncomingMessage;
  res: ServerResponse;
  /** The path and query the viewer sent, as sent. */
  rawPath: string;
  rawQueryString: string;
  viewerIp: string;
  /** When the request arrived (ms). */
  started: number;
  /** The connection's bytes written before this answer (a kept-alive connection carries several). */
  socketBytesBefore: number;
  result: EdgeResultType;
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** One standard log line of a request, its fields in CLOUDFRONT_LOG_FIELDS order, as CloudFront writes them. */
export function accessLogLine(r: EdgeRequestRecord, now = new Date()): string {
  const { req, res } = r;
  const header = (name: string) => {
    const v = req.headers[name];
    return Array.isArray(v) ? v.join(',') : v;
  };
  const seconds = ((now.getTime() - r.started) / 1000).toFixed(3);
  const contentLength = res.getHeader('content-length');
  const contentType = res.getHeader('content-type');
  const requestBytes =
    Number(header('content-length') ?? 0) + Buffer.byteLength(req.rawHeaders.join(': '));
  const values: Record<CloudFrontLogField, string | null | undefined> = {
    date: `${now.getUTCFullYear()}-${pad(now.getUTCMonth() + 1)}-${pad(now.getUTCDate())}`,
    time: `${pad(now.getUTCHours())}:${pad(now.getUTCMinutes())}:${pad(now.getUTCSeconds())}`,
    'x-edge-location': 'LOCAL1',
    'sc-bytes': String(req.socket.bytesWritten - r.socketBytesBefore),
    'c-ip': r.viewerIp,
    'cs-method': req.method ?? 'GET',
    'cs(Host)': header('host'),
    // The URI the viewer sent. AWS may log either it or the one the edge function sent on (for an
    // unknown path the not-found page's key, its query the `nf` marker naming the path asked): the
    // 404 log's job reads both (askedPath).
    'cs-uri-stem': r.rawPath,
    'sc-status': String(res.statusCode),
    'cs(Referer)': header('referer'),
    'cs(User-Agent)': header('user-agent'),
    'cs-uri-query': r.rawQueryString,
    // The distribution does not log cookies (logIncludesCookies off).
    'cs(Cookie)': null,
    'x-edge-result-type': r.result,
    'x-edge-request-id': randomBytes(42).toString('base64url').slice(0, 56),
    'x-host-header': header('host'),
    'cs-protocol': 'http',
    'cs-bytes': String(requestBytes),
    'time-taken': seconds,
    'x-forwarded-for': null,
    'ssl-protocol': null,
    'ssl-cipher': null,
    'x-edge-response-result-type': r.result,
    'cs-protocol-version': `HTTP/${req.httpVersion}`,
    'fle-status': null,
    'fle-encrypted-fields': null,
    'c-port': String(req.socket.remotePort ?? '-'),
    'time-to-first-byte': seconds,
    'x-edge-detailed-result-type': r.result,
    'sc-content-type': contentType === undefined ? null : String(contentType),
    'sc-content-len': contentLength === undefined ? null : String(contentLength),
    'sc-range-start': null,
    'sc-range-end': null,
  };
  return CLOUDFRONT_LOG_FIELDS.map((f) => logField(values[f])).join('\t');
}

/** The key CloudFront gives a log file: `<prefix><distribution id>.YYYY-MM-DD-HH.<unique id>.gz`. */
export function accessLogKey(distributionId: string, at: Date): string {
  const hour = `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}-${pad(at.getUTCHours())}`;
  return `${CLOUDFRONT_LOG_PREFIX}${distributionId}.${hour}.${randomBytes(4).toString('hex')}.gz`;
}

/** The event S3 sends a notified function for a new object (its key URL-encoded, as S3 writes it). */
export function objectCreatedEvent(bucket: string, key: string, size: number): S3Event {
  const encoded = encodeURIComponent(key).replace(/%2F/g, '/').replace(/%20/g, '+');
  return {
    Records: [
      {
        eventVersion: '2.1',
        eventSource: 'aws:s3',
        awsRegion: 'us-east-1',
        eventTime: new Date().toISOString(),
        eventName: 'ObjectCreated:Put',
        userIdentity: { principalId: 'AWS:CLOUDFRONT' },
        requestParameters: { sourceIPAddress: '127.0.0.1' },
        responseElements: { 'x-amz-request-id': '-', 'x-amz-id-2': '-' },
        s3: {
          s3SchemaVersion: '1.0',
          configurationId: 'not-found-log',
          bucket: {
            name: bucket,
            ownerIdentity: { principalId: 'local' },
            arn: `arn:aws:s3:::${bucket}`,
          },
          object: { key: encoded, size, eTag: '-', sequencer: Date.now().toString(16) },
        },
      },
    ],
  };
}

export interface LocalAccessLogOptions {
  s3: S3Client;
  /** The access-log bucket. */
  bucket: string;
  distributionId: string;
  /** How often the lines so far are written out as one file (CloudFront: several times an hour). */
  flushMs?: number;
  /**
   * What the bucket's event notification runs for each file written (the 404 log's job); a failed
   * run is tried twice more, as Lambda retries an asynchronous invocation.
   */
  notify?: (event: S3Event) => Promise<unknown>;
}

/**
 * The local edge's CloudFront standard logging: each request's line kept, and every `flushMs` the
 * lines so far written to the access-log bucket as one gzip file under `cloudfront/`, named as
 * CloudFront names them; then the bucket's notification runs for it, as S3 invokes the 404 log's
 * job in AWS.
 */
export class LocalAccessLog {
  private lines: string[] = [];
  private timer: NodeJS.Timeout | undefined;
  private flushing: Promise<string | null> = Promise.resolve(null);

  constructor(private readonly options: LocalAccessLogOptions) {}

  /** Keep a request's line for the next file. */
  write(record: EdgeRequestRecord): void {
    this.lines.push(accessLogLine(record));
  }

  /** Flush every `flushMs` from now on. */
  start(): this {
    this.timer ??= setInterval(() => void this.flush(), this.options.flushMs ?? 5_000);
    this.timer.unref();
    return this;
  }

  /**
   * Write the lines so far as one file and run the notification for it (its key; null when there
   * were none). Flushes run one after the other.
   */
  flush(): Promise<string | null> {
    const run = this.flushing.then(() => this.writeFile());
    this.flushing = run.catch(() => null);
    return run;
  }

  private async writeFile(): Promise<string | null> {
    if (this.lines.length === 0) return null;
    const lines = this.lines;
    this.lines = [];
    const body = gzipSync(`${CLOUDFRONT_LOG_HEADER}${lines.join('\n')}\n`);
    const key = accessLogKey(this.options.distributionId, new Date());
    try {
      await this.options.s3.send(
        new PutObjectCommand({ Bucket: this.options.bucket, Key: key, Body: body }),
      );
    } catch (error) {
      log.error('the access log could not be written; its lines are lost', { key, error });
      return null;
    }
    const notify = this.options.notify;
    if (notify) {
      const event = objectCreatedEvent(this.options.bucket, key, body.length);
      for (let attempt = 1; attempt <= 3; attempt++) {
        try {
          await notify(event);
          break;
        } catch (error) {
          log.error('the access log notification failed', { key, attempt, error });
        }
      }
    }
    return key;
  }

  /** Stop flushing; write what is left. */
  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }
}
