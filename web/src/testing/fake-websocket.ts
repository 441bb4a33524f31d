import { vi } from 'vitest';

/**
 * The WebSocket constructor replaced at the boundary (jsdom would dial a real server): a test
 * opens the socket, pushes the server's frames and closes it, and reads the addresses dialled.
 * Installed before every test by setup.ts; `FakeWebSocket.instances` lists this test's sockets.
 */
export class FakeWebSocket {
  static readonly CONNECTING = 0;
  static readonly OPEN = 1;
  static readonly CLOSING = 2;
  static readonly CLOSED = 3;
  static instances: FakeWebSocket[] = [];

  readonly url: string;
  readyState = FakeWebSocket.CONNECTING;
  onopen: ((event: Event) => void) | null = null;
  onmessage: ((event: MessageEvent) => void) | null = null;
  onclose: ((event: CloseEvent) => void) | null = null;
  onerror: ((event: Event) => void) | null = null;
  readonly sent: string[] = [];

  constructor(url: string | URL) {
    this.url = String(url);
    FakeWebSocket.instances.push(this);
  }

  send(data: string): void {
    this.sent.push(data);
  }

  close(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1000 }));
  }

  /** The server accepts the connection. */
  serverOpen(): void {
    this.readyState = FakeWebSocket.OPEN;
    this.onopen?.(new Event('open'));
  }

  /** The server sends one JSON text frame. */
  serverSend(payload: unknown): void {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(payload) }));
  }

  /** The connection is lost (server restart, network). */
  serverDrop(): void {
    if (this.readyState === FakeWebSocket.CLOSED) return;
    this.readyState = FakeWebSocket.CLOSED;
    this.onclose?.(new CloseEvent('close', { code: 1006 }));
  }

  /** The socket of this test still open (the tab's one), or a failure naming what was dialled. */
  static current(): FakeWebSocket {
    const open = FakeWebSocket.instances.filter((socket) => socket.readyState !== FakeWebSocket.CLOSED);
    const last = open.at(-1);
    if (!last) throw new Error(`no open WebSocket (dialled: ${FakeWebSocket.instances.map((s) => s.url).join(', ')})`);
    return last;
  }
}

export function installFakeWebSocket(): void {
  FakeWebSocket.instances = [];
  vi.stubGlobal('WebSocket', FakeWebSocket);
}
