// The edge's routing core: a CloudFront Function (cloudfront-js-2.0) on every cache behaviour of the
// distribution, and the code the local server evaluates for every request (edge-function.ts), so the
// two cannot drift. No import but CloudFront's own `cloudfront` module (its KeyValueStore helper);
// the `var CONFIG = …;` line is replaced with the edge definition's data (definition.ts) before it ships.
//
// viewer-request: a GET or HEAD of any path but `/api/*` and the reserved ones (CONFIG.reserved)
//   whose key (redirectKey: the path normalised as the API keys a source) is in the redirect
//   KeyValueStore answers that redirect first (value
//   `<status> <target>`; the request's query kept unless the target has its own); a value `page`
//   or `gone` of exactly that path is a page published or retired at runtime: `<path>/index.html`
//   or the not-found page;
//   `/api/*` gets the viewer's address in the viewer-IP header (replacing any a client
//   sent) and CORS preflights of the paths that allow them are answered here; `/media/<key>` reads
//   `<key>` from the media bucket when it is under a served prefix (never a raw upload); a trailing slash is a 301 to the path without it (query kept);
//   site paths become bucket keys (prerendered `<path>/index.html`, the app shell, the not-found page,
//   its query then the marker `nf` of the path asked; the not-found page asked with one is a 301 to it).
// viewer-response: the not-found page answers 404, never a soft 200; CORS paths get their
//   Access-Control-Allow-Origin.

import cf from 'cloudfront';

var CONFIG = {};

// The store associated with the function; none (a function published without one) means no redirects.
var kvs = null;
try {
  kvs = cf.kvs();
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront Functions need the binding.
} catch (e) {
  // kvs stays null.
}

var REDIRECT_TEXT = {
  301: 'Moved Permanently',
  302: 'Found',
  307: 'Temporary Redirect',
  308: 'Permanent Redirect',
};

// The store's key of a path: the one normalisation of addresses (shared/src/redirects.ts,
// canonicalAddress and normaliseRedirectPath; a test ties the two): percent-escapes decoded as
// UTF-8 where valid (an escaped delimiter stays escaped, an invalid sequence stays as sent), NFC, toLowerCase, NFC, written back in ASCII with upper-case escapes;
// repeated slashes one, no trailing slash. CloudFront's runtime 2.0 does not list
// String.prototype.normalize: where it is missing the NFC step is skipped, so a request spelled
// decomposed (`e` + U+0301) misses a key stored composed; browsers send what the page linked.
var UNRESERVED = /^[A-Za-z0-9\-._~]$/;
var LITERAL = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/]$/;
var nfc = ''.normalize
  ? function (s) {
      return s.normalize('NFC');
    }
  : function (s) {
      return s;
    };

// Text folded and written in ASCII: percent-escapes but for unreserved characters, sub-delimiters,
// `:`, `@` and `/` (a lone surrogate, which has no UTF-8, is U+FFFD).
function encodeText(s) {
  s = nfc(nfc(s).toLowerCase());
  try {
    s = encodeURIComponent(s);
    // eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront Functions need the binding.
  } catch (e) {
    s = encodeURIComponent(s.replace(/[\ud800-\udfff]/g, '\ufffd'));
  }
  return s.replace(/%(2[46BCF]|3[ABD]|40)/g, decodeURIComponent);
}

function canonical(text) {
  var out = '';
  var run = '';
  var i = 0;
  while (i < text.length) {
    var hex = text.substring(i + 1, i + 3);
    if (text.charAt(i) !== '%' || !/^[0-9A-Fa-f]{2}$/.test(hex)) {
      run += text.charAt(i++);
      continue;
    }
    var b = parseInt(hex, 16);
    var n = b < 0x80 ? 1 : b >= 0xf5 ? 0 : b >= 0xf0 ? 4 : b >= 0xe0 ? 3 : b >= 0xc2 ? 2 : 0;
    var ch = '';
    try {
      ch = n ? decodeURIComponent(text.substring(i, i + 3 * n)) : '';
      // eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront Functions need the binding.
    } catch (e) {
      ch = '';
    }
    if (ch && (n > 1 || UNRESERVED.test(ch) || !LITERAL.test(ch))) {
      run += ch;
      i += 3 * n;
    } else {
      out += encodeText(run) + text.substring(i, i + 3).toUpperCase();
      run = '';
      i += 3;
    }
  }
  return out + encodeText(run);
}

function redirectKey(uri) {
  var key = canonical(uri)
    .replace(/\/{2,}/g, '/')
    .replace(/\/+$/, '');
  return key === '' ? '/' : key;
}

function reservedAt(key) {
  for (var i = 0; i < CONFIG.reserved.length; i++) {
    var r = CONFIG.reserved[i];
    if (key === r || key.indexOf(r + '/') === 0) return true;
  }
  return false;
}

// The redirect of a viewer request, or null. A miss throws in CloudFront: it is no redirect.
async function redirectOf(request) {
  if (!kvs || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  if (request.uri.indexOf(CONFIG.apiPrefix + '/') === 0) return null;
  var key = redirectKey(request.uri);
  // The site's own files, the API and the admin: never redirected, whatever the store holds.
  if (key.length > 512 || reservedAt(key)) return null;
  var value;
  try {
    // A miss is the usual answer (no redirect): exists() says so without an error, so any error
    // here is a failure, whatever its text (AWS documents none for get's missing key). A hit costs
    // a second read.
    if (!(await kvs.exists(key))) return null;
    value = await kvs.get(key);
  } catch (e) {
    // A failed read still degrades to no redirect but writes one line with the marker, which the
    // us-east-1 metric filter counts and alarms on.
    console.log('KVS_READ_FAILED ' + e);
    return null;
  }
  // A page entry (`page`, `gone`) of its exact path: a page published or retired at runtime.
  if (value === 'page' || value === 'gone')
    return key === request.uri ? { page: value === 'page' ? pageKey(key) : null } : null;
  var at = value.indexOf(' ');
  var status = Number(value.substring(0, at));
  var to = value.substring(at + 1);
  if (!REDIRECT_TEXT[status] || !to) return null;
  if (to.indexOf('?') === -1) {
    var query = queryString(request.querystring);
    var hash = to.indexOf('#');
    to = hash === -1 ? to + query : to.substring(0, hash) + query + to.substring(hash);
  }
  return {
    statusCode: status,
    statusDescription: REDIRECT_TEXT[status],
    headers: {
      location: { value: to },
      'cache-control': { value: CONFIG.redirectCacheControl },
    },
  };
}

function pageKey(uri) {
  return uri === '/' ? '/index.html' : uri + '/index.html';
}

function matches(pattern, path) {
  if (pattern.slice(-2) !== '/*') return path === pattern;
  var prefix = pattern.slice(0, -1);
  return path.indexOf(prefix) === 0 && path.length > prefix.length;
}

function matchesAny(patterns, path) {
  for (var i = 0; i < patterns.length; i++) if (matches(patterns[i], path)) return true;
  return false;
}

function hasExtension(path) {
  var last = path.substring(path.lastIndexOf('/') + 1);
  return last.indexOf('.') > 0;
}

// A key under a served prefix, without empty or dot segments (S3 keys are literal, but no served
// key has them, and refusing them keeps the prefix test honest).
function servedMedia(key) {
  if (/(^|\/)\.{0,2}(\/|$)/.test(key)) return false;
  for (var i = 0; i < CONFIG.mediaServed.length; i++)
    if (key.indexOf(CONFIG.mediaServed[i]) === 0) return true;
  return false;
}

function corsRule(path) {
  for (var i = 0; i < CONFIG.cors.length; i++)
    if (CONFIG.cors[i].path === path) return CONFIG.cors[i];
  return null;
}

// Where a viewer request goes: { origin, uri, status? } or an answer of the edge itself
// ({ redirect, status } or { status, cors? }).
function resolve(method, uri) {
  var api = CONFIG.apiPrefix + '/';
  if (uri.indexOf(api) === 0 && uri.length > api.length) {
    var rule = corsRule(uri);
    if (method === 'OPTIONS' && rule) return { status: 204, cors: rule };
    return { origin: 'api', uri: uri };
  }
  var media = CONFIG.mediaPrefix + '/';
  if (uri.indexOf(media) === 0) {
    // A bare `/media/` has no key: it must never reach the bucket as `/` (a listing).
    if (!servedMedia(uri.substring(media.length))) return { status: 404 };
    return { origin: 'media', uri: uri.substring(CONFIG.mediaPrefix.length) };
  }
  // Leading slashes are collapsed too, so `//evil.example/` cannot become an off-site redirect.
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/')
    return { redirect: '/' + uri.replace(/^\/+/, '').replace(/\/+$/, ''), status: 301 };
  if (matchesAny(CONFIG.rendered, uri)) return { origin: 'render', uri: uri };
  if (uri === CONFIG.notFoundPath || uri === CONFIG.notFoundKey)
    return { origin: 'site', uri: CONFIG.notFoundKey, status: 404 };
  if (hasExtension(uri)) return { origin: 'site', uri: uri };
  if (CONFIG.prerendered.indexOf(uri) !== -1) return { origin: 'site', uri: pageKey(uri) };
  if (matchesAny(CONFIG.app, uri)) return { origin: 'site', uri: CONFIG.shellKey };
  return { origin: 'site', uri: CONFIG.notFoundKey, status: 404, nf: 1 };
}

function queryString(querystring) {
  var parts = [];
  for (var key in querystring) {
    var entry = querystring[key];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++)
      parts.push(values[i].value === '' ? key : key + '=' + values[i].value);
  }
  return parts.length ? '?' + parts.join('&') : '';
}

// The not-found page as the answer to another path: the query becomes one marker naming that path
// (`nf`, the viewer's own query dropped), so the access log names the path asked whether CloudFront
// logs the URI the viewer sent or this one (the 404 log's job reads both). The site bucket's cache
// policy neither keys on nor forwards a query, so the bucket never sees it.
function notFoundOf(request) {
  request.querystring = { nf: { value: encodeURIComponent(request.uri) } };
  request.uri = CONFIG.notFoundKey;
  return request;
}

async function viewerRequest(event) {
  var request = event.request;
  var redirect = await redirectOf(request);
  if (redirect && 'page' in redirect) {
    if (!redirect.page) return notFoundOf(request);
    request.uri = redirect.page;
    return request;
  }
  if (redirect) return redirect;
  var target = resolve(request.method, request.uri);
  if (target.nf) return notFoundOf(request);
  // The not-found page asked for itself with a marker (a viewer's own) is never answered 404.
  if (target.uri === CONFIG.notFoundKey && request.querystring.nf) {
    request.querystring = {};
    target = { redirect: CONFIG.notFoundPath, status: 301 };
  }
  if (target.redirect) {
    return {
      statusCode: target.status,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: target.redirect + queryString(request.querystring) },
        'cache-control': { value: CONFIG.redirectCacheControl },
      },
    };
  }
  if (target.cors) {
    return {
      statusCode: 204,
      statusDescription: 'No Content',
      headers: {
        'access-control-allow-origin': { value: target.cors.allowOrigin },
        'access-control-allow-methods': { value: target.cors.methods.concat('OPTIONS').join(', ') },
        'access-control-allow-headers': { value: target.cors.allowHeaders.join(', ') },
        'access-control-max-age': { value: String(target.cors.maxAgeSeconds) },
      },
    };
  }
  if (!target.origin) {
    return {
      statusCode: target.status,
      statusDescription: 'Not Found',
      headers: { 'cache-control': { value: 'no-cache' } },
    };
  }
  if (target.origin === 'api') request.headers[CONFIG.viewerIpHeader] = { value: event.viewer.ip };
  request.uri = target.uri;
  return request;
}

function viewerResponse(event) {
  var request = event.request;
  var response = event.response;
  var target = resolve(request.method, request.uri);
  if (target.origin === 'site' && target.status === 404 && response.statusCode === 200) {
    response.statusCode = 404;
    response.statusDescription = 'Not Found';
    response.headers['cache-control'] = { value: 'no-cache' };
  }
  var rule = target.origin === 'api' ? corsRule(request.uri) : null;
  if (rule) response.headers['access-control-allow-origin'] = { value: rule.allowOrigin };
  return response;
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls the global `handler`.
async function handler(event) {
  return event.context.eventType === 'viewer-response'
    ? viewerResponse(event)
    : viewerRequest(event);
}
