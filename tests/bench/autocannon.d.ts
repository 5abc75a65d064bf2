// The bench uses only this part of autocannon 9; its package ships no types.
declare module 'autocannon' {
  interface Request {
    method: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
    /** Called before each request is sent: what it returns is sent instead. */
    setupRequest?: (request: Request) => Request;
  }
  interface Options {
    url: string;
    connections: number;
    duration: number;
    headers?: Record<string, string>;
    requests?: Request[];
  }
  /** The run's totals (part of them). */
  interface Result {
    errors: number;
    timeouts: number;
  }
  interface Instance extends PromiseLike<Result> {
    on(event: 'response', listener: (client: unknown, statusCode: number, responseBytes: number, responseTime: number) => void): void;
  }
  export default function autocannon(options: Options): Instance;
}
