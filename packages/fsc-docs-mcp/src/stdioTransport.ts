/**
 * The MCP stdio transport (one JSON-RPC message per line), as the SDK's StdioServerTransport
 * reads it, with answers where that one has none. Its buffer throws on a line over 10 MB and the
 * transport then closes: the server exited 0 without a word. A line that is not a JSON-RPC message
 * was dropped in silence. Here such a line is skipped to its end and answered with a JSON-RPC error
 * that names its size (never its text), and the server reads on.
 */
import process from 'node:process';
import type {Readable, Writable} from 'node:stream';
import {deserializeMessage, serializeMessage} from '@modelcontextprotocol/sdk/shared/stdio.js';
import type {Transport} from '@modelcontextprotocol/sdk/shared/transport.js';
import {ErrorCode, type JSONRPCMessage} from '@modelcontextprotocol/sdk/types.js';

/** The SDK's own limit for one message. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

const NEWLINE = 0x0a;

/** The id of a request that failed validation, when it has a usable one; JSON-RPC's null if not. */
function idOf(line: string): string | number | null {
  try {
    const id = (JSON.parse(line) as {id?: unknown}).id;
    return typeof id === 'string' || typeof id === 'number' ? id : null;
  } catch {
    return null;
  }
}

export class StdioTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;

  private parts: Buffer[] = [];
  private size = 0;
  /** Set while the rest of a line over the limit is skipped (`size` counts it on). */
  private skipping = false;

  constructor(
    private readonly stdin: Readable = process.stdin,
    private readonly stdout: Writable = process.stdout,
    private readonly maxBytes = MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.stdin.on('data', this.onData);
    this.stdin.on('error', this.onStreamError);
  }

  private readonly onStreamError = (error: Error) => this.onerror?.(error);

  private readonly onData = (chunk: Buffer) => {
    let start = 0;
    for (;;) {
      const newline = chunk.indexOf(NEWLINE, start);
      this.take(chunk.subarray(start, newline === -1 ? chunk.length : newline));
      if (newline === -1) return;
      this.endLine();
      start = newline + 1;
    }
  };

  private take(part: Buffer) {
    this.size += part.length;
    if (this.skipping) return;
    if (this.size > this.maxBytes) {
      this.skipping = true;
      this.parts = [];
    } else if (part.length > 0) {
      this.parts.push(part);
    }
  }

  private endLine() {
    const size = this.size;
    const skipped = this.skipping;
    const line = skipped ? '' : Buffer.concat(this.parts).toString('utf8').replace(/\r$/, '');
    this.parts = [];
    this.size = 0;
    this.skipping = false;
    if (skipped) {
      this.answerError(
        null,
        ErrorCode.InvalidRequest,
        `The message (${size} bytes) is larger than ${this.maxBytes} bytes, the most this server reads: it was not read.`,
      );
      return;
    }
    if (line.trim() === '') return;
    let message: JSONRPCMessage;
    try {
      message = deserializeMessage(line);
    } catch (error) {
      const json = !(error instanceof SyntaxError);
      this.answerError(
        json ? idOf(line) : null,
        json ? ErrorCode.InvalidRequest : ErrorCode.ParseError,
        `The message (${size} bytes) is ${json ? 'JSON but not a JSON-RPC message' : 'not JSON'}.`,
      );
      return;
    }
    this.onmessage?.(message);
  }

  private answerError(id: string | number | null, code: number, message: string) {
    // JSON-RPC answers a message it cannot read with id null; the SDK's types want an id.
    const answer = {jsonrpc: '2.0', id, error: {code, message}} as unknown as JSONRPCMessage;
    this.send(answer).catch((error: unknown) => this.onerror?.(error as Error));
  }

  async close(): Promise<void> {
    this.stdin.off('data', this.onData);
    this.stdin.off('error', this.onStreamError);
    // As the SDK's transport: stop reading unless someone else also listens.
    if (this.stdin.listenerCount('data') === 0) this.stdin.pause();
    this.parts = [];
    this.onclose?.();
  }

  send(message: JSONRPCMessage): Promise<void> {
    return new Promise((resolve) => {
      if (this.stdout.write(serializeMessage(message))) resolve();
      else this.stdout.once('drain', resolve);
    });
  }
}
