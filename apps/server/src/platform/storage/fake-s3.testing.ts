import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface FakeS3Object {
  bytes: Buffer;
  headers: Record<string, string | undefined>;
}

export interface FakeS3 {
  /** http://127.0.0.1:PORT, for S3_ENDPOINT with path-style addressing. */
  endpoint: string;
  /** Objects by "bucket/key". */
  objects: Map<string, FakeS3Object>;
  /** Every request, as "METHOD /bucket/key". */
  requests: string[];
  close(): Promise<void>;
}

const errorXml = (code: string, message: string) =>
  `<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code><Message>${message}</Message></Error>`;

function sendError(res: ServerResponse, status: number, code: string, message: string) {
  res.writeHead(status, { 'content-type': 'application/xml' });
  res.end(errorXml(code, message));
}

async function bodyOf(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * A small S3 for the tests: PUT, GET and DELETE of path-style /bucket/key URLs, objects kept in
 * memory. Signatures are not checked (the SDK's signing is its own, tested upstream); like S3,
 * a GET of a missing key is a 404 NoSuchKey, and so is a DELETE (as some S3-compatible
 * providers answer, where AWS says 204): the backend must take both as "already gone".
 */
export async function startFakeS3(): Promise<FakeS3> {
  const objects = new Map<string, FakeS3Object>();
  const requests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    const name = url.pathname
      .slice(1)
      .split('/')
      .map((segment) => decodeURIComponent(segment))
      .join('/');
    requests.push(`${req.method} /${name}`);
    if (!req.headers.authorization?.startsWith('AWS4-HMAC-SHA256 ')) {
      sendError(res, 403, 'AccessDenied', 'Unsigned request');
      return;
    }
    if (!/^[^/]+\/.+/.test(name)) {
      sendError(res, 400, 'InvalidRequest', 'Expected /bucket/key');
      return;
    }
    const stored = objects.get(name);
    switch (req.method) {
      case 'PUT':
        void bodyOf(req).then((bytes) => {
          objects.set(name, {
            bytes,
            headers: {
              'content-type': req.headers['content-type'],
              'cache-control': req.headers['cache-control'],
            },
          });
          res.writeHead(200, { etag: '"fake"' });
          res.end();
        });
        return;
      case 'GET':
        if (!stored) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        res.writeHead(200, {
          'content-length': String(stored.bytes.length),
          ...(stored.headers['content-type']
            ? { 'content-type': stored.headers['content-type'] }
            : {}),
        });
        res.end(stored.bytes);
        return;
      case 'DELETE':
        if (!stored) return sendError(res, 404, 'NoSuchKey', 'The specified key does not exist.');
        objects.delete(name);
        res.writeHead(204);
        res.end();
        return;
      default:
        sendError(res, 405, 'MethodNotAllowed', 'Not supported by the fake');
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
