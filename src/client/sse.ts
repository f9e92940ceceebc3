// Incremental Server-Sent-Events parser (WHATWG "event stream" interpretation),
// reduced to what an inference client needs: the `data` of each event.
//
// Hot path: every response chunk goes through push(). Bytes are decoded once by
// a streaming TextDecoder (which also holds back a UTF-8 sequence split across
// pushes), lines are found with native indexOf, and field names are compared
// with charCodeAt so that no per-line substring is made except the data value.
//
// Bounded: a server may send anything, so a line and an event (its data lines
// joined) have a size cap. Past either, the parser reports the overflow once,
// drops what it held and ignores the rest of the stream, so the memory one
// stream holds never exceeds the caps whatever the server sends. Sizes are
// counted in UTF-16 units of the decoded text, each of which took at least one
// byte on the wire, so "over N" in units is also over N bytes.

const LF = 10;
const COLON = 58;
const SPACE = 32;
/** decode()'s options, one object for every read rather than a literal per call. */
const STREAMING = { stream: true } as const;

interface SseLimits {
  /** Longest line kept (UTF-16 units, a lower bound on its bytes). */
  maxLine: number;
  /** Largest event kept: its data lines joined. */
  maxEvent: number;
  /** Told once, when a line or an event passes its cap; nothing is parsed after that. */
  onOverflow: (message: string) => void;
}

/** Effectively no cap: for callers that feed trusted text (tests, tools). */
const UNBOUNDED: SseLimits = { maxLine: Number.MAX_SAFE_INTEGER, maxEvent: Number.MAX_SAFE_INTEGER, onOverflow: () => undefined };

export class SseParser {
  private readonly onData: (data: string) => void;
  private readonly onError: ((value: string) => void) | undefined;
  private readonly limits: SseLimits;
  /** A cap was passed: everything after is ignored. */
  private overflowed = false;
  /** Sum of the lengths in `tail`. */
  private tailLength = 0;
  private readonly decoder = new TextDecoder('utf-8');
  /**
   * Text after the last line break, kept as parts: a byte-at-a-time stream
   * would otherwise rebuild (and re-scan) an ever longer string per push.
   */
  private tail: string[] = [];
  /** The previous push ended in CR, so an LF opening the next one belongs to it. */
  private skipLF = false;
  /** Data lines of the event being built; null until its first data line. */
  private data: string | null = null;

  /**
   * onError, when given, receives the value of each `error:` line as soon as
   * the line is complete. Standard SSE ignores that field, but some llama.cpp
   * server builds report mid-stream failures as `error: {...}` lines instead
   * of a data event, and dropping them would turn a server error into a
   * silent cut-off.
   */
  constructor(onData: (data: string) => void, onError?: (value: string) => void, limits: SseLimits = UNBOUNDED) {
    this.onData = onData;
    this.onError = onError;
    this.limits = limits;
  }

  push(chunk: Uint8Array): void {
    if (this.overflowed) return;
    this.feed(this.decoder.decode(chunk, STREAMING));
  }

  private overflow(message: string): void {
    this.overflowed = true;
    this.tail = [];
    this.tailLength = 0;
    this.data = null;
    this.limits.onOverflow(message);
  }

  /**
   * Flushes at end of stream. A last event without its blank line is still
   * dispatched, since servers often close straight after `data: [DONE]\n`.
   * pendingBytes reports an unterminated last line (or a truncated UTF-8
   * sequence), which callers may treat as a cut-off stream.
   */
  end(): { pendingBytes: boolean } {
    if (this.overflowed) return { pendingBytes: false };
    this.feed(this.decoder.decode());
    const pendingBytes = this.tail.length > 0;
    if (pendingBytes) {
      const line = this.tail.join('');
      this.tail = [];
      this.tailLength = 0;
      this.processLine(line, 0, line.length);
    }
    this.skipLF = false;
    this.dispatch();
    return { pendingBytes };
  }

  private feed(s: string): void {
    const len = s.length;
    if (len === 0) return;
    let pos = 0;
    if (this.skipLF) {
      this.skipLF = false;
      if (s.charCodeAt(0) === LF) pos = 1;
    }
    // Both next positions are cached and only re-searched once passed, so a
    // stream using only LF does not rescan to the end for a CR on every line.
    let lf = s.indexOf('\n', pos);
    let cr = s.indexOf('\r', pos);
    const maxLine = this.limits.maxLine;
    while (lf !== -1 || cr !== -1) {
      const eol = lf === -1 ? cr : cr === -1 ? lf : lf < cr ? lf : cr;
      if (this.tailLength + eol - pos > maxLine) {
        this.overflow(`line over ${maxLine} bytes`);
        return;
      }
      if (this.tail.length > 0) {
        this.tail.push(s.slice(pos, eol));
        const line = this.tail.join('');
        this.tail = [];
        this.tailLength = 0;
        this.processLine(line, 0, line.length);
      } else {
        this.processLine(s, pos, eol);
      }
      if (this.overflowed) return;
      if (eol === cr) {
        if (eol + 1 < len) {
          pos = s.charCodeAt(eol + 1) === LF ? eol + 2 : eol + 1;
        } else {
          this.skipLF = true;
          pos = len;
        }
      } else {
        pos = eol + 1;
      }
      if (lf !== -1 && lf < pos) lf = s.indexOf('\n', pos);
      if (cr !== -1 && cr < pos) cr = s.indexOf('\r', pos);
    }
    if (pos < len) {
      if (this.tailLength + len - pos > maxLine) {
        this.overflow(`line over ${maxLine} bytes`);
        return;
      }
      this.tail.push(pos === 0 ? s : s.slice(pos));
      this.tailLength += len - pos;
    }
  }

  private processLine(s: string, start: number, end: number): void {
    if (start === end) {
      this.dispatch();
      return;
    }
    // Comments (':'), event, id, retry and unknown fields all fall through.
    const c0 = s.charCodeAt(start);
    if (c0 === 100 /* d */) {
      const v = fieldValueStart(s, start, end, 'data');
      if (v < 0) return;
      if ((this.data === null ? 0 : this.data.length + 1) + end - v > this.limits.maxEvent) {
        this.overflow(`event over ${this.limits.maxEvent} bytes`);
        return;
      }
      const value = s.slice(v, end);
      this.data = this.data === null ? value : this.data + '\n' + value;
    } else if (c0 === 101 /* e */ && this.onError !== undefined) {
      const v = fieldValueStart(s, start, end, 'error');
      if (v >= 0) this.onError(s.slice(v, end));
    }
  }

  private dispatch(): void {
    const data = this.data;
    if (data === null) return;
    this.data = null;
    this.onData(data);
  }
}

/**
 * Index where the value of field `name` starts on the line [start, end), or -1
 * when the line is another field. A line without a colon is a field with an
 * empty value (so a bare "data" line adds an empty data line); one space after
 * the colon is not part of the value.
 */
function fieldValueStart(s: string, start: number, end: number, name: string): number {
  const n = name.length;
  if (end - start < n) return -1;
  for (let i = 0; i < n; i++) {
    if (s.charCodeAt(start + i) !== name.charCodeAt(i)) return -1;
  }
  if (end - start === n) return end;
  if (s.charCodeAt(start + n) !== COLON) return -1;
  let v = start + n + 1;
  if (v < end && s.charCodeAt(v) === SPACE) v++;
  return v;
}
