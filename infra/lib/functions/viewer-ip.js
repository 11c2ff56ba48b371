// CloudFront Function (cloudfront-js-2.0), viewer-request of the /api/* behaviour.
// Behind CloudFront, API Gateway sees CloudFront's address as the source IP; this passes the
// viewer's own address to the functions (per-IP lead rate limit) in `true-client-ip`,
// replacing any value a client sent itself.

// eslint-disable-next-line @typescript-eslint/no-unused-vars -- CloudFront calls the global `handler`.
function handler(event) {
  var request = event.request;
  request.headers['true-client-ip'] = { value: event.viewer.ip };
  return request;
}
