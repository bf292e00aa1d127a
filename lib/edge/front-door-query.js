// The query string every redirect of the front door carries on (CloudFront Functions, runtime cloudfront-js-2.0):
// plain JavaScript like front-door-routing.js, whose text lib/edge/front-door-function.ts puts after the rules
// of each function that redirects.

// The query string as the viewer sent it, `?` included, or nothing.
function queryString(querystring) {
  var pairs = [];
  for (var name in querystring) {
    var entry = querystring[name];
    var values = entry.multiValue ? entry.multiValue : [entry];
    for (var i = 0; i < values.length; i++) pairs.push(values[i].value === '' ? name : name + '=' + values[i].value);
  }
  return pairs.length === 0 ? '' : '?' + pairs.join('&');
}
