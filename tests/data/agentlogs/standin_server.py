# Loopback stand-in for the Anthropic Messages API and the OpenAI Responses API (streaming), logging each request.
import json, sys, http.server, itertools
LOG = open('/tmp/standin/requests.log', 'a')
counter = itertools.count()
def sse(h, event, data):
    h.wfile.write(f"event: {event}\ndata: {json.dumps(data)}\n\n".encode()); h.wfile.flush()
class H(http.server.BaseHTTPRequestHandler):
    protocol_version = 'HTTP/1.1'
    def log_message(self, *a): pass
    def do_GET(self):
        LOG.write(f"GET {self.path}\n"); LOG.flush()
        body = json.dumps({"data": [], "models": []}).encode()
        self.send_response(200); self.send_header('content-type', 'application/json'); self.send_header('content-length', str(len(body))); self.end_headers(); self.wfile.write(body)
    def do_POST(self):
        n = int(self.headers.get('content-length', 0)); raw = self.rfile.read(n)
        try: req = json.loads(raw)
        except Exception: req = {}
        LOG.write(f"POST {self.path} {raw[:400000].decode(errors='replace')}\n"); LOG.flush()
        if '/messages' in self.path and 'count_tokens' in self.path:
            body = b'{"input_tokens": 10}'
            self.send_response(200); self.send_header('content-type','application/json'); self.send_header('content-length',str(len(body))); self.end_headers(); self.wfile.write(body); return
        self.send_response(200); self.send_header('content-type', 'text/event-stream'); self.send_header('cache-control','no-cache'); self.send_header('connection','close'); self.end_headers()
        k = next(counter)
        if '/messages' in self.path:
            text = "Noted: the index uses SQLite FTS5 plus hnswlib."
            tools = [t.get('name') for t in req.get('tools', [])]
            msgs = json.dumps(req.get('messages', []))
            if 'mcp__engram__recall' in tools and 'tool_result' not in msgs:
                sse(self, 'message_start', {"type":"message_start","message":{"id":f"msg_{k}","type":"message","role":"assistant","model":req.get('model','claude'),"content":[],"stop_reason":None,"stop_sequence":None,"usage":{"input_tokens":12,"output_tokens":1}}})
                sse(self, 'content_block_start', {"type":"content_block_start","index":0,"content_block":{"type":"tool_use","id":f"toolu_0{k}","name":"mcp__engram__recall","input":{}}})
                sse(self, 'content_block_delta', {"type":"content_block_delta","index":0,"delta":{"type":"input_json_delta","partial_json":"{\"query\": \"index decision\"}"}})
                sse(self, 'content_block_stop', {"type":"content_block_stop","index":0})
                sse(self, 'message_delta', {"type":"message_delta","delta":{"stop_reason":"tool_use","stop_sequence":None},"usage":{"output_tokens":9}})
                sse(self, 'message_stop', {"type":"message_stop"})
                self.close_connection = True
                return
            sse(self, 'message_start', {"type":"message_start","message":{"id":f"msg_{k}","type":"message","role":"assistant","model":req.get('model','claude'),"content":[],"stop_reason":None,"stop_sequence":None,"usage":{"input_tokens":12,"output_tokens":1}}})
            sse(self, 'content_block_start', {"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}})
            sse(self, 'content_block_delta', {"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":text}})
            sse(self, 'content_block_stop', {"type":"content_block_stop","index":0})
            sse(self, 'message_delta', {"type":"message_delta","delta":{"stop_reason":"end_turn","stop_sequence":None},"usage":{"output_tokens":9}})
            sse(self, 'message_stop', {"type":"message_stop"})
        else:
            text = "Noted: the index uses SQLite FTS5 plus hnswlib."
            rid = f"resp_{k}"
            names = [t.get('name') for t in req.get('tools', [])]
            inputs = json.dumps(req.get('input', []))
            recall = 'recall' if 'mcp__engram' in names else None
            if recall and 'function_call_output' not in inputs:
                fc = {"type":"function_call","id":f"fc_{k}","call_id":f"call_{k}","name":recall,"namespace":"mcp__engram","arguments":"{\"query\": \"index decision\"}","status":"completed"}
                sse(self, 'response.created', {"type":"response.created","response":{"id":rid,"status":"in_progress","output":[]}})
                sse(self, 'response.output_item.done', {"type":"response.output_item.done","output_index":0,"item":fc})
                sse(self, 'response.completed', {"type":"response.completed","response":{"id":rid,"status":"completed","output":[fc],"usage":{"input_tokens":20,"input_tokens_details":{"cached_tokens":0},"output_tokens":9,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":29}}})
                self.close_connection = True
                return
            item = {"type":"message","id":f"msg_{k}","role":"assistant","status":"completed","content":[{"type":"output_text","text":text,"annotations":[]}]}
            sse(self, 'response.created', {"type":"response.created","response":{"id":rid,"status":"in_progress","output":[]}})
            sse(self, 'response.output_item.added', {"type":"response.output_item.added","output_index":0,"item":dict(item, status="in_progress", content=[])})
            sse(self, 'response.output_text.delta', {"type":"response.output_text.delta","item_id":item["id"],"output_index":0,"content_index":0,"delta":text})
            sse(self, 'response.output_item.done', {"type":"response.output_item.done","output_index":0,"item":item})
            sse(self, 'response.completed', {"type":"response.completed","response":{"id":rid,"status":"completed","output":[item],"usage":{"input_tokens":20,"input_tokens_details":{"cached_tokens":0},"output_tokens":9,"output_tokens_details":{"reasoning_tokens":0},"total_tokens":29}}})
        self.close_connection = True
http.server.ThreadingHTTPServer(('127.0.0.1', int(sys.argv[1])), H).serve_forever()
