#!/usr/bin/env python3
"""A small OpenAI-compatible streaming server whose every token costs real GPU work.

For checking llm-perf-gate on a GPU machine without a model download or an
engine build (docs/telemetry.md, "Measured on one H200"). Python standard
library HTTP (http.server) and PyTorch, nothing else.

The "model" is a stack of random-weight MLP blocks (RMSNorm, up-projection,
SiLU, down-projection, residual) with an embedding and an output head, in
bf16: a 70B-class MLP width by default, so a decode step streams about
30 GB of weights from GPU memory (memory-bound, as real decoding is) and a
prefill over the prompt is compute-bound. There is no attention and no KV
cache: a step's cost does not grow with context. Tokens are the argmax of
the head, shown as words.

Scheduling as in vLLM or llama-server: up to --slots sequences decode
together in one batch per step (continuous batching: a request joins when a
slot is free, after its prompt's prefill, and leaves when done); the rest
wait in a FIFO queue. --step-sleep-ms throttles every decode step.

Endpoints: GET /health, GET /v1/models, POST /v1/chat/completions and
POST /v1/completions (stream or not; max_tokens honoured exactly, as with
ignore_eos; stream_options.include_usage). No /metrics.

  python3 bench/gpu/torch_server.py --port 8001 --slots 4
  python3 bench/gpu/torch_server.py --backend sleep --step-ms 8   # no torch: a timed stand-in, for protocol tests

Prints "ready: http://HOST:PORT ..." on stdout once it accepts requests.
"""

import argparse
import json
import queue
import signal
import socket
import sys
import threading
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

WORDS = (
    "the of and to in is was for on that with as by at from his her an were are which this be or have had not "
    "one all but they their been has when who will more no if out so said what up its about into than them can "
    "only other new some could time these two may then do first any my now such like our over man me even most "
    "made after also did many before must through back years where much your way well down should because each "
    "just those people how too little state good very make world still own see men work long get here between both"
).split()

MODEL_ID = "torch-mlp-bench"


class Request:
    __slots__ = ("ids", "max_tokens", "out", "cancelled", "generated", "prompt_tokens")

    def __init__(self, ids, max_tokens):
        self.ids = ids
        self.max_tokens = max_tokens
        self.out = queue.Queue()
        self.cancelled = False
        self.generated = 0
        self.prompt_tokens = len(ids)


class TorchModel:
    def __init__(self, layers, dim, ffn, vocab, device):
        import torch

        self.torch = torch
        g = torch.Generator(device=device).manual_seed(1)
        dt = torch.bfloat16
        s = dim ** -0.5
        self.emb = (torch.randn(vocab, dim, generator=g, device=device, dtype=dt))
        self.up = [torch.randn(dim, ffn, generator=g, device=device, dtype=dt) * s for _ in range(layers)]
        self.down = [torch.randn(ffn, dim, generator=g, device=device, dtype=dt) * (ffn ** -0.5) for _ in range(layers)]
        self.head = torch.randn(dim, vocab, generator=g, device=device, dtype=dt) * s
        self.device = device
        self.vocab = vocab
        self.weight_bytes = sum(t.numel() * t.element_size() for t in [self.emb, self.head, *self.up, *self.down])

    def forward(self, ids):
        """ids: list of token ids, one row each; returns the argmax token of every row."""
        torch = self.torch
        with torch.inference_mode():
            x = self.emb[torch.tensor(ids, device=self.device)]
            for up, down in zip(self.up, self.down):
                h = torch.nn.functional.rms_norm(x, (x.shape[-1],))
                x = x + torch.nn.functional.silu(h @ up) @ down
            x = torch.nn.functional.rms_norm(x, (x.shape[-1],))
            return (x @ self.head).argmax(dim=-1).tolist()

    def prefill(self, ids):
        return self.forward(ids)[-1]

    def step(self, last_ids):
        return self.forward(last_ids)


class SleepModel:
    """No torch: each forward takes step_ms (prefill: step_ms + prompt_us per prompt token)."""

    def __init__(self, step_ms, prompt_us, vocab):
        self.step_s = step_ms / 1000
        self.prompt_s = prompt_us / 1e6
        self.vocab = vocab
        self.weight_bytes = 0

    def prefill(self, ids):
        time.sleep(self.step_s + self.prompt_s * len(ids))
        return (sum(ids) * 7919) % self.vocab

    def step(self, last_ids):
        time.sleep(self.step_s)
        return [(t * 31 + 17) % self.vocab for t in last_ids]


class Scheduler(threading.Thread):
    def __init__(self, model, slots, step_sleep_s):
        super().__init__(daemon=True)
        self.model = model
        self.slots = slots
        self.step_sleep_s = step_sleep_s
        self.waiting = []
        self.cv = threading.Condition()
        self.steps = 0
        self.tokens = 0

    def submit(self, req):
        with self.cv:
            self.waiting.append(req)
            self.cv.notify()

    def run(self):
        active = []  # [req, last_token]
        while True:
            with self.cv:
                while not active and not self.waiting:
                    self.cv.wait()
                admit = []
                while self.waiting and len(active) + len(admit) < self.slots:
                    admit.append(self.waiting.pop(0))
            for req in admit:
                if req.cancelled:
                    continue
                tok = self.model.prefill(req.ids)
                self.emit(req, tok)
                if req.generated < req.max_tokens and not req.cancelled:
                    active.append([req, tok])
            active = [a for a in active if not a[0].cancelled]
            if not active:
                continue
            nxt = self.model.step([a[1] for a in active])
            self.steps += 1
            if self.step_sleep_s > 0:
                time.sleep(self.step_sleep_s)
            keep = []
            for a, tok in zip(active, nxt):
                self.emit(a[0], tok)
                if a[0].generated < a[0].max_tokens and not a[0].cancelled:
                    a[1] = tok
                    keep.append(a)
            active = keep

    def emit(self, req, tok):
        req.generated += 1
        self.tokens += 1
        req.out.put((tok, req.generated >= req.max_tokens))


def word(tok):
    return " " + WORDS[tok % len(WORDS)]


def prompt_ids(text, vocab):
    # A word is a token here: each word's id is a stable hash of it.
    ids = []
    for w in text.split():
        h = 2166136261
        for b in w.encode("utf-8"):
            h = ((h ^ b) * 16777619) & 0xFFFFFFFF
        ids.append(h % vocab)
    return ids or [1]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "torch-mlp-bench/0.1"
    sys_version = ""

    def log_message(self, fmt, *args):  # quiet
        pass

    def setup(self):
        super().setup()
        self.connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def send_json(self, code, obj):
        body = json.dumps(obj).encode()
        self.send_response(code)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def do_GET(self):
        if self.path == "/health":
            self.send_json(200, {"status": "ok"})
        elif self.path == "/v1/models":
            self.send_json(200, {"object": "list", "data": [{"id": MODEL_ID, "object": "model", "owned_by": "bench", "max_model_len": 1 << 20}]})
        else:
            self.send_json(404, {"error": {"message": "not found", "type": "not_found"}})

    def do_POST(self):
        chat = self.path == "/v1/chat/completions"
        if not chat and self.path != "/v1/completions":
            self.send_json(404, {"error": {"message": "not found", "type": "not_found"}})
            return
        try:
            n = int(self.headers.get("Content-Length", "0"))
            body = json.loads(self.rfile.read(n) or b"{}")
            if chat:
                text = " ".join(m.get("content", "") if isinstance(m.get("content"), str) else "" for m in body.get("messages", []))
            else:
                p = body.get("prompt", "")
                text = p if isinstance(p, str) else " ".join(map(str, p))
            max_tokens = int(body.get("max_completion_tokens") or body.get("max_tokens") or 16)
            if max_tokens < 1 or max_tokens > 1 << 16:
                raise ValueError("max_tokens out of range")
        except (ValueError, TypeError, json.JSONDecodeError) as e:
            self.send_json(400, {"error": {"message": str(e), "type": "BadRequestError", "code": 400}})
            return
        req = Request(prompt_ids(text, self.server.model.vocab), max_tokens)
        self.server.scheduler.submit(req)
        rid = f"cmpl-{id(req):x}"
        created = int(time.time())
        obj = "chat.completion.chunk" if chat else "text_completion"
        usage = {"prompt_tokens": req.prompt_tokens, "completion_tokens": max_tokens, "total_tokens": req.prompt_tokens + max_tokens}
        try:
            if not body.get("stream"):
                text_out = []
                while True:
                    tok, last = req.out.get()
                    text_out.append(word(tok))
                    if last:
                        break
                content = "".join(text_out)
                choice = {"index": 0, "finish_reason": "length"}
                if chat:
                    choice["message"] = {"role": "assistant", "content": content}
                else:
                    choice["text"] = content
                self.send_json(200, {"id": rid, "object": "chat.completion" if chat else "text_completion", "created": created, "model": MODEL_ID, "choices": [choice], "usage": usage})
                return
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.send_header("Cache-Control", "no-cache")
            self.send_header("Transfer-Encoding", "chunked")
            self.end_headers()

            def event(payload):
                data = b"data: " + (payload if isinstance(payload, bytes) else json.dumps(payload).encode()) + b"\n\n"
                self.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))

            def chunk(delta_text, finish):
                if chat:
                    c = {"index": 0, "delta": {"content": delta_text}, "finish_reason": finish}
                else:
                    c = {"index": 0, "text": delta_text, "finish_reason": finish}
                return {"id": rid, "object": obj, "created": created, "model": MODEL_ID, "choices": [c]}

            if chat:
                event({"id": rid, "object": obj, "created": created, "model": MODEL_ID, "choices": [{"index": 0, "delta": {"role": "assistant", "content": ""}, "finish_reason": None}]})
            while True:
                tok, last = req.out.get()
                event(chunk(word(tok), "length" if last else None))
                if last:
                    break
            if (body.get("stream_options") or {}).get("include_usage"):
                event({"id": rid, "object": obj, "created": created, "model": MODEL_ID, "choices": [], "usage": usage})
            event(b"[DONE]")
            self.wfile.write(b"0\r\n\r\n")
        except (BrokenPipeError, ConnectionResetError):
            req.cancelled = True
            self.close_connection = True


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--host", default="127.0.0.1")
    ap.add_argument("--port", type=int, default=8001)
    ap.add_argument("--slots", type=int, default=4, help="sequences decoded together (batch); more wait FIFO")
    ap.add_argument("--layers", type=int, default=32)
    ap.add_argument("--dim", type=int, default=8192)
    ap.add_argument("--ffn", type=int, default=28672)
    ap.add_argument("--vocab", type=int, default=32000)
    ap.add_argument("--step-sleep-ms", type=float, default=0.0, help="added after every decode step (a throttled decode)")
    ap.add_argument("--backend", choices=["torch", "sleep"], default="torch")
    ap.add_argument("--device", default="cuda")
    ap.add_argument("--step-ms", type=float, default=8.0, help="sleep backend: one step's time")
    ap.add_argument("--prompt-us", type=float, default=20.0, help="sleep backend: prefill time per prompt token")
    a = ap.parse_args()
    t0 = time.perf_counter()
    if a.backend == "torch":
        model = TorchModel(a.layers, a.dim, a.ffn, a.vocab, a.device)
        model.step([1] * a.slots)  # load the kernels before the first request
        model.prefill(list(range(64)))
        desc = f"torch {model.torch.__version__} {a.device} layers={a.layers} dim={a.dim} ffn={a.ffn} weights={model.weight_bytes / 1e9:.1f}GB"
    else:
        model = SleepModel(a.step_ms, a.prompt_us, a.vocab)
        desc = f"sleep step={a.step_ms}ms"
    sched = Scheduler(model, a.slots, a.step_sleep_ms / 1000)
    sched.start()
    srv = ThreadingHTTPServer((a.host, a.port), Handler)
    srv.daemon_threads = True
    srv.model = model
    srv.scheduler = sched
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    print(f"ready: http://{a.host}:{srv.server_address[1]} model={MODEL_ID} slots={a.slots} step_sleep_ms={a.step_sleep_ms} {desc} load={time.perf_counter() - t0:.2f}s", flush=True)
    try:
        srv.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        print(f"stopped: steps={sched.steps} tokens={sched.tokens}", flush=True)


if __name__ == "__main__":
    sys.exit(main())
