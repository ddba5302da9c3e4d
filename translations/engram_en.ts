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
        <source>%1: could not be read: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: could not be copied into %2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the dropped text is empty</source>
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
    <message>
        <source>Merge the changes made on disk</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConflictDialog</name>
    <message>
        <source>Resolve Sync Conflicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mine (this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theirs (the remote)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merged text (edit, then Use Merged Text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep &amp;Mine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take &amp;Theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Use Merged &amp;Text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file is in conflict.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(deleted on this side)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: changed on both machines. Choose a version, or edit the merged text.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every conflict is resolved and the merge is committed; syncing to carry it to the remote.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConnectAgentDialog</name>
    <message>
        <source>Connect Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Codex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Every project (user settings)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One project folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Agent:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Project folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vault:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write the change shown above (each file is backed up first)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Take out exactly what connecting added</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Changes to the agent&apos;s configuration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engram-cli was not found beside the workbench or on the PATH; the agent&apos;s hooks need it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing is written until you press Apply.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is already connected to this vault.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no change)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected %1 to this vault; restart the agent to load it. Backups: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (new files)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(nothing of Engram&apos;s was there)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Removed Engram from %1&apos;s configuration.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing of Engram&apos;s to remove from %1&apos;s configuration.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ConversationView</name>
    <message>
        <source>%1 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Task for a subagent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Subagent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>line %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ok</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing was said in %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Codex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln turn(s)</source>
        <translation>
            <numerusform>%Ln turn</numerusform>
            <numerusform>%Ln turns</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tool call(s), %1 failed</source>
        <translation>
            <numerusform>%Ln tool call, %1 failed</numerusform>
            <numerusform>%Ln tool calls, %1 failed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tool call(s)</source>
        <translation>
            <numerusform>%Ln tool call</numerusform>
            <numerusform>%Ln tool calls</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not shown</source>
        <translation>
            <numerusform>%Ln line not shown</numerusform>
            <numerusform>%Ln lines not shown</numerusform>
        </translation>
    </message>
    <message>
        <source>· this memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Output</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::DropIngestFilter</name>
    <message numerus="yes">
        <source>Added %Ln file(s) to %1</source>
        <translation>
            <numerusform>Added %Ln file to %1</numerusform>
            <numerusform>Added %Ln files to %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ExpectationsDialog</name>
    <message>
        <source>Expectations</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Mark a recall result as the right answer to add an expectation.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pass within top </source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Remove</source>
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
        <source>No expectations yet: in Recall, select the result that answers your question and choose “Mark as Right Answer”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 pass within the top %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>, %Ln fail</source>
        <translation>
            <numerusform>, %Ln fails</numerusform>
            <numerusform>, %Ln fail</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln missing</source>
        <translation>
            <numerusform>, %Ln missing</numerusform>
            <numerusform>, %Ln missing</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %Ln changed since the last check</source>
        <translation>
            <numerusform>; %Ln changed since the last check</numerusform>
            <numerusform>; %Ln changed since the last check</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::ExpectationsModel</name>
    <message>
        <source>pass</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fail</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>missing</source>
        <comment>the expected file is gone</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>below %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (was %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <comment>first check of this expectation</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>same</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>broken</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>up</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>down</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Status</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Question</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rank</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Since last check</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::FolderWatch</name>
    <message>
        <source>no inotify instance left: the user&apos;s %1 (fs.inotify.max_user_instances) are all in use, or this program has no file descriptor left: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>inotify cannot be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>file watching needs Linux inotify</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the user&apos;s %1 inotify watches (fs.inotify.max_user_watches) are all in use</source>
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
        <source>E&amp;xpand</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No associations yet.
Edges appear once the dynamics layer links related memories and records which ones are recalled together.</source>
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
    <message>
        <source>← &amp;Back</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vault&apos;s communities: memories more associated with each other than with the rest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>All memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Scroll to zoom, drag to pan; double-click a memory to open it, a community to see its members; Backspace goes back.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (around the question “%3”)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (neighbourhood of %3)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (community “%3”, %4 members)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 communities shown, holding %3 of %4 memories</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (the rest have no associations)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (all)</source>
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
        <source>Rebuilding the index…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-indexing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect Agent…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set a Focus…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>✔ Healthy · %Ln not started yet</source>
        <translation>
            <numerusform>✔ Healthy · %Ln not started yet</numerusform>
            <numerusform>✔ Healthy · %Ln not started yet</numerusform>
        </translation>
    </message>
    <message>
        <source>Resolve Conflicts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>✔ Healthy · the agent has been quiet lately</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the Review view: duplicates, contradictions and stale facts to resolve</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review findings could not be read: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No duplicates, contradictions or stale facts to review</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln finding(s) to review: duplicates, contradictions or stale facts</source>
        <translation>
            <numerusform>%Ln finding to review: duplicates, contradictions or stale facts</numerusform>
            <numerusform>%Ln findings to review: duplicates, contradictions or stale facts</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for findings…</source>
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
    <message>
        <source>not yet</source>
        <comment>health status: something that has not started in this vault</comment>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::HealthText</name>
    <message>
        <source>Index integrity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vectors = chunks</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index matches files</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last re-index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing problems</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cognitive state</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Memory folders</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Today&apos;s session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Tool usage</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reflections</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>LLM endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Embedding endpoint</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Journal</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln min ago</source>
        <translation>
            <numerusform>%Ln min ago</numerusform>
            <numerusform>%Ln min ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln h ago</source>
        <translation>
            <numerusform>%Ln h ago</numerusform>
            <numerusform>%Ln h ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s) ago</source>
        <translation>
            <numerusform>%Ln day ago</numerusform>
            <numerusform>%Ln days ago</numerusform>
        </translation>
    </message>
    <message>
        <source>SQLite integrity check passed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vectors could not be brought up to date: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>The vector index holds exactly the %Ln chunk(s)&apos; vectors</source>
        <translation>
            <numerusform>The vector index holds exactly the %Ln chunk&apos; vectors</numerusform>
            <numerusform>The vector index holds exactly the %Ln chunks&apos; vectors</numerusform>
        </translation>
    </message>
    <message>
        <source>The vector index lacks %1 of the %2 chunks&apos; vectors and holds %3 of chunks that are gone</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) indexed</source>
        <translation>
            <numerusform>%Ln file indexed</numerusform>
            <numerusform>%Ln files indexed</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 new, %2 changed, %3 deleted since the last index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The vault has never been indexed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) could not be indexed</source>
        <translation>
            <numerusform>%Ln file could not be indexed</numerusform>
            <numerusform>%Ln files could not be indexed</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln warning</numerusform>
            <numerusform>%Ln warnings</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 heuristics, %2 learnings, %3 avoidances; changed %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; no focus set</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memories/ does not exist: nothing has been remembered yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memories/ is empty</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>memories/: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 captured %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No session file under sessions/%1/</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) in sessions/%1/, newest changed %2</source>
        <translation>
            <numerusform>%Ln file in sessions/%1/, newest changed %2</numerusform>
            <numerusform>%Ln files in sessions/%1/, newest changed %2</numerusform>
        </translation>
    </message>
    <message>
        <source>state/tool-usage.jsonl does not exist: no tool calls counted yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of at most %2 events</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of at most %2 events, newest %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reflection is off: no LLM endpoint in engram.json (%1 stored)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state/reflections.jsonl has no reflection yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 stored, %2 awaiting a decision; last %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not configured</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answered HTTP %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 answers (HTTP %2), model %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>journals in state/journal/ replayed</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>(stale after %Ln day(s))</source>
        <translation>
            <numerusform>(stale after %Ln day)</numerusform>
            <numerusform>(stale after %Ln days)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(stale after %Ln h)</source>
        <translation>
            <numerusform>(stale after %Ln h)</numerusform>
            <numerusform>(stale after %Ln h)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more</source>
        <translation>
            <numerusform>… and %Ln more</numerusform>
            <numerusform>… and %Ln more</numerusform>
        </translation>
    </message>
    <message>
        <source>Rebuild the index (engram-cli rebuild)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Re-index the vault (engram-cli index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix or remove the files named, then re-index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix or remove the lines named in state/journal.jsonl, then rebuild the index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set a focus in the State view (engram-cli state focus &quot;…&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix the file by hand; Engram will not overwrite it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Set a focus in the State view, or install the agent-end hook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Create memories/semantic, or say &quot;remember that …&quot; with the agent-end hook installed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connect the agent (Tools › Connect Agent…) so each session is captured, or run engram-cli capture to copy its transcripts into sessions/</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index agent transcripts (sessions/…/*.jsonl) or install the tool hook</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Fix or delete the line named</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run a reflection (engram-cli reflect)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Start the model server, or correct the URL in engram.json</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check the model server&apos;s log</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No cognitive state yet (state/cognitive.json), so packs carry no focus, heuristics or learnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No session yet: nothing captured under sessions/</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a memory store and its file count</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Check that the agent still writes its transcript there and that its capture hooks are installed (Tools › Connect Agent…)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index recent transcripts, or check the tool hook</source>
        <translation></translation>
    </message>
    <message>
        <source>Sync conflicts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file holds conflict markers</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) hold conflict markers from a sync and are not indexed</source>
        <translation type="unfinished">
            <numerusform></numerusform>
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a version of each file (Sync › Resolve Conflicts…), then sync again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No file holds a secret</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln secret(s) in %1 file(s): recall and packs redact them, sync does not commit the files</source>
        <translation>
            <numerusform>%Ln secret in %1 file(s): recall and packs redact it, sync does not commit the files</numerusform>
            <numerusform>%Ln secrets in %1 file(s): recall and packs redact them, sync does not commit the files</numerusform>
        </translation>
    </message>
    <message>
        <source>Rewrite the files without their secrets (engram-cli redact --apply)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index writes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File watching</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last index run wrote everything; %1 MiB free on the index&apos;s disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The index run of %1 could not write: %2. Recall answers from what was indexed before; %3 MiB free on the index&apos;s disk now</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>File watching unavailable: rescanning every %Ln s (%1)</source>
        <translation>
            <numerusform>File watching unavailable: rescanning every %Ln s (%1)</numerusform>
            <numerusform>File watching unavailable: rescanning every %Ln s (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Free space on the index&apos;s disk, then re-index the vault (engram-cli index)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Close programs that watch many files, or raise fs.inotify.max_user_watches and fs.inotify.max_user_instances (sysctl)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 folders watched</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Wiring Engram into an Agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Workbench settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;A memory workbench for AI agents: plain files in a vault, an index derived from them, recall and context packs for the agent.&lt;/p&gt;&lt;p&gt;Licensed under the MIT licence.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;a href=&apos;%1&apos;&gt;Wiring Engram into an agent&lt;/a&gt; (README)&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keys</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Action</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::IndexStatus</name>
    <message numerus="yes">
        <source>Indexed %Ln file(s) in %1 ms</source>
        <translation>
            <numerusform>Indexed %Ln file in %1 ms</numerusform>
            <numerusform>Indexed %Ln files in %1 ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, removed %Ln</source>
        <translation>
            <numerusform>, removed %Ln</numerusform>
            <numerusform>, removed %Ln</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln failed (see Health)</source>
        <translation>
            <numerusform>, %Ln failed (see Health)</numerusform>
            <numerusform>, %Ln failed (see Health)</numerusform>
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
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln file</numerusform>
            <numerusform>%Ln files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln memory(s)</source>
        <translation>
            <numerusform>%Ln memory</numerusform>
            <numerusform>%Ln memories</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln in conflict after a sync (Resolve… above)</source>
        <translation>
            <numerusform>, %Ln in conflict after a sync (Resolve… above)</numerusform>
            <numerusform>, %Ln in conflict after a sync (Resolve… above)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::IndexWorker</name>
    <message numerus="yes">
        <source>Indexing %Ln file(s)…</source>
        <translation>
            <numerusform>Indexing %Ln file…</numerusform>
            <numerusform>Indexing %Ln files…</numerusform>
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
    <message numerus="yes">
        <source>File watching unavailable: rescanning every %Ln s (%1)</source>
        <translation>
            <numerusform>File watching unavailable: rescanning every %Ln s (%1)</numerusform>
            <numerusform>File watching unavailable: rescanning every %Ln s (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln folder(s) of the vault cannot be watched, the first %1: %2</source>
        <translation>
            <numerusform>%Ln folder of the vault cannot be watched, %1: %2</numerusform>
            <numerusform>%Ln folders of the vault cannot be watched, the first %1: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::InjectedContextPanel</name>
    <message>
        <source>What the agent was shown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What Engram put in front of the agent&apos;s model in this session, as the transcript records it: the pack at the session&apos;s start and each result of an Engram tool</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Session start pack — %1 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 — failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 %2 — %3 characters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Line %1 of the transcript</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::LinkedVaultsPage</name>
    <message>
        <source>Recall and context packs also draw from these vaults; each result names the vault it came from. Captured sessions always stay in this vault.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>team</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/path/to/team-vault, or relative to this vault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Link</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlink</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(left out of recall: %1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A name is 1–40 lower-case letters, digits, &apos;-&apos; or &apos;_&apos; (not “personal”).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” is linked already.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linked “%1”; saving reopens the vault.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unlinked “%1” (its files are untouched); saving reopens the vault.</source>
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
    <message>
        <source>Connect &amp;Agent…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add Engram&apos;s hooks and MCP server to Claude Code or Codex, or take them out</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a vault first: the agent is connected to the open vault</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Context pack for “%1” copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Expectations…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Which questions still find the memory marked as their right answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 does not exist or is not a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Make %1 an Engram vault?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram keeps its index in .engram/ inside the folder and adds the folders notes/, memories/, sessions/, consolidated/ and state/. Your files stay as they are.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a vault first: expectations live in its state/ folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>S&amp;ync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Sync Now</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Commit the vault&apos;s changes, merge the remote&apos;s and push (git)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Resolve Conflicts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A sync is already running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 is not a git repository yet. Make it one?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Engram syncs a vault with git: it commits your files (never the index in .engram/), merges what other machines pushed, and pushes. Nothing in the vault is changed but a .gitignore and a .gitattributes.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The remote to sync with (a git URL or a folder); leave empty to commit locally for now:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not make the vault a repository: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync: up to date</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Synced with %1: %2 file(s) committed, %3 received</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Committed locally; push skipped: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Sync failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not committed (too large): %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1[*] — Engram</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Appearance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Sync stopped: %Ln file(s) in conflict, changed on both machines: %1 (Resolve… above)</source>
        <translation>
            <numerusform>Sync stopped: %Ln file in conflict, changed on both machines: %1 (Resolve… above)</numerusform>
            <numerusform>Sync stopped: %Ln files in conflict, changed on both machines: %1 (Resolve… above)</numerusform>
        </translation>
    </message>
    <message>
        <source>Rev&amp;iew</source>
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
    <message>
        <source>Strength</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory matches “%1” with these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No memory matches these filters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ %1 — in conflict after a sync: its last good version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two versions of this note met in a sync. Choose what it says with Resolve… above; until then it is not searched.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Indexing %1 of %2 files… memories appear here as soon as they are indexed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Listing the memories…</source>
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
        <source>%Ln passage(s) · %1</source>
        <translation>
            <numerusform>%Ln passage · %1</numerusform>
            <numerusform>%Ln passages · %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
%2
%Ln passage(s)</source>
        <translation>
            <numerusform>%1
%2
%Ln passage</numerusform>
            <numerusform>%1
%2
%Ln passages</numerusform>
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
    <name>engram::MessageLog</name>
    <message>
        <source>Messages of this session: refused drops, errors, finished jobs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Messages</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln new message(s)</source>
        <translation>
            <numerusform>%Ln new message</numerusform>
            <numerusform>%Ln new messages</numerusform>
        </translation>
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
    <message>
        <source>&amp;Raw</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show the session&apos;s raw lines instead of the conversation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the raw lines of this session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has changes that are not saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save them before leaving the note?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(the file on disk says the same as your text)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>- your text, + the file on disk:
</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — in conflict: its last good version (read-only)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Two versions of %1 met in a sync. This is its last good version, as this machine had it before the sync. Choose what the note says with Sync › Resolve Conflicts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save them before opening another vault?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save them before quitting Engram?</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::PackPanel</name>
    <message numerus="yes">
        <source>%1 of %2 tokens · %Ln memories included</source>
        <translation>
            <numerusform>%1 of %2 tokens · %Ln memory included</numerusform>
            <numerusform>%1 of %2 tokens · %Ln memories included</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln did not fit</source>
        <translation>
            <numerusform> · %Ln did not fit</numerusform>
            <numerusform> · %Ln did not fit</numerusform>
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
        <source>%Ln result(s) in %1 ms</source>
        <translation>
            <numerusform>%Ln result in %1 ms</numerusform>
            <numerusform>%Ln results in %1 ms</numerusform>
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
    <message>
        <source>Mark as Right &amp;Answer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This result answers the question: keep it as an expectation that Tools › Expectations and `engram-cli expect check` test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expected: “%1” → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Already expected: “%1” → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing in memory about “%1”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partial: the question&apos;s specific words are not in it</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>of the time the question names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not of the time the question names</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 weighed × %2 for this memory (its relevance and layer)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::RecallResultsModel</name>
    <message>
        <source>(partial) %1</source>
        <translation type="unfinished"></translation>
    </message>
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
%Ln memories</source>
        <translation>
            <numerusform>%1
%Ln memory</numerusform>
            <numerusform>%1
%Ln memories</numerusform>
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
    <name>engram::ReviewModel</name>
    <message>
        <source>Duplicate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contradiction</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same words in another order</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the same subject and words, reworded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>one holds the other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the newer one says no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the older one says no</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not confirmed since %1; %2 (%3) talks about its subject differently</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Why</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newest</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recalled</source>
        <comment>how often the two memories were recalled</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newer memory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>home: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>work: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>partner: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: adopted → dropped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: dropped → adopted again</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::ReviewView</name>
    <message>
        <source>All findings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Contradictions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stale facts</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep the newer memory, noting that it replaces the older one, and archive the older (restorable); the arrow keeps the older instead</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge, Keep the Newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Merge, Keep the Older</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newer Supersedes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both stay; the newer memory notes that it replaces the older one, which then ranks low</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Keep Both</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Both are right: keep them as they are and never pair them again</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive Older</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive the older memory (restorable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive Newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive the newer memory (restorable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the memory in the Memories view&apos;s editor; the arrow chooses which</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the Older</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Edit the Newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the findings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review: could not read the findings: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review: %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Review: undo of %1 failed: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undone: %1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>merge: kept %1, archived %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 supersedes %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kept both %1 and %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>archived %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Working…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no date</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · recalled %Ln time(s)</source>
        <translation>
            <numerusform>%1 · %2 · recalled %Ln time</numerusform>
            <numerusform>%1 · %2 · recalled %Ln times</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The fact</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Older</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newer material on its subject</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Newer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Looking for duplicates, contradictions and stale facts…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Nothing to review: no duplicates, contradictions or stale facts among your memories.
New ones show here as the vault is indexed.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>No findings of this kind; %Ln of other kinds under “All findings”.</source>
        <translation>
            <numerusform>No findings of this kind; %Ln of another kind under “All findings”.</numerusform>
            <numerusform>No findings of this kind; %Ln of other kinds under “All findings”.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Undo the last action: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Archive %1 (restorable)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Done: %1.</source>
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
        <source>Expectations: no preview until %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expectations: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expectations: none yet. Mark right answers in Recall to see here how a change would score before you save it.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expectations: checking the edited settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expectations with these settings: %1 of %2 pass, %3 fail (saved settings: %4 pass)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>; %1 would break, %2 would be fixed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Keyword side only: the new embedder&apos;s vectors exist after a re-index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Linked Vaults</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A weight from 0 to 1: how much the signal counts in the score. The terms are added, so weights that sum to about 1 keep scores between 0 and 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Show &amp;Which…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The %1 weight of mode %2 must be a number from 0 to 1.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>“%1” → %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would break: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would be fixed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would break:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Would be fixed:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Expectations</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln expectation(s) would change with these settings.</source>
        <translation>
            <numerusform>%Ln expectation would change with these settings.</numerusform>
            <numerusform>%Ln expectations would change with these settings.</numerusform>
        </translation>
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
    <message>
        <source>state/cognitive.json changed on disk while you were editing. Keep yours, take the one on disk, or merge them (items added on either side stay, items deleted on either side go).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Keep Mine</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save your version over the one on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Take Theirs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Drop your edits and load the version on disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Merge</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Combine both, item by item; you review and save the result</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Saved your version over the one on disk: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Took the version on disk; your edits were dropped.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The cognitive state has changes that are not saved.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>state/cognitive.json changed on disk: choose Keep Mine, Take Theirs or Merge above.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Merged: %Ln item(s) from disk</source>
        <translation>
            <numerusform>Merged: %Ln item from disk</numerusform>
            <numerusform>Merged: %Ln items from disk</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln of yours kept</source>
        <translation>
            <numerusform>, %Ln of yours kept</numerusform>
            <numerusform>, %Ln of yours kept</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln deleted</source>
        <translation>
            <numerusform>, %Ln deleted</numerusform>
            <numerusform>, %Ln deleted</numerusform>
        </translation>
    </message>
    <message>
        <source>; both changed the focus: yours is kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>. Review and save (Undo takes the merge back).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>engram::StateListModel</name>
    <message numerus="yes">
        <source>Source: %1
Used %Ln time(s)</source>
        <translation>
            <numerusform>Source: %1
Used once</numerusform>
            <numerusform>Source: %1
Used %Ln times</numerusform>
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
    <name>engram::SyncConflictBanner</name>
    <message>
        <source>Resolve…</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>⚠ Sync stopped: %n file(s) changed on this machine and on another: %1. Until you choose what they say they are not searched; Memories shows their last good version.</source>
        <translation>
            <numerusform>⚠ Sync stopped: %n file changed on this machine and on another: %1. Until you choose what it says it is not searched; Memories shows its last good version.</numerusform>
            <numerusform>⚠ Sync stopped: %n files changed on this machine and on another: %1. Until you choose what they say they are not searched; Memories shows their last good version.</numerusform>
        </translation>
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
    <message>
        <source>Compression ratio</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>source ÷ digest tokens</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%Ln digest(s) in consolidated/, none recorded in the consolidation ledger: their tokens, compression and lineage are unknown.
Consolidate Now records what it writes; those digests appear here then.</source>
        <translation>
            <numerusform>%Ln digest in consolidated/, not recorded in the consolidation ledger: its tokens, compression and lineage are unknown.
Consolidate Now records what it writes; such digests appear here then.</numerusform>
            <numerusform>%Ln digests in consolidated/, none recorded in the consolidation ledger: their tokens, compression and lineage are unknown.
Consolidate Now records what it writes; those digests appear here then.</numerusform>
        </translation>
    </message>
    <message>
        <source>not in the ledger</source>
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
        <source>%1 × %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>⚠ %1: success %2 % in the last %3 calls, %4 % before</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Duration in ms, log scale: min, quartiles, max</source>
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
        <source>Consolidation: %Ln new digest(s), %1 updated, %2 unchanged, %3 memory change(s)</source>
        <translation>
            <numerusform>Consolidation: %Ln new digest, %1 updated, %2 unchanged, %3 memory change(s)</numerusform>
            <numerusform>Consolidation: %Ln new digests, %1 updated, %2 unchanged, %3 memory change(s)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::Vocabulary</name>
    <message>
        <source>identity</source>
        <comment>memory region</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language comprehension</source>
        <comment>memory region</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>language production</source>
        <comment>memory region</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>vision</source>
        <comment>memory region</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>episodic</source>
        <comment>memory region</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>spatial</source>
        <comment>memory region</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sensory</source>
        <comment>memory store</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>episodic</source>
        <comment>memory store</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>semantic</source>
        <comment>memory store</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>procedural</source>
        <comment>memory store</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>prospective</source>
        <comment>memory store</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>core</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>raw</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>session</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>daily</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>weekly</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fact</source>
        <comment>consolidation layer</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relevance</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>strength</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>recency</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>access</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coactivation</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>graph</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fast</source>
        <comment>recall mode</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>deep</source>
        <comment>recall mode</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>creative</source>
        <comment>recall mode</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>related</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>co-activated</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>derived from</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>caused</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>contradicts</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>supersedes</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>part of</source>
        <comment>association</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>match</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>when</source>
        <comment>recall signal</comment>
        <translation type="unfinished"></translation>
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
    <message>
        <source>engram: %1 is not a folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>engram: %1 does not exist</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
