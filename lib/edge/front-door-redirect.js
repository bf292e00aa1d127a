// The front door's redirect of the domain's other name (CloudFront Functions, runtime cloudfront-js-2.0;
// docs/api.md §10), and the query string every redirect of the front door carries on. Plain JavaScript like
// front-door-routing.js: lib/edge/front-door-function.ts puts it after the routing rules in the default
// behaviour's function, and alone, with a handler of its own, in the function of every other behaviour.
//
// FRONT_DOOR.redirect  undefined, or { from: 'www.example.com', to: 'https://example.com' }: a request for
//                      `from` is sent to the same path and query at `to`, the site's one name ({base})

// Moved for good, the method kept for what is not a GET or HEAD (308), so that no POST becomes a GET.
function otherNameRedirect(request) {
  var redirect = FRONT_DOOR.redirect;
  var host = request.headers.host;
  if (redirect === undefined || host === undefined || host.value.toLowerCase() !== redirect.from) return undefined;
  var read = request.method === 'GET' || request.method === 'HEAD';
  return {
    statusCode: read ? 301 : 308,
    statusDescription: read ? 'Moved Permanently' : 'Permanent Redirect',
    headers: { location: { value: redirect.to + request.uri + queryString(request.querystring) } },
  };
}

/** The query string as the viewer sent it, `?` included, or nothing. */
function queryString(querystring) {
  var pairs = [];
  for (var name in querystring) {
    var entry = querystring[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) pairs.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return pairs.length === 0 ? '' : '?' + pairs.join('&');
}
