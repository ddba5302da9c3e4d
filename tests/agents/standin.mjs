// A loopback stand-in for the Anthropic Messages API and the OpenAI Responses API (issue 28): the
// real Claude Code and Codex clients talk to it as to their model. It listens on 127.0.0.1 only,
// logs every request body it receives (one JSON line each: the path and the body) and answers from
// a script: a session's model calls the script's tools one after another — call i when the request
// already holds i tool results — then ends its turn with a line of text. Requests without tools
// (a client's side requests: titles, summaries) get a short text. Both wire formats stream (SSE)
// when the client asks for it.
import http from 'node:http';
import fs from 'node:fs';

function sse(res, events) {
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'close' });
  for (const [event, data] of events) res.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  res.end();
}

// The tool a script names ("recall") as the client declares it: Claude Code says mcp__engram__recall,
// Codex its own qualified form; the name the request lists that ends with it.
function declaredName(toolNames, tool) {
  return toolNames.find((n) => n === tool || n.endsWith(`__${tool}`) || n.endsWith(`.${tool}`) || n.endsWith(`-${tool}`));
}

// ---- Anthropic Messages ----
function anthropicToolResults(body) {
  let n = 0;
  for (const m of body.messages ?? [])
    if (Array.isArray(m.content)) for (const c of m.content) if (c.type === 'tool_result') ++n;
  return n;
}

function anthropicAnswer(body, script, state) {
  const tools = (body.tools ?? []).map((t) => t.name).filter(Boolean);
  const done = anthropicToolResults(body);
  const call = tools.length && done < script.calls.length ? script.calls[done] : null;
  const name = call && declaredName(tools, call.tool);
  if (call && !name) state.problems.push(`the client declares no tool for "${call.tool}" (it lists ${tools.join(', ')})`);
  const id = `msg_standin_${++state.counter}`;
  const usage = { input_tokens: 10, output_tokens: 5, cache_creation_input_tokens: 0, cache_read_input_tokens: 0 };
  const block = name
    ? { type: 'tool_use', id: `toolu_standin_${done + 1}`, name, input: call.arguments }
    : { type: 'text', text: tools.length ? script.finalText : 'Stand-in.' };
  const stop = name ? 'tool_use' : 'end_turn';
  if (!body.stream)
    return { json: { id, type: 'message', role: 'assistant', model: body.model, content: [block], stop_reason: stop, stop_sequence: null, usage } };
  const start = name ? { ...block, input: {} } : { type: 'text', text: '' };
  const delta = name
    ? { type: 'input_json_delta', partial_json: JSON.stringify(call.arguments) }
    : { type: 'text_delta', text: block.text };
  return {
    sse: [
      ['message_start', { type: 'message_start', message: { id, type: 'message', role: 'assistant', model: body.model, content: [], stop_reason: null, stop_sequence: null, usage } }],
      ['content_block_start', { type: 'content_block_start', index: 0, content_block: start }],
      ['content_block_delta', { type: 'content_block_delta', index: 0, delta }],
      ['content_block_stop', { type: 'content_block_stop', index: 0 }],
      ['message_delta', { type: 'message_delta', delta: { stop_reason: stop, stop_sequence: null }, usage: { output_tokens: 5 } }],
      ['message_stop', { type: 'message_stop' }],
    ],
  };
}

// ---- OpenAI Responses ----
// Codex declares an MCP server's tools as one namespace ({type: "namespace", name: "mcp__engram", tools: […]})
// and expects a call to name the tool and its namespace apart.
function responsesTools(body) {
  const tools = [];
  for (const t of body.tools ?? []) {
    if (t.type === 'namespace') for (const inner of t.tools ?? []) tools.push({ qualified: `${t.name}__${inner.name}`, name: inner.name, namespace: t.name });
    else if (t.name) tools.push({ qualified: t.name, name: t.name });
  }
  return tools;
}

function responsesAnswer(body, script, state) {
  const declared = responsesTools(body);
  const tools = declared.map((t) => t.qualified);
  const input = Array.isArray(body.input) ? body.input : [];
  const done = input.filter((i) => i.type === 'function_call_output' || i.type === 'custom_tool_call_output').length;
  const call = tools.length && done < script.calls.length ? script.calls[done] : null;
  const name = call && declaredName(tools, call.tool);
  if (call && !name) state.problems.push(`the client declares no tool for "${call.tool}" (it lists ${tools.join(', ')})`);
  const id = `resp_standin_${++state.counter}`;
  const tool = name && declared.find((t) => t.qualified === name);
  const item = name
    ? { type: 'function_call', id: `fc_standin_${state.counter}`, call_id: `call_standin_${done + 1}`, name: tool.name,
        ...(tool.namespace ? { namespace: tool.namespace } : {}), arguments: JSON.stringify(call.arguments), status: 'completed' }
    : { type: 'message', id: `msg_standin_${state.counter}`, role: 'assistant', status: 'completed',
        content: [{ type: 'output_text', text: tools.length ? script.finalText : 'Stand-in.', annotations: [] }] };
  const usage = { input_tokens: 10, input_tokens_details: { cached_tokens: 0 }, output_tokens: 5, output_tokens_details: { reasoning_tokens: 0 }, total_tokens: 15 };
  const response = { id, object: 'response', created_at: Math.floor(Date.now() / 1000), status: 'completed', model: body.model, output: [item], usage };
  if (!body.stream) return { json: response };
  return {
    sse: [
      ['response.created', { type: 'response.created', response: { ...response, status: 'in_progress', output: [] } }],
      ['response.output_item.added', { type: 'response.output_item.added', output_index: 0, item }],
      ['response.output_item.done', { type: 'response.output_item.done', output_index: 0, item }],
      ['response.completed', { type: 'response.completed', response }],
    ],
  };
}

/// Starts the stand-in; resolves to { port, url, setScript(script), problems, close() }. `logFile` gets
/// one line per request: {"path": …, "body": …}.
export function startStandIn(logFile) {
  const state = { counter: 0, problems: [], script: { calls: [], finalText: 'Done.' } };
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const raw = Buffer.concat(chunks).toString('utf8');
      let body = null;
      try { body = raw ? JSON.parse(raw) : null; } catch { body = { unparsed: raw }; }
      fs.appendFileSync(logFile, JSON.stringify({ method: req.method, path: req.url, body }) + '\n');
      const path = req.url.split('?')[0];
      let answer;
      if (req.method === 'POST' && path.endsWith('/messages') && body) answer = anthropicAnswer(body, state.script, state);
      else if (req.method === 'POST' && path.endsWith('/responses') && body) answer = responsesAnswer(body, state.script, state);
      else if (path.endsWith('/models')) answer = { json: { object: 'list', data: [], models: [] } };
      else answer = { status: 404, json: { error: { type: 'not_found', message: `the stand-in does not serve ${req.method} ${path}` } } };
      if (answer.sse) return sse(res, answer.sse);
      res.writeHead(answer.status ?? 200, { 'content-type': 'application/json' });
      res.end(JSON.stringify(answer.json));
    });
  });
  return new Promise((resolve, reject) => {
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      resolve({
        port,
        url: `http://127.0.0.1:${port}`,
        problems: state.problems,
        setScript(script) { state.script = { finalText: 'Done.', ...script }; },
        close() { server.closeAllConnections?.(); return new Promise((r) => server.close(() => r())); },
      });
    });
  });
}
