#!/usr/bin/env python3
"""A loopback stand-in for the review's llm judge: an OpenAI-compatible chat server that answers from the
planted truth of a bench/hygiene vault.

  python3 bench/hygiene/judge_server.py DIR/planted.json [--port 8411] [--log judge.jsonl]

It speaks POST /v1/chat/completions (the shape engine/core/ChatCall sends) and answers each question the way a
perfect judge would: it finds the two planted texts of one pair in the question (one in the older memory, the
other in the newer, as engine/hygiene/FindingJudge writes them) and says that pair's planted kind —
`duplicate`, `contradiction`, or `distinct` for a hard negative — and `distinct` for every pair that is not
planted. So a run with it measures the pipeline, not a model: what reaches the judge (the candidate pairs) and
whether its verdict comes through unchanged. Every request is logged as one JSON line (the question, the
verdict, the planted id). Python 3 standard library only.
"""
import argparse
import json
import re
import signal
import sys
import threading
from http.server import BaseHTTPRequestHandler, HTTPServer

QUESTION = re.compile(r"Older memory \([^\n]*\):\n(.*)\n\nNewer memory \([^\n]*\):\n(.*)\Z", re.S)


def norm(text):
    return " ".join(text.split()).lower()


class Truth:
    def __init__(self, planted_path):
        with open(planted_path, encoding="utf-8") as f:
            planted = json.load(f)
        self.pairs = [(norm(p["a_text"]), norm(p["b_text"]), p) for p in planted["pairs"]]

    def verdict(self, question):
        """(verdict, reason, planted id or None) for the user message of a judge request."""
        m = QUESTION.search(question)
        older, newer = (norm(m.group(1)), norm(m.group(2))) if m else (norm(question), norm(question))
        for a, b, p in self.pairs:
            if (a in older and b in newer) or (b in older and a in newer):
                kind = p["kind"] if p["kind"] in ("duplicate", "contradiction") else "distinct"
                return kind, "planted %s (%s %s)" % (p.get("id", "?"), p["kind"], p.get("form", "")), p.get("id")
        return "distinct", "not a planted pair", None


def make_handler(truth, log, counts, lock):
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.1"

        def log_message(self, *args):
            pass

        def do_POST(self):
            body = self.rfile.read(int(self.headers.get("Content-Length", 0)))
            if not self.path.rstrip("/").endswith("/chat/completions"):
                return self.answer(404, {"error": {"message": "only /v1/chat/completions is served"}})
            try:
                request = json.loads(body)
                question = request["messages"][-1]["content"]
            except (ValueError, KeyError, IndexError, TypeError):
                return self.answer(400, {"error": {"message": "not a chat completions request"}})
            verdict, reason, planted_id = truth.verdict(question)
            with lock:
                counts[verdict] = counts.get(verdict, 0) + 1
                counts["requests"] = counts.get("requests", 0) + 1
                if log:
                    log.write(json.dumps({"verdict": verdict, "planted": planted_id, "model": request.get("model"),
                                          "question": question}) + "\n")
                    log.flush()
            content = json.dumps({"verdict": verdict, "reason": reason})
            self.answer(200, {"object": "chat.completion", "model": request.get("model", "planted-truth"),
                              "choices": [{"index": 0, "finish_reason": "stop",
                                           "message": {"role": "assistant", "content": content}}]})

        def answer(self, status, payload):
            data = json.dumps(payload).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.send_header("Connection", "close")
            self.end_headers()
            self.wfile.write(data)
            self.close_connection = True

    return Handler


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("planted")
    ap.add_argument("--port", type=int, default=8411)
    ap.add_argument("--log")
    args = ap.parse_args()
    truth = Truth(args.planted)
    log = open(args.log, "a", encoding="utf-8") if args.log else None
    counts, lock = {}, threading.Lock()
    server = HTTPServer(("127.0.0.1", args.port), make_handler(truth, log, counts, lock))
    print("judge_server: %d planted pairs, listening on http://127.0.0.1:%d" % (len(truth.pairs), args.port),
          flush=True)
    # Stopped with kill (SIGTERM; a background job of a script ignores SIGINT) or Ctrl-C: the counts are printed.
    signal.signal(signal.SIGTERM, lambda *_: (_ for _ in ()).throw(KeyboardInterrupt()))
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        print("judge_server: %s" % json.dumps(counts, sort_keys=True), file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
