// CloudFront Function (cloudfront-js-2.0) of the site distribution.
// viewer-request, default behaviour: extensionless paths → the prerendered `<path>/index.html`;
//   admin SPA routes → the app shell (`/spa.html`); anything else → the prerendered not-found page.
// viewer-response, default behaviour: the not-found page answers 404, never a soft 200.
// viewer-request, /media/* behaviour: `/media/banners/x.jpg` → bucket key `banners/x.jpg`.
// The CONFIG line is replaced at synth with the routes of the web build (infra/lib/site-routes.ts).

var CONFIG = {
  pages: ['/'],
  spa: [],
  spaShell: '/spa.html',
  notFound: '/404/index.html',
  notFoundPath: '/404',
  mediaPrefix: '/media',
};

function hasExtension(path) {
  var last = path.substring(path.lastIndexOf('/') + 1);
  return last.indexOf('.') > 0;
}

function isSpaRoute(path) {
  for (var i = 0; i < CONFIG.spa.length; i++) {
    var route = CONFIG.spa[i];
    if (route.charAt(route.length - 1) === '*') {
      var prefix = route.substring(0, route.length - 1);
      if (path.indexOf(prefix) === 0 && path.length > prefix.length) return true;
    } else if (path === route) {
      return true;
    }
  }
  return false;
}

// Where a viewer path is served from: { uri, status } or { redirect } for a trailing slash.
function resolve(uri) {
  if (uri === CONFIG.notFound) return { uri: uri, status: 404 };
  if (hasExtension(uri)) return { uri: uri, status: 200 };
  // Leading slashes are collapsed too, so `//evil.example/` cannot become an off-site redirect.
  if (uri.length > 1 && uri.charAt(uri.length - 1) === '/')
    return { redirect: '/' + uri.replace(/^\/+/, '').replace(/\/+$/, '') };
  if (uri === CONFIG.notFoundPath) return { uri: CONFIG.notFound, status: 404 };
  if (CONFIG.pages.indexOf(uri) !== -1)
    return { uri: uri === '/' ? '/index.html' : uri + '/index.html', status: 200 };
  if (isSpaRoute(uri)) return { uri: CONFIG.spaShell, status: 200 };
  return { uri: CONFIG.notFound, status: 404 };
}

function queryString(querystring) {
  var parts = [];
  for (var key in querystring) {
    var entry = querystring[key];
    if (entry.multiValue) {
      for (var i = 0; i < entry.multiValue.length; i++)
        parts.push(key + '=' + entry.multiValue[i].value);
    } else {
      parts.push(entry.value === '' ? key : key + '=' + entry.value);
    }
  }
  return parts.length ? '?' + parts.join('&') : '';
}

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls the global `handler`.
function handler(event) {
  var request = event.request;
  if (event.context.eventType === 'viewer-response') {
    var response = event.response;
    if (response.statusCode === 200 && resolve(request.uri).status === 404) {
      response.statusCode = 404;
      response.statusDescription = 'Not Found';
      response.headers['cache-control'] = { value: 'no-cache' };
    }
    return response;
  }
  var prefix = CONFIG.mediaPrefix + '/';
  // Only with a key after the prefix: a bare `/media/` must not become `/` (a bucket listing).
  if (request.uri.indexOf(prefix) === 0 && request.uri.length > prefix.length) {
    request.uri = request.uri.substring(CONFIG.mediaPrefix.length);
    return request;
  }
  var target = resolve(request.uri);
  if (target.redirect) {
    return {
      statusCode: 301,
      statusDescription: 'Moved Permanently',
      headers: {
        location: { value: target.redirect + queryString(request.querystring) },
        'cache-control': { value: 'max-age=3600' },
      },
    };
  }
  request.uri = target.uri;
  return request;
}
