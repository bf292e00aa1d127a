// The front door's redirect of the domain's other name (CloudFront Functions, runtime cloudfront-js-2.0;
// docs/api.md §10). Plain JavaScript like front-door-routing.js: lib/edge/front-door-function.ts puts it after
// the routing rules in the routing function when the domain has another name, and alone, with a handler of its
// own, in the function of every behaviour the routing function is not on; queryString is front-door-query.js's, in both.
//
// FRONT_DOOR.redirect  { from: 'www.example.com', to: 'https://example.com' }: a request for `from` is sent
//                      to the same path and query at `to`, domainName's origin

// Moved for good, the method kept for what is not a GET or HEAD (308), so that no POST becomes a GET. The
// name is compared as DNS compares names: case aside, without a port or the root's trailing dot.
function otherNameRedirect(request) {
  var redirect = FRONT_DOOR.redirect;
  var host = request.headers.host;
  if (host === undefined || host.value.toLowerCase().replace(/:\d*$/, '').replace(/\.$/, '') !== redirect.from) return undefined;
  var read = request.method === 'GET' || request.method === 'HEAD';
  return {
    statusCode: read ? 301 : 308,
    statusDescription: read ? 'Moved Permanently' : 'Permanent Redirect',
    headers: { location: { value: redirect.to + request.uri + queryString(request.querystring) } },
  };
}
