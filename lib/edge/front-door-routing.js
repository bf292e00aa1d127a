// The front door's viewer-request function (CloudFront Functions, runtime cloudfront-js-2.0; docs/api.md §10).
// Plain JavaScript without import or export: lib/edge/front-door-function.ts puts `import cf from 'cloudfront';`
// and `var FRONT_DOOR = {...};` before it for CloudFront, and a test or local mode evaluates the same text
// with `vm`, giving `cf` and `FRONT_DOOR` themselves.
//
// FRONT_DOOR.serviceOrigin  the id of the API's origin
// FRONT_DOOR.servicePaths   the route table's paths that this behaviour serves: sent to the API as they are
// FRONT_DOOR.site           null for an existing site (it answers its own paths), or for a folder uploaded
//                           at deploy { files: [...] }, its files without an extension (relative paths,
//                           neither leading nor trailing slash): any other path without one is a folder, so
//                           that a folder published after the deploy needs no new list; with `formPath`, the
//                           service's form (`/contact`), when the folder has no page in that path's folder,
//                           which a request for that folder is then sent to instead of the 404 page; with
//                           `pages`, the names of its pages at `<name>.html` that have no folder or file
//                           of that name (`about` for about.html): `/about` is served about.html; with
//                           `flat`, its folders ('' the top one) below which every path without an
//                           extension that is no file is a page: `/blog/post` is served blog/post.html
// FRONT_DOOR.formPage       with a folder, when the owner's form page is the page the service's form's path names
//                           with `.html` ({ path: '/contact', page: '/contact.html', origin: the site's origin id }):
//                           the function is on that path's behaviour too, whose origin is the API; it sends the
//                           path's GET and HEAD to the site as that page, its other methods on to the API as sent
// FRONT_DOOR.form           the service's form's path (`/contact`), where a browser's form posted to a page is sent
// FRONT_DOOR.markdown       true when each page of the folder has a Markdown version at its key and `.md`
//                           (lib/pages/site-pages.ts): a request that prefers text/markdown gets it
// FRONT_DOOR.redirect       the domain's other name, redirected first of all (front-door-redirect.js, whose
//                           text follows this one's when it is set); queryString is front-door-query.js's

// What a page request may carry to the site: the encodings its answer may be compressed in, a byte range,
// and the validators of a copy the viewer holds. The others (cookies, credentials, x-amz-* to S3) could change
// what the origin answers, and with it what the edge caches for everyone; CloudFront's own cannot be removed.
var SITE_REQUEST_HEADERS = { 'accept-encoding': true, range: true, 'if-none-match': true, 'if-modified-since': true };
var READ_ONLY_HEADERS = { host: true, via: true, 'cdn-loop': true, 'content-length': true, 'transfer-encoding': true };

function handler(event) {
  var request = event.request;
  var moved = FRONT_DOOR.redirect === undefined ? undefined : otherNameRedirect(request);
  if (moved !== undefined) return moved;
  if (FRONT_DOOR.servicePaths.indexOf(request.uri) !== -1) {
    cf.selectRequestOriginById(FRONT_DOOR.serviceOrigin);
    return request;
  }
  var formPage = FRONT_DOOR.formPage;
  var shown = formPage !== undefined && request.uri === formPage.path;
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    if (shown) return request;
    // A form posted to a page (a tab opened while the site's form still posted to a form service, Netlify's):
    // a browser follows the 307 with the same post to the form, whose answer gives the visitor's text back
    // in the form, where a 405 would show a blank page and a 303 the empty form, the message lost. The 303
    // still for a multipart form (a file's), which the form cannot read, and for a post from another origin
    // (the domain's other name, redirected here): the browser would send it on with Origin null, which the
    // form refuses as another site's. A navigation only (Sec-Fetch-Mode, absent in older browsers): a
    // script's fetch would take the form's answer for its own.
    var mode = request.headers['sec-fetch-mode'];
    var type = /^\s*(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.exec((request.headers['content-type'] || {}).value);
    if (request.method !== 'POST' || (mode !== undefined && mode.value !== 'navigate') || type === null) return { statusCode: 405, statusDescription: 'Method Not Allowed', headers: { allow: { value: 'GET, HEAD' } } };
    var site = request.headers['sec-fetch-site'];
    var resent = type[1].toLowerCase() === 'application/x-www-form-urlencoded' && (site === undefined || site.value === 'same-origin');
    return { statusCode: resent ? 307 : 303, statusDescription: resent ? 'Temporary Redirect' : 'See Other', headers: { location: { value: FRONT_DOOR.form } } };
  }
  var query = queryString(request.querystring);
  var markdown = FRONT_DOOR.markdown === true && prefersMarkdown(request.headers.accept);
  keepOnlySiteRequest(request);
  if (FRONT_DOOR.site === null) return request;

  if (shown) {
    cf.selectRequestOriginById(formPage.origin);
    request.uri = formPage.page;
  } else if (request.uri.charAt(request.uri.length - 1) === '/') {
    var form = FRONT_DOOR.site.formPath;
    // Found, not moved for good: the owner may publish a page there.
    if (form !== undefined && request.uri === form + '/') return { statusCode: 302, statusDescription: 'Found', headers: { location: { value: form + query } } };
    // A page's path with a slash, as a link or a visitor may write it, leads to the page (no folder there has an index.html).
    var path = request.uri.slice(0, -1);
    if (isPagePath(path)) return permanentRedirect(path + query);
    request.uri += 'index.html';
  } else if (isPagePath(request.uri)) {
    request.uri += '.html';
  } else if (isFolder(siteKey(request.uri.slice(1)))) {
    return permanentRedirect(request.uri + '/' + query);
  }
  // The Markdown is asked for by the URI, never by a header in the cache key: the edge keeps one copy of each.
  if (markdown && /\.html?$/i.test(request.uri)) request.uri += '.md';
  return request;
}

// Whether an Accept header (RFC 9110 §12.5.1) prefers text/markdown to text/html: text/markdown named with
// a weight above 0, at least that of text/html (or of the text/* or */* that stands for it, the most
// specific). A tie goes to Markdown, which no browser names; a malformed weight counts as 0. No Accept: HTML.
function prefersMarkdown(accept) {
  if (accept === undefined) return false;
  var values = accept.multiValue ? accept.multiValue : [accept];
  var ranges = [];
  for (var i = 0; i < values.length; i++) ranges = ranges.concat(values[i].value.split(','));
  var markdown = 0;
  var html = 0;
  var htmlRank = 0;
  for (var j = 0; j < ranges.length; j++) {
    var parts = ranges[j].split(';');
    var type = parts[0].trim().toLowerCase();
    var weight = 1;
    for (var k = 1; k < parts.length; k++) {
      var parameter = /^\s*q\s*=\s*([01](?:\.\d{0,3})?)\s*$/i.exec(parts[k]);
      if (parameter !== null) weight = Math.min(Number(parameter[1]), 1);
      else if (/^\s*q\s*=/i.test(parts[k])) weight = 0;
    }
    var rank = type === 'text/html' ? 3 : type === 'text/*' ? 2 : type === '*/*' ? 1 : 0;
    if (type === 'text/markdown') markdown = Math.max(markdown, weight);
    else if (rank > htmlRank) {
      html = weight;
      htmlRank = rank;
    }
  }
  return markdown > 0 && markdown >= html;
}

function keepOnlySiteRequest(request) {
  request.querystring = {};
  request.cookies = {};
  for (var name in request.headers) {
    if (!SITE_REQUEST_HEADERS[name] && !READ_ONLY_HEADERS[name]) delete request.headers[name];
  }
}

// A path (percent-encoded, no leading slash) as S3 decodes it into a key; undefined when malformed, for S3 to answer.
function siteKey(path) {
  try {
    return decodeURIComponent(path);
  } catch (malformed) {
    return undefined;
  }
}

// Kept by a browser five minutes, not for good: a publish that turns a page into a folder or back reverses
// it, and a browser holding the other direction would go round in circles.
function permanentRedirect(location) {
  return { statusCode: 301, statusDescription: 'Moved Permanently', headers: { location: { value: location }, 'cache-control': { value: 'max-age=300' } } };
}

// Whether a path is a page reached without `.html`: one the site lists, or a folder's name below a flat folder.
// Not with an encoded slash: `/blog%2Fpost` would serve blog/post.html at a URL where its relative links break.
function isPagePath(path) {
  var name = siteKey(path.slice(1));
  return (isPage(name) || (isFolder(name) && inFlatFolder(name))) && !/%2f/i.test(path);
}

function isPage(name) {
  return name !== undefined && FRONT_DOOR.site.pages !== undefined && FRONT_DOOR.site.pages.indexOf(name) !== -1;
}

// Whether a name is below a flat folder, at any depth: neither an index page (`/blog/index`) nor the 404 page is a page.
function inFlatFolder(name) {
  var flat = FRONT_DOOR.site.flat;
  if (flat === undefined || name === '404' || name.slice(name.lastIndexOf('/') + 1) === 'index') return false;
  for (var folder = name; folder.lastIndexOf('/') !== -1; ) {
    folder = folder.slice(0, folder.lastIndexOf('/'));
    if (flat.indexOf(folder) !== -1) return true;
  }
  return flat.indexOf('') !== -1;
}

// Whether a key names a folder of the site: its last segment has no extension and is not one of the site's files.
function isFolder(name) {
  // No folder's path has an empty segment or a backslash, sent or encoded: redirected to itself
  // with a slash, `//evil.example/x` or `/\evil.example/x` would send the browser to another host.
  // Nor a control character: a browser drops a tab or a line break from a URL, so `/<tab>/evil.example/x` is `//evil.example/x`.
  if (name === undefined || /[\u0000-\u001f\u007f]/.test(name)) return false;
  var segments = name.split('/');
  for (var i = 0; i < segments.length; i++) {
    if (segments[i] === '' || segments[i].indexOf('\\') !== -1) return false;
  }
  if (segments[segments.length - 1].indexOf('.') !== -1) return false;
  return FRONT_DOOR.site.files.indexOf(name) === -1;
}
