// `node:http` as every bundle gets it: the module itself, through `process.getBuiltinModule`, never
// an ES module import of it. On Node 22 and later, importing `node:http` as an ES module builds its
// module facade, which reads every export, `WebSocket` among them, and so loads Node's bundled undici,
// which nothing here uses: some 15 to 20 ms of every cold start (nodejs/node#57649). The SDK's
// credential chain imports it statically, and its HTTP handler for a plain-HTTP endpoint (the local
// emulators) dynamically. lib/api/bundling.ts aliases both `http` and `node:http` to this file.
module.exports = process.getBuiltinModule('node:http');
