# A stand-in "engram" MCP server over stdio: one tool, recall, answering with text and structuredContent.
import json, sys
for line in sys.stdin:
    m = json.loads(line)
    mid = m.get('id'); meth = m.get('method')
    if mid is None: continue
    if meth == 'initialize':
        r = {"protocolVersion": m['params'].get('protocolVersion', '2025-06-18'), "capabilities": {"tools": {}}, "serverInfo": {"name": "engram", "version": "0.1"}}
    elif meth == 'tools/list':
        r = {"tools": [{"name": "recall", "description": "Recall memories", "inputSchema": {"type": "object", "properties": {"query": {"type": "string"}}, "required": ["query"]}}]}
    elif meth == 'tools/call':
        text = "1. SQLite FTS5 plus hnswlib — decisions.md:4 (2026-11-18, semantic)\nKeyword and vector candidates are fused; BM25 alone missed paraphrases."
        r = {"content": [{"type": "text", "text": text}], "structuredContent": {"results": [{"title": "SQLite FTS5 plus hnswlib", "citation": "decisions.md:4", "text": "Keyword and vector candidates are fused; BM25 alone missed paraphrases."}]}}
    else:
        r = {}
    sys.stdout.write(json.dumps({"jsonrpc": "2.0", "id": mid, "result": r}) + "\n"); sys.stdout.flush()
