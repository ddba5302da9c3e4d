<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>VaultIngest</name>
    <message>
        <source>%1: only local files can be dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: folders are not ingested; drop the files inside</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: Engram cannot read this type of file (Markdown, text and JSONL logs are supported)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: already in the vault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: could not be copied into %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dropped text is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::CognitiveStateDocument</name>
    <message>
        <source>no vault is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Move “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Change focus</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::DropIngestFilter</name>
    <message numerus="yes">
        <source>Added %n file(s) to %1</source>
        <translation>
            <numerusform>Added %n file to %1</numerusform>
            <numerusform>Added %n files to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::GraphView</name>
    <message>
        <source>Edges:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Min weight:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Hops:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>all</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>E&amp;xpand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No associations yet.
Edges appear once the dynamics layer links related memories and records which ones are recalled together.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 memories · %3 edges shown · scroll to zoom, double-click a memory to open it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nodes by region: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::HealthDashboard</name>
    <message>
        <source>&amp;Check Again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Everything is healthy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Needs attention: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuild Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-index Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuilding the index…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-indexing…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::HealthModel</name>
    <message>
        <source>OK</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Missing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Details</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::IndexStatus</name>
    <message numerus="yes">
        <source>Indexed %n file(s) in %1 ms</source>
        <translation>
            <numerusform>Indexed %n file in %1 ms</numerusform>
            <numerusform>Indexed %n files in %1 ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, removed %n</source>
        <translation>
            <numerusform>, removed %n</numerusform>
            <numerusform>, removed %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed (see Health)</source>
        <translation>
            <numerusform>, %n failed (see Health)</numerusform>
            <numerusform>, %n failed (see Health)</numerusform>
        </translation>
    </message>
    <message>
        <source>Opening %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open the vault: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · %2 files · %3 memories</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::IndexWorker</name>
    <message numerus="yes">
        <source>Indexing %n file(s)…</source>
        <translation>
            <numerusform>Indexing %n file…</numerusform>
            <numerusform>Indexing %n files…</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing the vault…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rebuilding the index…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MainWindow</name>
    <message>
        <source>Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context &amp;Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;gions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Associations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Consolidation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Health</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Vault…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Find Memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Ask…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Context Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context pack copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Re-index Vault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;build Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Watch Vault for Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Vault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>C&amp;onsolidate Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consolidating…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consolidation failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A consolidation is already running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vault is open</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemoryBrowser</name>
    <message>
        <source>Search titles and paths…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Opening the vault…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vault is open. Use File › Open Vault…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All regions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All stores</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing… memories appear here as soon as they are indexed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This vault holds no memories yet. Drop Markdown or text files onto the window, or write notes in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::MemoryTableModel</name>
    <message>
        <source>No strength data yet: it appears once the dynamics journal records accesses.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Title</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Store</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last access</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n turn(s) · %1</source>
        <translation>
            <numerusform>%n turn · %1</numerusform>
            <numerusform>%n turns · %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
%2
%n turn(s)</source>
        <translation>
            <numerusform>%1
%2
%n turn</numerusform>
            <numerusform>%1
%2
%n turns</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::NoteEditor</name>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the file (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open in &amp;Editor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Reload from Disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save &amp;Anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on disk while you were editing it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Select a memory to see its source.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::PackPanel</name>
    <message numerus="yes">
        <source>%1 of %2 tokens · %n memories included</source>
        <translation>
            <numerusform>%1 of %2 tokens · %n memory included</numerusform>
            <numerusform>%1 of %2 tokens · %n memories included</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n did not fit</source>
        <translation>
            <numerusform> · %n did not fit</numerusform>
            <numerusform> · %n did not fit</numerusform>
        </translation>
    </message>
    <message>
        <source>The task at hand (what the agent is about to do)…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy Pack</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the pack to the clipboard (Ctrl+Shift+C)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>current focus and recent work</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> · copied</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ProposalPanel</name>
    <message>
        <source>Reflection proposals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No reflection proposals yet. They appear here when a reflection runs over recent interactions; accept or reject each one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::RecallPanel</name>
    <message numerus="yes">
        <source>%n result(s) in %1 ms</source>
        <translation>
            <numerusform>%n result in %1 ms</numerusform>
            <numerusform>%n results in %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>Ask your memory a question and press Enter…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>top </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Recall</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signals: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recalling…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 × %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;%1:%2-%3&lt;/b&gt; — score %4 = %5</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the source file is gone; re-index to drop this memory)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::RecallResultsModel</name>
    <message>
        <source>#</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Score</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Signals</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Source</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Region</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Text</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::RegionMapView</name>
    <message numerus="yes">
        <source>%1
%n memories</source>
        <translation>
            <numerusform>%1
%n memory</numerusform>
            <numerusform>%1
%n memories</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>
strength %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Area: number of memories · shade: mean strength · click to browse</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Area and shade: number of memories (no strength data yet) · click to browse</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engram.json could not be read (%1); saving replaces it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLM Endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context pack budget (tokens):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Preamble budget (tokens):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default mode:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for dropped files:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mode Weights</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Built-in (offline, no model download)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>None</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>name of an environment variable, e.g. OPENAI_API_KEY</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>URL:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dimensions (built-in):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changing the embedder re-embeds every memory when the vault is reopened.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 weight of mode %2 must be a number ≥ 0.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::StateEditor</name>
    <message>
        <source>What the agent is focused on now…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Focus:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Priorities</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a priority…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Heuristics</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add a rule of thumb…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Learnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add something learned…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Avoidances</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add something to avoid…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reloaded: state/cognitive.json changed on disk.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state/cognitive.json changed on disk. Reload to take those changes, or save to keep yours.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Delete</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state/cognitive.json cannot be read: %1
Fix the file or move it aside.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Editing %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cognitive state yet: saving creates %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reflection proposals cannot be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Proposed by %1 on %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (proposed by %2 on %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Accepted as a learning: “%1”</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reflection dismissed.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::StateListModel</name>
    <message numerus="yes">
        <source>Source: %1
Used %n time(s)</source>
        <translation>
            <numerusform>Source: %1
Used once</numerusform>
            <numerusform>Source: %1
Used %n times</numerusform>
        </translation>
    </message>
    <message>
        <source>
Last used %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Category: %1
Context: %2
%3</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::TimelineView</name>
    <message>
        <source>Digest or fact → sources</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compression</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No consolidation yet.
When sessions are consolidated into daily and weekly digests and facts, their tokens, compression and lineage appear here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tokens per layer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compression ratio (source tokens ÷ digest tokens)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Consolidate &amp;Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (lines %2–%3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ToolStatsModel</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Success</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Median duration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Flag</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 timed calls · p90 %2 ms · max %3 ms</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ToolStatsView</name>
    <message>
        <source>No tool usage recorded yet.
Tool calls from agent logs are counted here: calls and success rate per tool, durations, common sequences, and tools whose use dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 ⚠ dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Calls per tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration (ms): min, quartiles, max</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ %1: success %2 % in the last %3 calls, %4 % before</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::VaultInsights</name>
    <message>
        <source>no vault is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Consolidation: %n new digest(s), %1 updated, %2 unchanged, %3 memory change(s)</source>
        <translation>
            <numerusform>Consolidation: %n new digest, %1 updated, %2 unchanged, %3 memory change(s)</numerusform>
            <numerusform>Consolidation: %n new digests, %1 updated, %2 unchanged, %3 memory change(s)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::WatchedFile</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no file is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 changed on disk since it was opened; reload it or save anyway</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Engram — a memory workbench for AI agents</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open this vault folder.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
