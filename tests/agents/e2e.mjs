// Real agents in the loop (issue 28): Claude Code and Codex, installed from npm, each run whole
// sessions against the loopback stand-in for its model API (standin.mjs), with Engram connected:
//   engram-cli connect → session 1 (the model calls every Engram tool in turn) → the SessionStart
//   pack in the model's first request (Claude Code) → each tool's result as the client hands it to
//   the model in the next request → the session captured into sessions/ → session 2, whose start
//   pack (Claude Code) or wake (Codex) shows what session 1 remembered → connect --remove.
// What the model received from each tool is compared with tests/data/golden/agents/<client>/<tool>.txt
// (normalised: the run's folder, today's timestamps and the scores, which follow the clock); with
// ENGRAM_REGEN_GOLDEN=1 the files are written instead. A summary of the characters each tool cost
// goes to stdout and to received-<client>.json in the work folder.
//   node e2e.mjs ENGRAM_CLI SAMPLE_VAULT GOLDEN_DIR [claude|codex]
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { startStandIn } from './standin.mjs';

const [cli, sampleVault, goldenDir, only] = process.argv.slice(2);
if (!cli || !sampleVault || !goldenDir) {
  console.error('usage: node e2e.mjs ENGRAM_CLI SAMPLE_VAULT GOLDEN_DIR [claude|codex]');
  process.exit(2);
}
const regen = process.env.ENGRAM_REGEN_GOLDEN === '1';
const workDir = process.cwd();
const bin = (name) => path.join(workDir, 'node_modules', '.bin', name);
const failures = [];
const fail = (message) => { failures.push(message); console.error(`FAIL: ${message}`); };
const check = (ok, message) => { if (!ok) fail(message); return ok; };

const remembered = 'We decided that the release train leaves on Thursdays; the Engram e2e remembered it.';
const calls = [
  { tool: 'recall', arguments: { query: 'why did we pick SQLite for the index', k: 3 } },
  { tool: 'wake', arguments: {} },
  { tool: 'why_did_we', arguments: { question: 'SQLite FTS5 plus hnswlib' } },
  { tool: 'what_do_i_know', arguments: { topic: 'workbench views', k: 5 } },
  { tool: 'stats', arguments: {} },
  { tool: 'remember', arguments: { content: remembered, title: 'Release train day', category: 'decision' } },
  { tool: 'checkpoint', arguments: { summary: 'Checked the storage decision with the e2e stand-in.', title: 'E2E checkpoint' } },
  { tool: 'forget', arguments: { path: 'notes/projects/decisions.md' } },
];

// Runs a program to its end within `seconds`, in a process group of its own: what it leaves running (a
// notify program still capturing, an MCP server) is killed with the group at the end of the client's run.
const groups = [];
function killGroups() {
  for (const pid of groups.splice(0)) try { process.kill(-pid, 'SIGKILL'); } catch {}
}
function run(cmd, args, { env, cwd, input, seconds = 45 }) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { env, cwd, detached: true, stdio: ['pipe', 'pipe', 'pipe'] });
    groups.push(child.pid);
    let stdout = '', stderr = '', timedOut = false;
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => { timedOut = true; try { process.kill(-child.pid, 'SIGKILL'); } catch {} }, seconds * 1000);
    child.on('error', (e) => { clearTimeout(timer); resolve({ code: -1, stdout, stderr: stderr + String(e), timedOut }); });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, timedOut });
    });
    child.stdin.end(input ?? '');
  });
}

function engram(args, env) {
  const r = spawnSync(cli, args, { env, encoding: 'utf8', timeout: 60000 });
  if (r.status !== 0) fail(`engram-cli ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  return r;
}

function copyTree(from, to, mtime) {
  fs.cpSync(from, to, { recursive: true });
  const walk = (dir) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else fs.utimesSync(p, mtime, mtime); // old files: only what a session writes is recent
    }
  };
  walk(to);
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
// Polls `probe` every 200 ms for at most `seconds`; its last answer.
async function within(seconds, probe) {
  for (let waited = 0; ; waited += 200) {
    const answer = probe();
    if (answer || waited >= seconds * 1000) return answer;
    await sleep(200);
  }
}

function listFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { recursive: true }).map(String).filter((p) => fs.statSync(path.join(dir, p)).isFile());
}

function readLog(file) {
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, 'utf8').split('\n').filter(Boolean).map((l) => JSON.parse(l));
}

// ---- What each client hands its model ----
const clients = {
  claude: {
    label: 'Claude Code',
    agent: 'claude-code',
    version: () => spawnSync(bin('claude'), ['--version'], { encoding: 'utf8' }).stdout.trim(),
    // ENABLE_TOOL_SEARCH=false: the MCP tools are declared in the first request, not found by a search tool.
    env: (ctx) => ({ ANTHROPIC_BASE_URL: ctx.standin.url, ANTHROPIC_API_KEY: 'sk-ant-standin', ENABLE_TOOL_SEARCH: 'false',
      DISABLE_AUTOUPDATER: '1', DISABLE_TELEMETRY: '1', CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1' }),
    prepare: () => {},
    // --allowedTools rather than --dangerously-skip-permissions, which Claude Code refuses as root (CI containers).
    session: (prompt) => [bin('claude'), ['-p', prompt, '--allowedTools', 'mcp__engram']],
    mainRequests: (log) => log.filter((r) => r.path.startsWith('/v1/messages') && r.body?.tools?.length),
    // What the first request shows the model before any tool ran: the system prompt and the messages (the
    // SessionStart hook's context travels as a message of its own: "SessionStart hook additional context: …").
    firstContext: (req) => JSON.stringify(req.body.messages ?? []) + JSON.stringify(req.body.system ?? ''),
    received: (req, i) => {
      for (const m of req.body.messages ?? [])
        for (const c of Array.isArray(m.content) ? m.content : [])
          if (c.type === 'tool_result' && c.tool_use_id === `toolu_standin_${i + 1}`)
            return typeof c.content === 'string' ? c.content : c.content.map((b) => b.text ?? JSON.stringify(b)).join('\n');
      return null;
    },
  },
  codex: {
    label: 'Codex',
    agent: 'codex',
    version: () => spawnSync(bin('codex'), ['--version'], { encoding: 'utf8' }).stdout.trim(),
    env: (ctx) => ({ CODEX_HOME: ctx.codexHome, STANDIN_API_KEY: 'sk-standin' }),
    prepare: (ctx) => {
      fs.mkdirSync(ctx.codexHome, { recursive: true });
      fs.writeFileSync(path.join(ctx.codexHome, 'config.toml'),
        '# The e2e model: the loopback stand-in\nmodel = "gpt-standin"\nmodel_provider = "standin"\n\n' +
        '[model_providers.standin]\nname = "Engram stand-in"\n' +
        `base_url = "${ctx.standin.url}/v1"\nwire_api = "responses"\nenv_key = "STANDIN_API_KEY"\n`);
    },
    session: (prompt) => [bin('codex'), ['exec', '--skip-git-repo-check', '--dangerously-bypass-approvals-and-sandbox', prompt]],
    mainRequests: (log) => log.filter((r) => r.path.startsWith('/v1/responses') && r.body?.tools?.length),
    // Codex gives an MCP server's instructions as the description of its tools' namespace.
    firstContext: (req) => JSON.stringify(req.body.input ?? '') + JSON.stringify(req.body.instructions ?? '') +
      JSON.stringify(req.body.tools ?? []),
    received: (req, i) => {
      for (const item of Array.isArray(req.body.input) ? req.body.input : [])
        if (item.type === 'function_call_output' && item.call_id === `call_standin_${i + 1}`) {
          const out = item.output;
          if (typeof out === 'string') return out;
          if (Array.isArray(out)) return out.map((b) => b.text ?? JSON.stringify(b)).join('\n');
          return out?.content ?? JSON.stringify(out);
        }
      return null;
    },
  },
};

// The structured content a client handed over (Codex puts "Wall time: …\nOutput:\n" before it).
function structuredOf(text) {
  try { return JSON.parse(text.slice(text.indexOf('{'))); } catch { return null; }
}

// Rule 8 of DESIGN.md, as received: each memory a tool gives costs at most 1.5 × its cited text + 120
// characters (title, heading trail, citation, date and store included), and nothing unasked rides along
// (no breakdown, no ids); wake stays within its token budget (the preamble's, 500 by default).
const memoryLists = { recall: ['results'], why_did_we: ['decisions'], what_do_i_know: ['strongest'], wake: ['open_decisions', 'prospective_due'] };
function leanEnough(label, tool, text, figures) {
  const data = structuredOf(text);
  if (!check(data, `${label}: ${tool}'s result is not the JSON of its structuredContent: ${text.slice(0, 200)}`)) return;
  const memories = (memoryLists[tool] ?? []).flatMap((key) => data[key] ?? []);
  if (tool === 'recall' || tool === 'why_did_we') check(memories.length > 0, `${label}: ${tool} returned no memory`);
  figures.results = memories.length;
  for (const m of memories) {
    // As received: the object's JSON, escapes included (both clients hand over compact JSON).
    const cost = JSON.stringify(m).length;
    const allowed = 1.5 * (m.text ?? '').length + 120;
    figures.worst = Math.max(figures.worst ?? 0, +(cost / allowed).toFixed(2));
    check(cost <= allowed, `${label}: a memory of ${tool} costs ${cost} characters as received; at most ${Math.floor(allowed)} (1.5 × its ${(m.text ?? '').length} characters of text + 120): ${JSON.stringify(m)}`);
    for (const key of ['breakdown', 'id', 'tokens', 'keyword_rank', 'explicit_tags'])
      check(!(key in m), `${label}: ${tool} gave "${key}" nobody asked for`);
  }
  if (tool === 'wake') check(Math.ceil(text.length / 4) <= 500, `${label}: wake cost ${Math.ceil(text.length / 4)} tokens as received; its budget is 500`);
}

function normalise(text, ctx) {
  const today = new Date().toISOString().slice(0, 10);
  return text
    .split(ctx.root).join('<run>')
    .replace(new RegExp(`${today}[T ][0-9:.]+(Z|[+-][0-9:]+)?`, 'g'), '<now>')
    .replace(new RegExp(today, 'g'), '<today>')
    .replace(/checkpoint-[0-9]{6}/g, 'checkpoint-<time>')
    .replace(/^Wall time: [0-9.]+ seconds/, 'Wall time: <t> seconds') // Codex's prefix
    .replace(/Now: [^\\"]*/g, 'Now: <now>') // the preamble's weekday and part of the day
    .replace(/(\\?"(score|strength|relevance|match)\\?":)-?[0-9.e-]+/g, '$1<n>')
    .replace(/\b0\.[0-9]{1,2}\b(?=\)| ·|\]|,)/g, '<n>');
}

// The order of memories that tie or nearly tie ("strongest" by strength, which decays with the real
// clock) is not what a golden pins: those lists compare as sets; everything else as written.
function orderOfEquals(text) {
  const start = text.indexOf('{');
  if (start < 0) return text;
  let value;
  try { value = JSON.parse(text.slice(start).replace(/<n>/g, '"<n>"')); } catch { return text; }
  if (value && Array.isArray(value.strongest))
    value.strongest = value.strongest.map((m) => JSON.stringify(m)).sort().map((m) => JSON.parse(m));
  return text.slice(0, start) + JSON.stringify(value);
}

async function runClient(name) {
  const c = clients[name];
  const version = c.version();
  if (!check(version, `${c.label} is not installed in ${workDir}/node_modules (npm ci of tests/agents failed?)`)) return null;
  console.log(`== ${c.label} ${version}`);
  const root = fs.mkdtempSync(path.join(workDir, `run-${name}-`));
  const logFile = path.join(root, 'requests.jsonl');
  const standin = await startStandIn(logFile);
  const ctx = { root, standin, codexHome: path.join(root, 'home', '.codex') };
  const home = path.join(root, 'home');
  const vault = path.join(root, 'vault');
  const project = path.join(root, 'project');
  fs.mkdirSync(home, { recursive: true });
  fs.mkdirSync(project, { recursive: true });
  copyTree(sampleVault, vault, new Date('2026-01-05T10:00:00Z'));
  const env = {
    PATH: process.env.PATH, LANG: 'C.UTF-8', TZ: 'UTC', HOME: home, TMPDIR: root, USER: 'engram-e2e', SHELL: '/bin/sh',
    XDG_CONFIG_HOME: path.join(home, '.config'), XDG_DATA_HOME: path.join(home, '.local/share'),
    XDG_CACHE_HOME: path.join(home, '.cache'), XDG_STATE_HOME: path.join(home, '.local/state'),
    ENGRAM_VAULT: vault, ...c.env(ctx),
  };
  for (const k of ['ASAN_OPTIONS', 'UBSAN_OPTIONS', 'LSAN_OPTIONS', 'QT_QPA_PLATFORM']) if (process.env[k]) env[k] = process.env[k];
  c.prepare(ctx);
  const summary = { client: c.label, version, tools: {} };
  try {
    engram(['index', '--vault', vault], env);
    engram(['connect', c.agent, '--vault', vault], env);

    if (name === 'claude') { // the client's own view of the connection
      const list = await run(bin('claude'), ['mcp', 'list'], { env, cwd: project });
      check(/engram\b.*Connected/.test(list.stdout), `claude mcp list does not show engram connected: ${list.stdout}${list.stderr}`);
    }

    // ---- Session 1: every tool, one after the other ----
    standin.setScript({ calls, finalText: 'The stand-in is done.' });
    const before = new Set(listFiles(path.join(vault, 'sessions')));
    const [cmd, args] = c.session('Why did we pick SQLite for the index? Use Engram.');
    const s1 = await run(cmd, args, { env, cwd: project });
    check(!s1.timedOut, `${c.label} session 1 did not end within 45 s`);
    check(s1.code === 0, `${c.label} session 1 exited ${s1.code}: ${s1.stderr.slice(-2000)}`);
    const main1 = c.mainRequests(readLog(logFile));
    if (!check(main1.length > calls.length, `${c.label} sent ${main1.length} model request(s) with tools in session 1, expected ${calls.length + 1} (one per tool result and the first); stand-in problems: ${standin.problems.join('; ')}; stderr: ${s1.stderr.slice(-1500)}`))
      return summary;
    // Claude Code: the SessionStart hook's pack. Codex (no session hook): the MCP server's instructions.
    const first = c.firstContext(main1[0]);
    const opening = name === 'claude' ? '# Engram context' : "Engram is the user's long-term memory";
    check(first.includes(opening), `${c.label}'s first request does not hold "${opening}"`);
    for (let i = 0; i < calls.length; ++i) {
      const tool = calls[i].tool;
      const next = main1.find((r) => c.received(r, i) !== null);
      const text = next && c.received(next, i);
      if (!check(text, `${c.label}: no request after the ${tool} call holds its result`)) continue;
      check(!/"isError"\s*:\s*true|^Error|MCP error/.test(text.slice(0, 200)), `${c.label}: ${tool} failed as the model saw it: ${text.slice(0, 300)}`);
      summary.tools[tool] = { chars: text.length, tokens: Math.ceil(text.length / 4) };
      leanEnough(c.label, tool, text, summary.tools[tool]);
      const golden = path.join(goldenDir, name, `${tool}.txt`);
      const got = normalise(text, ctx) + '\n';
      if (regen) {
        fs.mkdirSync(path.dirname(golden), { recursive: true });
        fs.writeFileSync(golden, got);
      } else if (check(fs.existsSync(golden), `${golden} is missing (scripts/regen-golden.sh writes it)`)) {
        check(orderOfEquals(fs.readFileSync(golden, 'utf8')) === orderOfEquals(got), `${c.label}: what the model received from ${tool} differs from ${golden}:\n${got}`);
      }
    }
    const recallText = c.received(main1.find((r) => c.received(r, 0) !== null), 0) ?? '';
    check(/SQLite FTS5 plus hnswlib/.test(recallText), `${c.label}: the recalled decision does not say it is the SQLite one: ${recallText.slice(0, 400)}`);

    // Codex's notify program may still be capturing when Codex has exited.
    const newSessions = () => listFiles(path.join(vault, 'sessions')).filter((f) => !before.has(f) && !/checkpoint-/.test(f));
    const captured = (await within(15, () => newSessions().length > 0)) ? newSessions() : [];
    check(captured.length > 0, `${c.label}: session 1 was not captured into sessions/ (new files: none)`);
    summary.captured = captured;

    // ---- Session 2: what session 1 left reaches the model at its start ----
    const seen = readLog(logFile).length;
    standin.setScript({ calls: name === 'codex' ? [{ tool: 'wake', arguments: {} }] : [], finalText: 'Second session done.' });
    const [cmd2, args2] = c.session('What do you remember about release days?');
    const s2 = await run(cmd2, args2, { env, cwd: project });
    check(s2.code === 0 && !s2.timedOut, `${c.label} session 2 exited ${s2.code}${s2.timedOut ? ' (timed out)' : ''}: ${s2.stderr.slice(-1500)}`);
    const main2 = c.mainRequests(readLog(logFile).slice(seen));
    if (check(main2.length > 0, `${c.label} sent no model request in session 2`)) {
      const shown = name === 'codex' ? c.received(main2[main2.length - 1], 0) ?? '' : c.firstContext(main2[0]);
      check(shown.includes('release train leaves on Thursdays'),
        `${c.label}: session 2's ${name === 'codex' ? 'wake' : 'start pack'} does not show what session 1 remembered`);
    }

    // ---- connect --remove ----
    engram(['connect', c.agent, '--remove', '--vault', vault], env);
    const configs = name === 'claude' ? [path.join(home, '.claude', 'settings.json'), path.join(home, '.claude.json')]
      : [path.join(ctx.codexHome, 'config.toml')];
    for (const f of configs)
      if (fs.existsSync(f)) check(!fs.readFileSync(f, 'utf8').includes(cli), `${f} still names engram-cli after connect --remove`);
  } finally {
    killGroups();
    await standin.close();
  }
  check(standin.problems.length === 0, `${c.label}: the stand-in saw: ${standin.problems.join('; ')}`);
  fs.writeFileSync(path.join(workDir, `received-${name}.json`), JSON.stringify(summary, null, 2) + '\n');
  console.log(JSON.stringify(summary, null, 2));
  if (failures.length === 0) fs.rmSync(root, { recursive: true, force: true });
  return summary;
}

const started = Date.now();
for (const name of only ? [only] : ['claude', 'codex']) await runClient(name);
console.log(`e2e: ${((Date.now() - started) / 1000).toFixed(1)} s`);
if (failures.length) {
  console.error(`${failures.length} failure(s)`);
  process.exit(1);
}
