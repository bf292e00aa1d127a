// The front door's viewer-response function (CloudFront Functions, runtime cloudfront-js-2.0; docs/api.md §16).
// Plain JavaScript without import or export, like front-door-routing.js: lib/edge/front-door-function.ts puts
// `var PAGE_HEADERS = {...};` before it for CloudFront, and a test or local mode evaluates the same text with `vm`.
// CloudFront runs it on answers below 400 only (AWS, "Restrictions on all edge functions").
//
// PAGE_HEADERS.servicePaths  the route table's paths the default behaviour sends to the API: their answers are left as they are
// PAGE_HEADERS.links         the Link header's values for every HTML page (the API catalog, llms.txt); none when Link headers are off
// PAGE_HEADERS.markdown      true when each page has a Markdown version (front-door-routing.js): its pages' answers vary by Accept
// PAGE_HEADERS.siteHost      an existing site's host (siteOrigin), which CloudFront asks by that name: a redirect of its naming it
//                            whole (GitHub Pages' `/about` to `https://you.github.io/about/`) is made a path of this origin
//
// AWS's event structure does not say whether the request a viewer-response function sees is the viewer's or
// the one the viewer-request function returned; both forms of a page's URI (`/a/`, `/a/index.html`,
// `/a/index.html.md`; `/b`, `/b.html`, `/b.html.md`) name the same Markdown, so either gives the same headers.

function handler(event) {
  var request = event.request;
  var response = event.response;
  // The API's own answers are left as they are: its paths, and a post to the path that shows the owner's form page.
  if (PAGE_HEADERS.servicePaths.indexOf(request.uri) !== -1 || (request.method !== 'GET' && request.method !== 'HEAD')) return response;
  if (PAGE_HEADERS.siteHost !== undefined) keepRedirectHere(response);
  var type = response.headers['content-type'] === undefined ? '' : response.headers['content-type'].value.toLowerCase();
  var html = type.indexOf('text/html') === 0;
  var markdownType = type.indexOf('text/markdown') === 0;
  // A 304 has no type, and carries the Vary its 200 would (RFC 9110 §15.4.5).
  var markdown = PAGE_HEADERS.markdown === true ? markdownOf(request.uri, html || markdownType || response.statusCode === 304) : null;
  // Its origin's Vary: Accept would be removed by CloudFront (AWS, "Request and response behavior for custom
  // origins"): the edge keys the cache by the URI the request function chose, the viewer's caches by this.
  if (markdown !== null) addVary(response);
  var links = [];
  if (html) {
    links = PAGE_HEADERS.links.slice();
    if (markdown !== null && links.length > 0) links.push('<' + safe(markdown) + '>; rel="alternate"; type="text/markdown"');
  } else if (markdown !== null && markdownType && PAGE_HEADERS.links.length > 0) {
    links.push('<' + safe(pageOf(markdown)) + '>; rel="canonical"; type="text/html"');
  }
  if (links.length > 0) addValue(response, 'link', links.join(', '));
  return response;
}

// A Location naming the existing site's host, which would take the visitor away to the host's own address: its path
// here instead. Never one a browser reads as another host (`//evil.example`, or `/<tab>/evil.example`, as a browser
// drops a tab or a line break from a URL), whatever the site redirects to.
function keepRedirectHere(response) {
  var location = response.headers.location;
  if (location === undefined) return;
  var origin = /^https?:\/\/([^\/?#\\]*)/i.exec(location.value);
  if (origin === null) return;
  var host = origin[1].toLowerCase().replace(/:(443|80)$/, '');
  if (host !== PAGE_HEADERS.siteHost) return;
  location.value = '/' + location.value.slice(origin[0].length).replace(/[\t\n\r]/g, '').replace(/^[\/\\]+/, '');
}

// The Markdown of a page's URI, as lib/pages/site-pages.ts names it, or null for a URI of no page. A URI
// without an extension whose answer is a page's (`answersPage`) is a page reached without `.html` (`/about`).
function markdownOf(uri, answersPage) {
  if (uri.charAt(uri.length - 1) === '/') return uri + 'index.html.md';
  if (/\.html?$/i.test(uri)) return uri + '.md';
  if (/\.html?\.md$/i.test(uri)) return uri;
  if (answersPage && /(^|\/)[^.\/]+$/.test(uri)) return uri + '.html.md';
  return null;
}

// The page a Markdown is of, by the URI visitors use: a folder's with its slash.
function pageOf(markdown) {
  var page = markdown.slice(0, -3);
  return /(^|\/)index\.html$/.test(page) ? page.slice(0, -10) : page;
}

// A URI as a Link target: what is no URI character and would end the target or the header is percent-encoded.
function safe(uri) {
  return uri.replace(/[<>"\s]/g, function (char) {
    return encodeURIComponent(char);
  });
}

function addVary(response) {
  var vary = response.headers.vary;
  if (vary !== undefined && /(^|,)\s*(accept|\*)\s*(,|$)/i.test(vary.value)) return;
  addValue(response, 'vary', 'Accept');
}

function addValue(response, name, value) {
  var header = response.headers[name];
  if (header === undefined) response.headers[name] = { value: value };
  else if (header.multiValue) header.multiValue.push({ value: value });
  else header.value = header.value + ', ' + value;
}
