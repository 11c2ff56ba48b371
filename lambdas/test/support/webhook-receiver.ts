import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';

export interface ReceivedRequest {
  headers: IncomingHttpHeaders;
  body: string;
  /** What the receiver answered. */
  status: number;
}

/** A real HTTP receiver on an ephemeral port of 127.0.0.1, recording what the site posts to it. */
export class TestReceiver {
  /** Every request in arrival order, with the status it was answered. */
  readonly requests: ReceivedRequest[] = [];
  /** Answer the next this many requests with 503 (a receiver outage). */
  failNext = 0;
  /** The answer otherwise. */
  status = 204;
  /** Wait this long before answering (a slow receiver). */
  delayMs = 0;
  private readonly server: Server;
  private port = 0;

  private constructor() {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (chunk: Buffer) => chunks.push(chunk));
      req.on('end', () => {
        const status = this.failNext > 0 ? 503 : this.status;
        if (this.failNext > 0) this.failNext -= 1;
        const body = Buffer.concat(chunks).toString('utf8');
        this.requests.push({ headers: req.headers, body, status });
        setTimeout(() => {
          if (status >= 300 && status < 400) res.setHeader('location', '/elsewhere');
          res.writeHead(status).end();
        }, this.delayMs);
      });
    });
  }

  static async start(): Promise<TestReceiver> {
    const receiver = new TestReceiver();
    await new Promise<void>((resolve) => receiver.server.listen(0, '127.0.0.1', resolve));
    const address = receiver.server.address();
    if (address === null || typeof address === 'string') throw new Error('no port');
    receiver.port = address.port;
    return receiver;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}/hooks/leads`;
  }

  /** Requests answered 2xx: what the receiver actually got. */
  accepted(): ReceivedRequest[] {
    return this.requests.filter((r) => r.status >= 200 && r.status < 300);
  }

  close(): Promise<void> {
    return new Promise<void>((resolve) => {
      this.server.closeAllConnections();
      this.server.close(() => resolve());
    });
  }
}
