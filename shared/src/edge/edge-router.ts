import {
  behaviourFor,
  CACHE_POLICIES,
  edgeBehaviours,
  METHOD_SETS,
  type EdgeBehaviour,
  type EdgeOrigin,
} from './definition';
import {
  cfQueryString,
  edgeFunctionCode,
  loadEdgeFunction,
  type CfEvent,
  type CfRequest,
  type CfResponse,
  type CfValue,
  type EdgeFunction,
  type KeyValueReader,
} from './edge-function';
import type { SitePages } from './site-pages';

/** A viewer's request as it reaches the edge. */
export interface ViewerRequest {
  method: string;
  /** Path as sent, without the query. */
  path: string;
  /** Query string as sent, without `?`. */
  query: string;
  headers: Record<string, string | string[] | undefined>;
  ip: string;
}

/** Where the edge sends a request, or what it answers itself. */
export type EdgeResolution =
  | {
      behaviour: EdgeBehaviour;
      origin: EdgeOrigin;
      /** Path at the origin (bucket key with a leading slash for the buckets). */
      uri: string;
      /** Headers the edge function set or replaced, lower-case. */
      headers: Record<string, string>;
      /** Whether the behaviour's cache policy lets CloudFront compress. */
      compress: boolean;
    }
  | { behaviour: EdgeBehaviour; answer: CfResponse };

/** The edge of one web build: behaviours and the generated function, loaded. */
export interface Edge {
  pages: SitePages;
  behaviours: EdgeBehaviour[];
  code: string;
  fn: EdgeFunction;
}

/**
 * The edge for these site pages: the behaviours the CDK renders and the function code it inlines,
 * loaded to run here over `redirects`, the KeyValueStore associated with the function.
 */
export function createEdge(pages: SitePages, redirects?: KeyValueReader): Edge {
  const code = edgeFunctionCode(pages);
  return { pages, behaviours: edgeBehaviours(pages), code, fn: loadEdgeFunction(code, redirects) };
}

const cfHeaders = (headers: ViewerRequest['headers']): Record<string, CfValue> => {
  const out: Record<string, CfValue> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = { value: Array.isArray(value) ? value.join(',') : value };
  }
  return out;
};

/** The CloudFront Functions event of a viewer request. */
export function viewerRequestEvent(request: ViewerRequest): CfEvent {
  return {
    version: '1.0',
    context: { eventType: 'viewer-request' },
    viewer: { ip: request.ip },
    request: {
      method: request.method.toUpperCase(),
      uri: request.path,
      querystring: cfQueryString(request.query),
      headers: cfHeaders(request.headers),
      cookies: {},
    },
  };
}

/** CloudFront's answer to a method the behaviour does not allow. */
const METHOD_REFUSED: CfResponse = {
  statusCode: 403,
  statusDescription: 'Forbidden',
  headers: { 'content-type': { value: 'text/plain; charset=utf-8' } },
};

/** What CloudFront does with a viewer request before any origin sees it: pick the behaviour, refuse its unknown methods, run the function. */
export async function resolveEdge(edge: Edge, request: ViewerRequest): Promise<EdgeResolution> {
  const behaviour = behaviourFor(edge.behaviours, request.path);
  const methods: readonly string[] = METHOD_SETS[behaviour.methods];
  if (!methods.includes(request.method.toUpperCase())) return { behaviour, answer: METHOD_REFUSED };
  const event = viewerRequestEvent(request);
  const result = await edge.fn.viewerRequest(event);
  if ('response' in result) return { behaviour, answer: result.response };
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(result.request.headers))
    if (event.request.headers[name]?.value !== value.value) headers[name] = value.value;
  return {
    behaviour,
    origin: behaviour.origin,
    uri: result.request.uri,
    headers,
    compress: CACHE_POLICIES[behaviour.cache].acceptEncoding,
  };
}

/** What the edge function makes of an origin's answer (status and headers), on behaviours where it runs on the response. */
export async function edgeResponse(
  edge: Edge,
  resolution: Extract<EdgeResolution, { origin: EdgeOrigin }>,
  request: ViewerRequest,
  response: { status: number; headers: Record<string, string> },
): Promise<{ status: number; headers: Record<string, string> }> {
  if (!resolution.behaviour.viewerResponse) return response;
  const cfRequest: CfRequest = { ...viewerRequestEvent(request).request, uri: resolution.uri };
  const out = await edge.fn.viewerResponse({
    version: '1.0',
    context: { eventType: 'viewer-response' },
    viewer: { ip: request.ip },
    request: cfRequest,
    response: {
      statusCode: response.status,
      headers: Object.fromEntries(
        Object.entries(response.headers).map(([k, v]) => [k.toLowerCase(), { value: v }]),
      ),
    },
  });
  return {
    status: out.statusCode,
    headers: Object.fromEntries(Object.entries(out.headers).map(([k, v]) => [k, v.value])),
  };
}
