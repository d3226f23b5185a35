// The baseline: a bare node:http server answering a short JSON body, on the port in PORT. Every
// throughput case is a ratio to what wrk gets from this process on the same machine in the same run.
import http from 'node:http';

const body = JSON.stringify({ hello: 'world' });
http
  .createServer((_req, res) => {
    res.writeHead(200, {
      'content-type': 'application/json; charset=utf-8',
      'content-length': Buffer.byteLength(body),
    });
    res.end(body);
  })
  .listen(Number(process.env.PORT), '127.0.0.1');
