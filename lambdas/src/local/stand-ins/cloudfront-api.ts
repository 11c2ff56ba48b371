import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { text as bodyText } from 'node:stream/consumers';
import { logger } from '../../platform/logger';

const log = logger.child({ service: 'cloudfront-stand-in' });

/** The distribution id of the local stack (DISTRIBUTION_ID): the edge server plays that distribution. */
export const LOCAL_DISTRIBUTION_ID = 'ELOCALSTACK0001';

/** CloudFront's API version in every path (`@aws-sdk/client-cloudfront` speaks it). */
const API_VERSION = '2020-05-31';
const XMLNS = `http://cloudfront.amazonaws.com/doc/${API_VERSION}/`;
/** Paths one invalidation may carry at most (CloudFront's quota). */
const MAX_PATHS = 3000;

/** One invalidation as CloudFront took it. */
export interface Invalidation {
  id: string;
  distributionId: string;
  paths: string[];
  callerReference: string;
  createdAt: Date;
}

/**
 * A stand-in of the CloudFront control plane's CreateInvalidation (REST XML,
 * `POST /2020-05-31/distribution/{Id}/invalidation`), which the functions call after a change (see
 * modules/pages/adapters/cdn.ts). It answers as CloudFront does: 201 with the invalidation and its Location, 404
 * NoSuchDistribution for another id, 400 InvalidArgument for a path without its leading `/` or a
 * batch without paths, 400 TooManyInvalidationsInProgress past 3,000 paths; a CallerReference sent
 * again with the same paths answers the first invalidation. Every invalidation is passed on to the
 * listeners (the local edge server empties its cache for those paths) at once: CloudFront takes
 * seconds to a minute, which nothing here depends on.
 */
export interface CloudFrontStandIn {
  server: http.Server;
  /** What was invalidated, oldest first. */
  invalidations(): readonly Invalidation[];
  /** Called with each new invalidation's paths. */
  onInvalidate(listener: (paths: readonly string[]) => void): () => void;
}

class CloudFrontError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const xmlEscape = (text: string): string =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const xmlUnescape = (text: string): string =>
  text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The texts of every `<tag>` in an XML document (the batch has no nesting of a tag in itself). */
const texts = (xml: string, tag: string): string[] =>
  [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, 'g'))].map((m) =>
    xmlUnescape(m[1] ?? ''),
  );

function invalidationXml(inv: Invalidation): string {
  const items = inv.paths.map((p) => `<Path>${xmlEscape(p)}</Path>`).join('');
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<Invalidation xmlns="${XMLNS}">` +
    `<Id>${inv.id}</Id><Status>Completed</Status><CreateTime>${inv.createdAt.toISOString()}</CreateTime>` +
    `<InvalidationBatch><Paths><Quantity>${inv.paths.length}</Quantity><Items>${items}</Items></Paths>` +
    `<CallerReference>${xmlEscape(inv.callerReference)}</CallerReference></InvalidationBatch>` +
    `</Invalidation>`
  );
}

function errorXml(error: CloudFrontError): string {
  return (
    `<?xml version="1.0" encoding="UTF-8"?>\n<ErrorResponse xmlns="${XMLNS}"><Error><Type>Sender</Type>` +
    `<Code>${error.code}</Code><Message>${xmlEscape(error.message)}</Message></Error>` +
    `<RequestId>${randomBytes(16).toString('hex')}</RequestId></ErrorResponse>`
  );
}

/** Start the stand-in (not listening yet: the caller listens, as for the other stand-ins). */
export function createCloudFrontApi(distributionId = LOCAL_DISTRIBUTION_ID): CloudFrontStandIn {
  const taken: Invalidation[] = [];
  const listeners = new Set<(paths: readonly string[]) => void>();

  async function create(id: string, body: string): Promise<Invalidation> {
    if (id !== distributionId)
      throw new CloudFrontError(
        404,
        'NoSuchDistribution',
        'The specified distribution does not exist.',
      );
    const paths = texts(body, 'Path');
    const [quantity] = texts(body, 'Quantity');
    const [callerReference] = texts(body, 'CallerReference');
    if (!callerReference)
      throw new CloudFrontError(400, 'MissingArgument', 'The CallerReference is required.');
    if (paths.length === 0 || Number(quantity) !== paths.length)
      throw new CloudFrontError(
        400,
        'InconsistentQuantities',
        'The value of Quantity and the size of Items don’t match.',
      );
    if (paths.length > MAX_PATHS)
      throw new CloudFrontError(
        400,
        'TooManyInvalidationsInProgress',
        `An invalidation may carry at most ${MAX_PATHS} paths.`,
      );
    const bad = paths.find((p) => !p.startsWith('/'));
    if (bad !== undefined)
      throw new CloudFrontError(
        400,
        'InvalidArgument',
        `Your request contains an invalid path: ${bad}`,
      );
    const again = taken.find((inv) => inv.callerReference === callerReference);
    if (again) {
      if (again.paths.join('\n') === paths.join('\n')) return again;
      throw new CloudFrontError(
        409,
        'InvalidationBatchAlreadyExists',
        'An invalidation with this CallerReference and other paths already exists.',
      );
    }
    const invalidation: Invalidation = {
      id: `I${randomBytes(12).toString('hex').toUpperCase()}`,
      distributionId: id,
      paths,
      callerReference,
      createdAt: new Date(),
    };
    taken.push(invalidation);
    log.debug('invalidation', { paths });
    for (const listener of listeners) listener(paths);
    return invalidation;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://cloudfront.local');
    const match = new RegExp(`^/${API_VERSION}/distribution/([^/]+)/invalidation$`).exec(
      url.pathname,
    );
    try {
      if (!match?.[1] || req.method !== 'POST')
        throw new CloudFrontError(
          400,
          'InvalidArgument',
          `${req.method} ${url.pathname} is not an operation of this stand-in.`,
        );
      const invalidation = await create(decodeURIComponent(match[1]), await bodyText(req));
      res.writeHead(201, {
        'content-type': 'text/xml',
        location: `${url.origin}/${API_VERSION}/distribution/${invalidation.distributionId}/invalidation/${invalidation.id}`,
      });
      res.end(invalidationXml(invalidation));
    } catch (error) {
      req.resume();
      const known =
        error instanceof CloudFrontError
          ? error
          : new CloudFrontError(500, 'InternalError', 'The stand-in failed.');
      if (!(error instanceof CloudFrontError)) log.error('CloudFront stand-in failed', { error });
      res.writeHead(known.status, { 'content-type': 'text/xml' });
      res.end(errorXml(known));
    }
  }

  const server = http.createServer((req, res) => void handle(req, res));
  return {
    server,
    invalidations: () => taken,
    onInvalidate(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
