// A real S3 implementation on the loopback for the rack-mode tests (tests/host/upload.sh,
// tests/e2e/test_http_boot.sh): s3rver, an S3 server for Node.js that checks request
// signatures as S3 does (AWS Signature Version 2 and 4, in the Authorization header and
// as a presigned query, with its expiry), answers S3's error documents, and keeps objects
// in a folder. Usage: node tools/s3_server.js DIR PORT BUCKET... ; prints "ready PORT"
// once listening (PORT 0: a free one). Credentials: access key S3RVER, secret S3RVER (s3rver's account).
'use strict';
const path = require('path');
const modules = process.env.UPMON_NODE_MODULES || path.join(__dirname, '..', 'build', 'npm', 'node_modules');
const S3rver = require(path.join(modules, '@20minutes', 's3rver'));
const [dir, port, ...buckets] = process.argv.slice(2);
// UPMON_S3_TLS=CERT:KEY: https with that certificate and key (PEM files).
const tls = process.env.UPMON_S3_TLS ? process.env.UPMON_S3_TLS.split(':') : null;
const fs = require('fs');
const server = new S3rver({
	address: '127.0.0.1',
	port: Number(port),
	directory: dir,
	silent: true,
	configureBuckets: buckets.map((name) => ({ name })),
	...(tls ? { cert: fs.readFileSync(tls[0]), key: fs.readFileSync(tls[1]) } : {}),
});
server.run().then(
	(addr) => console.log('ready ' + addr.port),
	(err) => {
		console.error('s3 server: ' + err.message);
		process.exit(1);
	},
);
process.on('SIGTERM', () => server.close().then(() => process.exit(0)));
