// End-to-end test of `engram-cli mcp` with the official MCP TypeScript SDK client:
// spawn the server over stdio on a temporary vault, initialize, list the eight
// tools, call each one, and check every answer against the vault's files.
//
//   node e2e.mjs /path/to/engram-cli
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { LoggingMessageNotificationSchema, McpError } from '@modelcontextprotocol/sdk/types.js';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const cli = process.argv[2] && path.resolve(process.argv[2]);
if (!cli || !fs.existsSync(cli)) {
  console.error('usage: node e2e.mjs /path/to/engram-cli');
  process.exit(2);
}

const root = fs.mkdtempSync(path.join(os.tmpdir(), 'engram-mcp-e2e-'));
const vault = path.join(root, 'vault');
const workdir = path.join(root, 'cwd'); // the server's working directory: must stay empty
fs.mkdirSync(workdir, { recursive: true });

function write(relative, text) {
  const file = path.join(vault, relative);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
}
const read = (relative) => fs.readFileSync(path.join(vault, relative), 'utf8');
const exists = (relative) => fs.existsSync(path.join(vault, relative));
/** Lines start..end (1-based, inclusive) of a vault file, as the server cites them. */
const lines = (relative, start, end) => read(relative).split('\n').slice(start - 1, end).join('\n');
// Where a memory of a tool's answer is cited: its `source`, path:start-end (the only place a model's default
// answer gives it; explain: true adds path, start_line and end_line).
const cited = (m) => {
  const [, file, start, end] = /^(.*):(\d+)-(\d+)$/.exec(m.source);
  return { path: file, start: Number(start), end: Number(end) };
};

const yesterday = new Date(Date.now() - 86400000).toISOString().slice(0, 10);
write('memories/semantic/storage-postgres.md',
  '---\ntitle: Store the index in Postgres\ncategory: decision\ncreated: 2026-01-10\n---\n' +
  'We decided to keep the memory index in a Postgres server so several machines can share it.\n');
write('memories/semantic/storage-sqlite.md',
  '---\ntitle: Store the index in SQLite\ncategory: decision\ncreated: 2026-03-02\n' +
  'supersedes: memories/semantic/storage-postgres.md\n---\n' +
  'We decided to move the memory index to embedded SQLite with FTS5: a desktop app must not need a database server.\n');
write('notes/indexing.md',
  '# Indexing\n\nThe indexer chunks notes by heading and paragraph and embeds every chunk.\n\n' +
  'Should the indexer skip files larger than eight megabytes?\n');
write('memories/prospective/release.md',
  `---\ntitle: Ship the release notes\nstore: prospective\ncategory: goal\ndue: ${yesterday}\n---\n` +
  'Write and publish the release notes for version one.\n');
const nextMonth = new Date(Date.now() + 30 * 86400000).toISOString().slice(0, 10);
write('memories/prospective/conference.md',
  `---\ntitle: Submit the conference talk\nstore: prospective\ncategory: goal\ndue: ${nextMonth}\n---\n` +
  'Submit the talk about agent memory to the conference.\n');
write('state/cognitive.json', JSON.stringify({
  focus: { current: 'shipping the MCP server', priorities: ['end-to-end test', 'README'], lastUpdated: new Date().toISOString() },
  heuristics: [{ text: 'run the tests before every commit', source: 'person', useCount: 3, lastUsed: new Date().toISOString() }],
  learnings: [], avoidances: ['editing generated files'],
  engagement: { meaningfulInteractions: 1, totalInteractions: 2, lastMeaningfulAt: new Date().toISOString() },
}, null, 2));

const transport = new StdioClientTransport({
  command: cli,
  args: ['mcp', '--vault', vault],
  cwd: workdir,
  env: { ...process.env, HOME: root },
  stderr: 'pipe',
});
let serverErr = '';
transport.stderr?.on('data', (d) => { serverErr += d; });
const client = new Client({ name: 'engram-e2e', version: '1.0.0' }, { capabilities: {} });
const logs = [];
client.setNotificationHandler(LoggingMessageNotificationSchema, (n) => logs.push(n.params));

let step = 'connect';
const checks = [];
function ok(what) { checks.push(what); console.log(`ok ${checks.length} - ${what}`); }

async function call(name, args) {
  const result = await client.callTool({ name, arguments: args });
  assert.notEqual(result.isError, true, `${name} failed: ${JSON.stringify(result.content)}`);
  assert.equal(result.content[0].type, 'text');
  assert.ok(result.content[0].text.length > 0, `${name}: readable text result`);
  assert.ok(result.structuredContent, `${name}: structuredContent`);
  return result;
}

async function expectRpcError(promise, code, what) {
  try {
    await promise;
  } catch (e) {
    assert.ok(e instanceof McpError, `${what}: McpError, got ${e}`);
    assert.equal(e.code, code, `${what}: code ${e.code} (${e.message})`);
    return e;
  }
  assert.fail(`${what}: expected a JSON-RPC error ${code}`);
}

try {
  await client.connect(transport);
  // The SDK asks for its newest revision; the server answers with 2025-06-18, which the SDK accepts.
  assert.equal(client.getServerVersion().name, 'engram');
  assert.ok(client.getServerCapabilities().tools, 'tools capability');
  assert.ok(client.getServerCapabilities().logging, 'logging capability');
  assert.match(client.getInstructions() ?? '', /recall/);
  ok('initialize: serverInfo, tools and logging capabilities, instructions');

  step = 'ping';
  assert.deepEqual(await client.ping(), {});
  await client.setLoggingLevel('debug');
  ok('ping and logging/setLevel');

  step = 'tools/list';
  const { tools } = await client.listTools();
  const names = tools.map((t) => t.name).sort();
  assert.deepEqual(names, ['checkpoint', 'forget', 'recall', 'remember', 'review', 'stats', 'wake', 'what_do_i_know', 'why_did_we']);
  for (const t of tools) {
    assert.equal(t.inputSchema.type, 'object', `${t.name} inputSchema`);
    assert.equal(t.outputSchema?.type, 'object', `${t.name} outputSchema`);
    assert.ok(t.description.length > 20, `${t.name} description`);
  }
  ok('tools/list: the eight tools, each with input and output schemas');

  step = 'stats';
  const mdFiles = ['memories/semantic/storage-postgres.md', 'memories/semantic/storage-sqlite.md', 'notes/indexing.md',
    'memories/prospective/release.md', 'memories/prospective/conference.md'];
  let r = await call('stats', {});
  assert.ok(r.structuredContent.files >= mdFiles.length, `stats.files ${r.structuredContent.files}`);
  assert.equal(r.structuredContent.vectors, r.structuredContent.chunks, 'one vector per chunk');
  assert.equal(r.structuredContent.vault, fs.realpathSync(vault));
  assert.ok(logs.some((l) => /re-indexed/.test(String(l.data))), 'a log notification about the first re-index');
  ok(`stats: ${r.structuredContent.files} files, ${r.structuredContent.chunks} chunks (the server indexed the vault itself)`);

  step = 'recall';
  r = await call('recall', { query: 'embedded SQLite database server', k: 3 });
  let top = r.structuredContent.results[0];
  assert.equal(cited(top).path, 'memories/semantic/storage-sqlite.md');
  assert.equal(top.text, lines(cited(top).path, cited(top).start, cited(top).end), 'result text = the cited lines of the file');
  assert.match(r.content[0].text, /storage-sqlite\.md/);
  ok('recall: the SQLite decision first, citing the right lines of its file');

  step = 'what_do_i_know';
  r = await call('what_do_i_know', { topic: 'indexer files chunks' });
  assert.ok(r.structuredContent.matches >= 1);
  assert.ok(r.structuredContent.open_questions.some((q) => q.text === 'Should the indexer skip files larger than eight megabytes?'
    && read('notes/indexing.md').includes(q.text)), JSON.stringify(r.structuredContent.open_questions));
  ok('what_do_i_know: counts, strongest memories and the open question from notes/indexing.md');

  step = 'why_did_we';
  r = await call('why_did_we', { question: 'why did we choose SQLite for the memory index' });
  const decisions = r.structuredContent.decisions;
  const current = decisions.find((d) => cited(d).path === 'memories/semantic/storage-sqlite.md');
  assert.ok(current, JSON.stringify(decisions.map((d) => d.source)));
  assert.equal(current.status, 'current');
  assert.deepEqual(current.chain, ['memories/semantic/storage-postgres.md', 'memories/semantic/storage-sqlite.md']);
  assert.match(read(current.chain[1]), new RegExp(`supersedes: ${current.chain[0]}`), 'the chain follows the front matter');
  ok('why_did_we: the decision, its supersession chain Postgres → SQLite, status current');

  step = 'remember';
  r = await call('remember', {
    content: 'Lesson: the MCP server must write protocol messages only to stdout; diagnostics go to stderr.',
    title: 'MCP stdout is for protocol only', category: 'lesson', tags: ['mcp'], confidence: 0.9,
  });
  const remembered = r.structuredContent.path;
  assert.ok(exists(remembered), `remember created ${remembered}`);
  assert.match(read(remembered), /diagnostics go to stderr/);
  r = await call('recall', { query: 'protocol messages stdout diagnostics stderr', k: 3 });
  assert.equal(cited(r.structuredContent.results[0]).path, remembered, 'the new memory is recalled at once');
  ok(`remember: wrote ${remembered}, recalled right away`);

  step = 'forget';
  r = await call('forget', { path: remembered });
  assert.equal(r.structuredContent.action, 'archived');
  assert.ok(!exists(remembered) || /archived: true/.test(read(remembered)), 'forget archived the file');
  if (r.structuredContent.archived_path)
    assert.ok(exists(r.structuredContent.archived_path), 'the archived copy exists');
  r = await call('recall', { query: 'protocol messages stdout diagnostics stderr', k: 3 });
  assert.ok(!r.structuredContent.results.some((m) => cited(m).path === remembered), 'a forgotten memory leaves recall');
  ok('forget: the memory is archived and leaves recall');

  step = 'checkpoint';
  r = await call('checkpoint', {
    summary: 'Wired the MCP server into engram-cli and tested it with the SDK client.',
    decisions: ['newline-delimited JSON-RPC on stdio'], open_questions: ['Do we need an HTTP transport?'],
    next_steps: ['write the README section'],
  });
  const note = r.structuredContent.path;
  assert.match(note, /^sessions\/\d{4}-\d{2}-\d{2}\/checkpoint-\d{6}(-\d+)?\.md$/);
  assert.match(read(note), /Wired the MCP server/);
  assert.match(read(note), /- Do we need an HTTP transport\?/);
  ok(`checkpoint: wrote ${note}`);

  step = 'wake';
  r = await call('wake', { budget: 300 });
  const wake = r.structuredContent;
  assert.equal(wake.focus.current, JSON.parse(read('state/cognitive.json')).focus.current);
  assert.match(wake.preamble, /shipping the MCP server/);
  assert.ok(wake.prospective_due.some((m) => cited(m).path === 'memories/prospective/release.md'), 'the due goal');
  assert.ok(!wake.prospective_due.some((m) => cited(m).path === 'memories/prospective/conference.md'), 'not the goal due next month');
  assert.ok(wake.open_decisions.some((m) => cited(m).path === 'memories/semantic/storage-sqlite.md'), 'the current decision');
  assert.ok(!wake.open_decisions.some((m) => cited(m).path === 'memories/semantic/storage-postgres.md'), 'not the superseded one');
  ok('wake: preamble and focus from state/cognitive.json, the goal due (not the one due next month), the open decision');

  step = 'external edit';
  write('notes/indexing.md', read('notes/indexing.md') + '\nThe watcher re-indexes a changed file within a second.\n');
  await new Promise((resolve) => setTimeout(resolve, 1100));
  r = await call('recall', { query: 'watcher re-indexes changed file within a second', k: 3 });
  assert.equal(cited(r.structuredContent.results[0]).path, 'notes/indexing.md');
  ok('a file edited on disk is re-indexed before the next answer');

  step = 'a second process on the same vault';
  // Another writer (here the CLI; the workbench behaves alike) indexes while the server answers calls.
  const other = new Promise((resolve, reject) => execFile(cli,
    ['remember', '--vault', vault, '--json', '--category', 'fact', '--title', 'Two writers',
      'The workbench and the MCP server share one vault: SQLite waits for the lock, the journal only appends.'],
    { cwd: workdir, env: { ...process.env, HOME: root } },
    (error, stdout, stderr) => (error ? reject(new Error(`${error.message}: ${stderr}`)) : resolve(JSON.parse(stdout).path))));
  const during = [];
  for (let i = 0; i < 5; i++)
    during.push(call('recall', { query: 'SQLite index decision', k: 2 }));
  const [otherPath] = await Promise.all([other, Promise.all(during)]);
  assert.ok(exists(otherPath), `the other process wrote ${otherPath}`);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  r = await call('recall', { query: 'two writers share one vault lock journal appends', k: 3 });
  assert.equal(cited(r.structuredContent.results[0]).path, otherPath);
  r = await call('stats', {});
  assert.equal(r.structuredContent.vectors, r.structuredContent.chunks, 'the server reloaded the vectors the other process added');
  ok('a second process writing the same vault: calls keep working, its memory is recalled, vectors stay in step');

  step = 'bad input';
  await expectRpcError(client.callTool({ name: 'recall', arguments: { query: 'x', k: 'ten' } }), -32602, 'wrong type');
  await expectRpcError(client.callTool({ name: 'no_such_tool', arguments: {} }), -32602, 'unknown tool');
  r = await client.callTool({ name: 'forget', arguments: { path: 'notes/does-not-exist.md' } });
  assert.equal(r.isError, true, 'a tool failure is a result with isError');
  assert.deepEqual(await client.ping(), {}, 'still answering after bad input');
  ok('bad arguments and unknown tools are JSON-RPC errors; tool failures are isError results; the server keeps running');

  step = 'nothing outside the vault';
  assert.deepEqual(fs.readdirSync(workdir), []);
  assert.deepEqual(fs.readdirSync(root).sort(), ['cwd', 'vault']);
  ok('nothing was written outside the vault');
} catch (e) {
  console.error(`not ok - ${step}: ${e.stack ?? e}`);
  if (serverErr) console.error(`server stderr:\n${serverErr}`);
  process.exitCode = 1;
} finally {
  await client.close().catch(() => {});
  fs.rmSync(root, { recursive: true, force: true });
}
if (!process.exitCode)
  console.log(`# ${checks.length} checks passed`);
