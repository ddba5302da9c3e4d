<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>VaultIngest</name>
    <message>
        <source>%1: only local files can be dropped</source>
        <translation>%1: Nur lokale Dateien können abgelegt werden</translation>
    </message>
    <message>
        <source>%1: folders are not ingested; drop the files inside</source>
        <translation>%1: Ordner werden nicht übernommen; lege die Dateien darin ab</translation>
    </message>
    <message>
        <source>%1: Engram cannot read this type of file (Markdown, text and JSONL logs are supported)</source>
        <translation>%1: Engram kann diesen Dateityp nicht lesen (unterstützt werden Markdown, Text und JSONL-Protokolle)</translation>
    </message>
    <message>
        <source>%1: already in the vault</source>
        <translation>%1: bereits im Tresor</translation>
    </message>
    <message>
        <source>%1: could not be read: %2</source>
        <translation>%1: konnte nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>%1: could not be copied into %2: %3</source>
        <translation>%1: konnte nicht nach %2 kopiert werden: %3</translation>
    </message>
    <message>
        <source>the dropped text is empty</source>
        <translation>der abgelegte Text ist leer</translation>
    </message>
</context>
<context>
    <name>engram::CognitiveStateDocument</name>
    <message>
        <source>no vault is open</source>
        <translation>kein Tresor ist geöffnet</translation>
    </message>
    <message>
        <source>Add “%1”</source>
        <translation>„%1“ hinzufügen</translation>
    </message>
    <message>
        <source>Edit “%1”</source>
        <translation>„%1“ bearbeiten</translation>
    </message>
    <message>
        <source>Delete “%1”</source>
        <translation>„%1“ löschen</translation>
    </message>
    <message>
        <source>Move “%1”</source>
        <translation>„%1“ verschieben</translation>
    </message>
    <message>
        <source>Change focus</source>
        <translation>Fokus ändern</translation>
    </message>
    <message>
        <source>Merge the changes made on disk</source>
        <translation>Änderungen von der Platte zusammenführen</translation>
    </message>
</context>
<context>
    <name>engram::ConflictDialog</name>
    <message>
        <source>Resolve Sync Conflicts</source>
        <translation>Sync-Konflikte lösen</translation>
    </message>
    <message>
        <source>Mine (this machine)</source>
        <translation>Meine (dieser Rechner)</translation>
    </message>
    <message>
        <source>Theirs (the remote)</source>
        <translation>Ihre (das Remote)</translation>
    </message>
    <message>
        <source>Merged text (edit, then Use Merged Text)</source>
        <translation>Zusammengeführter Text (bearbeiten, dann „Zusammengeführten Text verwenden“)</translation>
    </message>
    <message>
        <source>Keep &amp;Mine</source>
        <translation>&amp;Meine behalten</translation>
    </message>
    <message>
        <source>Take &amp;Theirs</source>
        <translation>&amp;Ihre übernehmen</translation>
    </message>
    <message>
        <source>Use Merged &amp;Text</source>
        <translation>Zusammengeführten &amp;Text verwenden</translation>
    </message>
    <message>
        <source>No file is in conflict.</source>
        <translation>Keine Datei steht im Konflikt.</translation>
    </message>
    <message>
        <source>(deleted on this side)</source>
        <translation>(auf dieser Seite gelöscht)</translation>
    </message>
    <message>
        <source>%1: changed on both machines. Choose a version, or edit the merged text.</source>
        <translation>%1: auf beiden Rechnern geändert. Wähle eine Fassung oder bearbeite den zusammengeführten Text.</translation>
    </message>
    <message>
        <source>Every conflict is resolved and the merge is committed; syncing to carry it to the remote.</source>
        <translation>Jeder Konflikt ist gelöst und die Zusammenführung committet; sie wird jetzt zum Remote synchronisiert.</translation>
    </message>
</context>
<context>
    <name>engram::ConnectAgentDialog</name>
    <message>
        <source>Connect Agent</source>
        <translation>Agent verbinden</translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation>Claude Code</translation>
    </message>
    <message>
        <source>Codex</source>
        <translation>Codex</translation>
    </message>
    <message>
        <source>Every project (user settings)</source>
        <translation>Jedes Projekt (Benutzereinstellungen)</translation>
    </message>
    <message>
        <source>One project folder</source>
        <translation>Ein Projektordner</translation>
    </message>
    <message>
        <source>&amp;Agent:</source>
        <translation>&amp;Agent:</translation>
    </message>
    <message>
        <source>&amp;Scope:</source>
        <translation>&amp;Geltungsbereich:</translation>
    </message>
    <message>
        <source>&amp;Project folder:</source>
        <translation>&amp;Projektordner:</translation>
    </message>
    <message>
        <source>Vault:</source>
        <translation>Tresor:</translation>
    </message>
    <message>
        <source>&amp;Apply</source>
        <translation>&amp;Anwenden</translation>
    </message>
    <message>
        <source>Write the change shown above (each file is backed up first)</source>
        <translation>Die oben gezeigte Änderung schreiben (jede Datei wird vorher gesichert)</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>Take out exactly what connecting added</source>
        <translation>Genau das entfernen, was das Verbinden hinzugefügt hat</translation>
    </message>
    <message>
        <source>Changes to the agent&apos;s configuration:</source>
        <translation>Änderungen an der Konfiguration des Agenten:</translation>
    </message>
    <message>
        <source>engram-cli was not found beside the workbench or on the PATH; the agent&apos;s hooks need it.</source>
        <translation>engram-cli wurde weder neben der Werkbank noch im PATH gefunden; die Hooks des Agenten brauchen es.</translation>
    </message>
    <message>
        <source>Nothing is written until you press Apply.</source>
        <translation>Nichts wird geschrieben, bevor du auf Anwenden drückst.</translation>
    </message>
    <message>
        <source>%1 is already connected to this vault.</source>
        <translation>%1 ist bereits mit diesem Tresor verbunden.</translation>
    </message>
    <message>
        <source>(no change)</source>
        <translation>(keine Änderung)</translation>
    </message>
    <message>
        <source>Connected %1 to this vault; restart the agent to load it. Backups: %2</source>
        <translation>%1 ist mit diesem Tresor verbunden; starte den Agenten neu, damit er es lädt. Sicherungen: %2</translation>
    </message>
    <message>
        <source>none (new files)</source>
        <translation>keine (neue Dateien)</translation>
    </message>
    <message>
        <source>(nothing of Engram&apos;s was there)</source>
        <translation>(nichts von Engram war vorhanden)</translation>
    </message>
    <message>
        <source>Removed Engram from %1&apos;s configuration.</source>
        <translation>Engram aus der Konfiguration von %1 entfernt.</translation>
    </message>
    <message>
        <source>Nothing of Engram&apos;s to remove from %1&apos;s configuration.</source>
        <translation>In der Konfiguration von %1 gibt es nichts von Engram zu entfernen.</translation>
    </message>
</context>
<context>
    <name>engram::ConversationView</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>%1 min %2 s</source>
        <translation>%1 min %2 s</translation>
    </message>
    <message>
        <source>You</source>
        <translation>Du</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Assistent</translation>
    </message>
    <message>
        <source>Task for a subagent</source>
        <translation>Aufgabe für einen Subagenten</translation>
    </message>
    <message>
        <source>Subagent</source>
        <translation>Subagent</translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation>Zeilen %1–%2</translation>
    </message>
    <message>
        <source>ok</source>
        <translation>ok</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>error: %1</source>
        <translation>Fehler: %1</translation>
    </message>
    <message>
        <source>no result</source>
        <translation>kein Ergebnis</translation>
    </message>
    <message>
        <source>Nothing was said in %1.</source>
        <translation>In %1 wurde nichts gesagt.</translation>
    </message>
    <message>
        <source>Codex</source>
        <translation>Codex</translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation>Claude Code</translation>
    </message>
    <message numerus="yes">
        <source>%Ln turn(s)</source>
        <translation>
            <numerusform>%Ln Beitrag</numerusform>
            <numerusform>%Ln Beiträge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tool call(s), %1 failed</source>
        <translation>
            <numerusform>%Ln Werkzeugaufruf, %1 fehlgeschlagen</numerusform>
            <numerusform>%Ln Werkzeugaufrufe, %1 fehlgeschlagen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln tool call(s)</source>
        <translation>
            <numerusform>%Ln Werkzeugaufruf</numerusform>
            <numerusform>%Ln Werkzeugaufrufe</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not shown</source>
        <translation>
            <numerusform>%Ln Zeile nicht angezeigt</numerusform>
            <numerusform>%Ln Zeilen nicht angezeigt</numerusform>
        </translation>
    </message>
    <message>
        <source>· this memory</source>
        <translation>· diese Erinnerung</translation>
    </message>
    <message>
        <source>Input</source>
        <translation>Eingabe</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>Output</source>
        <translation>Ausgabe</translation>
    </message>
</context>
<context>
    <name>engram::DropIngestFilter</name>
    <message numerus="yes">
        <source>Added %Ln file(s) to %1</source>
        <translation>
            <numerusform>%Ln Datei zu %1 hinzugefügt</numerusform>
            <numerusform>%Ln Dateien zu %1 hinzugefügt</numerusform>
        </translation>
    </message>
    <message>
        <source>Refused: %1</source>
        <translation>Abgelehnt: %1</translation>
    </message>
</context>
<context>
    <name>engram::ExpectationsDialog</name>
    <message>
        <source>Expectations</source>
        <translation>Erwartungen</translation>
    </message>
    <message>
        <source>Mark a recall result as the right answer to add an expectation.</source>
        <translation>Markiere ein Abrufergebnis als richtige Antwort, um eine Erwartung hinzuzufügen.</translation>
    </message>
    <message>
        <source>pass within top </source>
        <translation>bestanden unter den besten </translation>
    </message>
    <message>
        <source>&amp;Check</source>
        <translation>&amp;Prüfen</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Entfernen</translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation>Kein Tresor ist geöffnet.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft …</translation>
    </message>
    <message>
        <source>No expectations yet: in Recall, select the result that answers your question and choose “Mark as Right Answer”.</source>
        <translation>Noch keine Erwartungen: Wähle unter Abrufen das Ergebnis, das deine Frage beantwortet, und dann „Als richtige Antwort markieren“.</translation>
    </message>
    <message>
        <source>%1 of %2 pass within the top %3</source>
        <translation>%1 von %2 bestehen unter den besten %3</translation>
    </message>
    <message numerus="yes">
        <source>, %Ln fail</source>
        <translation>
            <numerusform>, %Ln besteht nicht</numerusform>
            <numerusform>, %Ln bestehen nicht</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln missing</source>
        <translation>
            <numerusform>, %Ln fehlt</numerusform>
            <numerusform>, %Ln fehlen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>; %Ln changed since the last check</source>
        <translation>
            <numerusform>; %Ln seit der letzten Prüfung geändert</numerusform>
            <numerusform>; %Ln seit der letzten Prüfung geändert</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::ExpectationsModel</name>
    <message>
        <source>pass</source>
        <translation>bestanden</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>nicht bestanden</translation>
    </message>
    <message>
        <source>missing</source>
        <comment>the expected file is gone</comment>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>below %1</source>
        <translation>hinter %1</translation>
    </message>
    <message>
        <source> (was %1)</source>
        <translation> (vorher %1)</translation>
    </message>
    <message>
        <source>new</source>
        <comment>first check of this expectation</comment>
        <translation>neu</translation>
    </message>
    <message>
        <source>same</source>
        <translation>unverändert</translation>
    </message>
    <message>
        <source>fixed</source>
        <translation>behoben</translation>
    </message>
    <message>
        <source>broken</source>
        <translation>kaputt</translation>
    </message>
    <message>
        <source>up</source>
        <translation>besser</translation>
    </message>
    <message>
        <source>down</source>
        <translation>schlechter</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Question</source>
        <translation>Frage</translation>
    </message>
    <message>
        <source>Right answer</source>
        <translation>Richtige Antwort</translation>
    </message>
    <message>
        <source>Rank</source>
        <translation>Rang</translation>
    </message>
    <message>
        <source>Since last check</source>
        <translation>Seit der letzten Prüfung</translation>
    </message>
</context>
<context>
    <name>engram::FolderWatch</name>
    <message>
        <source>no inotify instance left: the user&apos;s %1 (fs.inotify.max_user_instances) are all in use, or this program has no file descriptor left: %2</source>
        <translation>keine inotify-Instanz mehr frei: die %1 des Benutzers (fs.inotify.max_user_instances) sind alle belegt, oder dieses Programm hat keinen Dateideskriptor mehr: %2</translation>
    </message>
    <message>
        <source>inotify cannot be used: %1</source>
        <translation>inotify ist nicht nutzbar: %1</translation>
    </message>
    <message>
        <source>file watching needs Linux inotify</source>
        <translation>Dateiüberwachung braucht Linux-inotify</translation>
    </message>
    <message>
        <source>the user&apos;s %1 inotify watches (fs.inotify.max_user_watches) are all in use</source>
        <translation>die %1 inotify-Überwachungen des Benutzers (fs.inotify.max_user_watches) sind alle belegt</translation>
    </message>
</context>
<context>
    <name>engram::GraphView</name>
    <message>
        <source>Edges:</source>
        <translation>Kanten:</translation>
    </message>
    <message>
        <source>Min weight:</source>
        <translation>Mindestgewicht:</translation>
    </message>
    <message>
        <source>Hops:</source>
        <translation>Schritte:</translation>
    </message>
    <message>
        <source>E&amp;xpand</source>
        <translation>E&amp;rweitern</translation>
    </message>
    <message>
        <source>No associations yet.
Edges appear once the dynamics layer links related memories and records which ones are recalled together.</source>
        <translation>Noch keine Assoziationen.
Kanten erscheinen, sobald die Dynamik-Schicht verwandte Erinnerungen verknüpft und festhält, welche gemeinsam abgerufen werden.</translation>
    </message>
    <message>
        <source>no region</source>
        <translation>keine Region</translation>
    </message>
    <message>
        <source>Nodes by region: %1</source>
        <translation>Knoten nach Region: %1</translation>
    </message>
    <message>
        <source>← &amp;Back</source>
        <translation>← &amp;Zurück</translation>
    </message>
    <message>
        <source>&amp;Overview</source>
        <translation>Ü&amp;bersicht</translation>
    </message>
    <message>
        <source>The vault&apos;s communities: memories more associated with each other than with the rest</source>
        <translation>Die Gemeinschaften des Tresors: Erinnerungen, die untereinander enger verknüpft sind als mit dem Rest</translation>
    </message>
    <message>
        <source>All memories</source>
        <translation>Alle Erinnerungen</translation>
    </message>
    <message>
        <source>Scroll to zoom, drag to pan; double-click a memory to open it, a community to see its members; Backspace goes back.</source>
        <translation>Mausrad zoomt, Ziehen verschiebt; Doppelklick öffnet eine Erinnerung oder zeigt die Mitglieder einer Gemeinschaft; Rücktaste geht zurück.</translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (around the question “%3”)</source>
        <translation>%1 von %2 Erinnerungen angezeigt (rund um die Frage „%3“)</translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (neighbourhood of %3)</source>
        <translation>%1 von %2 Erinnerungen angezeigt (Umgebung von %3)</translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (community “%3”, %4 members)</source>
        <translation>%1 von %2 Erinnerungen angezeigt (Gemeinschaft „%3“, %4 Mitglieder)</translation>
    </message>
    <message>
        <source>%1 of %2 communities shown, holding %3 of %4 memories</source>
        <translation>%1 von %2 Gemeinschaften angezeigt, mit %3 von %4 Erinnerungen</translation>
    </message>
    <message>
        <source> (the rest have no associations)</source>
        <translation> (der Rest hat keine Assoziationen)</translation>
    </message>
    <message>
        <source>%1 of %2 memories shown (all)</source>
        <translation>%1 von %2 Erinnerungen angezeigt (alle)</translation>
    </message>
</context>
<context>
    <name>engram::HealthDashboard</name>
    <message>
        <source>&amp;Check Again</source>
        <translation>&amp;Erneut prüfen</translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation>Kein Tresor ist geöffnet.</translation>
    </message>
    <message>
        <source>Checking…</source>
        <translation>Wird geprüft …</translation>
    </message>
    <message>
        <source>✔ Everything is healthy</source>
        <translation>✔ Alles in Ordnung</translation>
    </message>
    <message>
        <source>Needs attention: %1</source>
        <translation>Braucht Aufmerksamkeit: %1</translation>
    </message>
    <message>
        <source>Rebuild Index</source>
        <translation>Index neu aufbauen</translation>
    </message>
    <message>
        <source>Re-index Now</source>
        <translation>Jetzt neu indizieren</translation>
    </message>
    <message>
        <source>Rebuilding the index…</source>
        <translation>Index wird neu aufgebaut …</translation>
    </message>
    <message>
        <source>Re-indexing…</source>
        <translation>Wird neu indiziert …</translation>
    </message>
    <message>
        <source>Connect Agent…</source>
        <translation>Agent verbinden …</translation>
    </message>
    <message>
        <source>Set a Focus…</source>
        <translation>Fokus setzen …</translation>
    </message>
    <message numerus="yes">
        <source>✔ Healthy · %Ln not started yet</source>
        <translation>
            <numerusform>✔ In Ordnung · %Ln noch nicht begonnen</numerusform>
            <numerusform>✔ In Ordnung · %Ln noch nicht begonnen</numerusform>
        </translation>
    </message>
    <message>
        <source>Resolve Conflicts…</source>
        <translation>Konflikte lösen …</translation>
    </message>
    <message>
        <source>✔ Healthy · the agent has been quiet lately</source>
        <translation>✔ Gesund · der Agent war zuletzt ruhig</translation>
    </message>
    <message>
        <source>Review…</source>
        <translation>Überprüfen…</translation>
    </message>
    <message>
        <source>Open the Review view: duplicates, contradictions and stale facts to resolve</source>
        <translation>Die Ansicht „Überprüfen“ öffnen: Duplikate, Widersprüche und veraltete Fakten klären</translation>
    </message>
    <message>
        <source>Review findings could not be read: %1</source>
        <translation>Die Befunde zum Überprüfen konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>No duplicates, contradictions or stale facts to review</source>
        <translation>Keine Duplikate, Widersprüche oder veralteten Fakten zu überprüfen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln finding(s) to review: duplicates, contradictions or stale facts</source>
        <translation>
            <numerusform>%Ln Befund zu überprüfen: Duplikate, Widersprüche oder veraltete Fakten</numerusform>
            <numerusform>%Ln Befunde zu überprüfen: Duplikate, Widersprüche oder veraltete Fakten</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for findings…</source>
        <translation>Suche nach Befunden…</translation>
    </message>
</context>
<context>
    <name>engram::HealthModel</name>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Stale</source>
        <translation>Veraltet</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlt</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>Check</source>
        <translation>Prüfung</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>Details</translation>
    </message>
    <message>
        <source>Fix</source>
        <translation>Behebung</translation>
    </message>
    <message>
        <source>not yet</source>
        <comment>health status: something that has not started in this vault</comment>
        <translation>noch nicht</translation>
    </message>
</context>
<context>
    <name>engram::HealthText</name>
    <message>
        <source>Index integrity</source>
        <translation>Integrität des Index</translation>
    </message>
    <message>
        <source>Vectors = chunks</source>
        <translation>Vektoren = Abschnitte</translation>
    </message>
    <message>
        <source>Index matches files</source>
        <translation>Index passt zu den Dateien</translation>
    </message>
    <message>
        <source>Last re-index</source>
        <translation>Letzte Neuindizierung</translation>
    </message>
    <message>
        <source>Indexing problems</source>
        <translation>Probleme beim Indizieren</translation>
    </message>
    <message>
        <source>Cognitive state</source>
        <translation>Kognitiver Zustand</translation>
    </message>
    <message>
        <source>Memory folders</source>
        <translation>Gedächtnisordner</translation>
    </message>
    <message>
        <source>Today&apos;s session</source>
        <translation>Heutige Sitzung</translation>
    </message>
    <message>
        <source>Tool usage</source>
        <translation>Werkzeugnutzung</translation>
    </message>
    <message>
        <source>Reflections</source>
        <translation>Reflexionen</translation>
    </message>
    <message>
        <source>LLM endpoint</source>
        <translation>LLM-Endpunkt</translation>
    </message>
    <message>
        <source>Embedding endpoint</source>
        <translation>Embedding-Endpunkt</translation>
    </message>
    <message>
        <source>Journal</source>
        <translation>Journal</translation>
    </message>
    <message numerus="yes">
        <source>%Ln min ago</source>
        <translation>
            <numerusform>vor %Ln Min.</numerusform>
            <numerusform>vor %Ln Min.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln h ago</source>
        <translation>
            <numerusform>vor %Ln Std.</numerusform>
            <numerusform>vor %Ln Std.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln day(s) ago</source>
        <translation>
            <numerusform>vor %Ln Tag</numerusform>
            <numerusform>vor %Ln Tagen</numerusform>
        </translation>
    </message>
    <message>
        <source>SQLite integrity check passed</source>
        <translation>SQLite-Integritätsprüfung bestanden</translation>
    </message>
    <message>
        <source>The vectors could not be brought up to date: %1</source>
        <translation>Die Vektoren konnten nicht aktualisiert werden: %1</translation>
    </message>
    <message numerus="yes">
        <source>The vector index holds exactly the %Ln chunk(s)&apos; vectors</source>
        <translation>
            <numerusform>Der Vektorindex enthält genau den Vektor des %Ln Abschnitts</numerusform>
            <numerusform>Der Vektorindex enthält genau die Vektoren der %Ln Abschnitte</numerusform>
        </translation>
    </message>
    <message>
        <source>The vector index lacks %1 of the %2 chunks&apos; vectors and holds %3 of chunks that are gone</source>
        <translation>Dem Vektorindex fehlen %1 der Vektoren der %2 Abschnitte, und er enthält %3 von Abschnitten, die es nicht mehr gibt</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) indexed</source>
        <translation>
            <numerusform>%Ln Datei indiziert</numerusform>
            <numerusform>%Ln Dateien indiziert</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 new, %2 changed, %3 deleted since the last index</source>
        <translation>%1 neu, %2 geändert, %3 gelöscht seit dem letzten Indizieren</translation>
    </message>
    <message>
        <source>The vault has never been indexed</source>
        <translation>Der Tresor wurde noch nie indiziert</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) could not be indexed</source>
        <translation>
            <numerusform>%Ln Datei konnte nicht indiziert werden</numerusform>
            <numerusform>%Ln Dateien konnten nicht indiziert werden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln warning(s)</source>
        <translation>
            <numerusform>%Ln Warnung</numerusform>
            <numerusform>%Ln Warnungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 heuristics, %2 learnings, %3 avoidances; changed %4</source>
        <translation>%1 Heuristiken, %2 Erkenntnisse, %3 Vermeidungen; geändert %4</translation>
    </message>
    <message>
        <source>; no focus set</source>
        <translation>; kein Fokus gesetzt</translation>
    </message>
    <message>
        <source>memories/ does not exist: nothing has been remembered yet</source>
        <translation>memories/ fehlt: noch nichts gemerkt</translation>
    </message>
    <message>
        <source>memories/ is empty</source>
        <translation>memories/ ist leer</translation>
    </message>
    <message>
        <source>memories/: %1</source>
        <translation>memories/: %1</translation>
    </message>
    <message>
        <source>%1 captured %2</source>
        <translation>%1 erfasst %2</translation>
    </message>
    <message>
        <source>No session file under sessions/%1/</source>
        <translation>Keine Sitzungsdatei unter sessions/%1/</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) in sessions/%1/, newest changed %2</source>
        <translation>
            <numerusform>%Ln Datei in sessions/%1/, zuletzt geändert %2</numerusform>
            <numerusform>%Ln Dateien in sessions/%1/, neueste geändert %2</numerusform>
        </translation>
    </message>
    <message>
        <source>state/tool-usage.jsonl does not exist: no tool calls counted yet</source>
        <translation>state/tool-usage.jsonl fehlt: noch keine Werkzeugaufrufe gezählt</translation>
    </message>
    <message>
        <source>%1 of at most %2 events</source>
        <translation>%1 von höchstens %2 Ereignissen</translation>
    </message>
    <message>
        <source>%1 of at most %2 events, newest %3</source>
        <translation>%1 von höchstens %2 Ereignissen, neuestes %3</translation>
    </message>
    <message>
        <source>Reflection is off: no LLM endpoint in engram.json (%1 stored)</source>
        <translation>Reflexion ist aus: kein LLM-Endpunkt in engram.json (%1 gespeichert)</translation>
    </message>
    <message>
        <source>state/reflections.jsonl has no reflection yet</source>
        <translation>state/reflections.jsonl enthält noch keine Reflexion</translation>
    </message>
    <message>
        <source>%1 stored, %2 awaiting a decision; last %3</source>
        <translation>%1 gespeichert, %2 warten auf eine Entscheidung; letzte %3</translation>
    </message>
    <message>
        <source>Not configured</source>
        <translation>Nicht eingerichtet</translation>
    </message>
    <message>
        <source>%1 answered HTTP %2</source>
        <translation>%1 antwortete mit HTTP %2</translation>
    </message>
    <message>
        <source>%1 answers (HTTP %2), model %3</source>
        <translation>%1 antwortet (HTTP %2), Modell %3</translation>
    </message>
    <message>
        <source>journals in state/journal/ replayed</source>
        <translation>Journale in state/journal/ nachgespielt</translation>
    </message>
    <message numerus="yes">
        <source>(stale after %Ln day(s))</source>
        <translation>
            <numerusform>(veraltet nach %Ln Tag)</numerusform>
            <numerusform>(veraltet nach %Ln Tagen)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>(stale after %Ln h)</source>
        <translation>
            <numerusform>(veraltet nach %Ln Std.)</numerusform>
            <numerusform>(veraltet nach %Ln Std.)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>… and %Ln more</source>
        <translation>
            <numerusform>… und %Ln weiteres</numerusform>
            <numerusform>… und %Ln weitere</numerusform>
        </translation>
    </message>
    <message>
        <source>Rebuild the index (engram-cli rebuild)</source>
        <translation>Index neu aufbauen (engram-cli rebuild)</translation>
    </message>
    <message>
        <source>Re-index the vault (engram-cli index)</source>
        <translation>Tresor neu indizieren (engram-cli index)</translation>
    </message>
    <message>
        <source>Fix or remove the files named, then re-index</source>
        <translation>Die genannten Dateien korrigieren oder entfernen, dann neu indizieren</translation>
    </message>
    <message>
        <source>Fix or remove the lines named in state/journal.jsonl, then rebuild the index</source>
        <translation>Die genannten Zeilen in state/journal.jsonl korrigieren oder entfernen, dann den Index neu aufbauen</translation>
    </message>
    <message>
        <source>Set a focus in the State view (engram-cli state focus &quot;…&quot;)</source>
        <translation>Einen Fokus in der Ansicht Zustand setzen (engram-cli state focus &quot;…&quot;)</translation>
    </message>
    <message>
        <source>Fix the file by hand; Engram will not overwrite it</source>
        <translation>Die Datei von Hand korrigieren; Engram überschreibt sie nicht</translation>
    </message>
    <message>
        <source>Set a focus in the State view, or install the agent-end hook</source>
        <translation>Einen Fokus in der Ansicht Zustand setzen oder den Agent-Ende-Hook installieren</translation>
    </message>
    <message>
        <source>Create memories/semantic, or say &quot;remember that …&quot; with the agent-end hook installed</source>
        <translation>memories/semantic anlegen oder mit installiertem Agent-Ende-Hook „merk dir, dass …“ sagen</translation>
    </message>
    <message>
        <source>Connect the agent (Tools › Connect Agent…) so each session is captured, or run engram-cli capture to copy its transcripts into sessions/</source>
        <translation>Den Agenten verbinden (Werkzeuge › Agent verbinden …), damit jede Sitzung erfasst wird, oder engram-cli capture ausführen, um seine Transkripte nach sessions/ zu kopieren</translation>
    </message>
    <message>
        <source>Index agent transcripts (sessions/…/*.jsonl) or install the tool hook</source>
        <translation>Agententranskripte indizieren (sessions/…/*.jsonl) oder den Werkzeug-Hook installieren</translation>
    </message>
    <message>
        <source>Fix or delete the line named</source>
        <translation>Die genannte Zeile korrigieren oder löschen</translation>
    </message>
    <message>
        <source>Run a reflection (engram-cli reflect)</source>
        <translation>Eine Reflexion ausführen (engram-cli reflect)</translation>
    </message>
    <message>
        <source>Start the model server, or correct the URL in engram.json</source>
        <translation>Den Modellserver starten oder die URL in engram.json korrigieren</translation>
    </message>
    <message>
        <source>Check the model server&apos;s log</source>
        <translation>Das Protokoll des Modellservers prüfen</translation>
    </message>
    <message>
        <source>No cognitive state yet (state/cognitive.json), so packs carry no focus, heuristics or learnings</source>
        <translation>Noch kein kognitiver Zustand (state/cognitive.json), daher enthalten Pakete keinen Fokus, keine Heuristiken und keine Erkenntnisse</translation>
    </message>
    <message>
        <source>No session yet: nothing captured under sessions/</source>
        <translation>Noch keine Sitzung: nichts unter sessions/ erfasst</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a memory store and its file count</comment>
        <translation>%1 (%2)</translation>
    </message>
    <message>
        <source>Check that the agent still writes its transcript there and that its capture hooks are installed (Tools › Connect Agent…)</source>
        <translation>Prüfen, ob der Agent sein Transkript noch dort schreibt und seine Erfassungs-Hooks installiert sind (Werkzeuge › Agent verbinden …)</translation>
    </message>
    <message>
        <source>Index recent transcripts, or check the tool hook</source>
        <translation>Neuere Transkripte indizieren oder den Werkzeug-Hook prüfen</translation>
    </message>
    <message>
        <source>Sync conflicts</source>
        <translation>Sync-Konflikte</translation>
    </message>
    <message>
        <source>No file holds conflict markers</source>
        <translation>Keine Datei enthält Konfliktmarker</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s) hold conflict markers from a sync and are not indexed</source>
        <translation>
            <numerusform>%Ln Datei enthält Konfliktmarker aus einer Synchronisierung und wird nicht indiziert</numerusform>
            <numerusform>%Ln Dateien enthalten Konfliktmarker aus einer Synchronisierung und werden nicht indiziert</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a version of each file (Sync › Resolve Conflicts…), then sync again</source>
        <translation>Für jede Datei eine Fassung wählen (Sync › Konflikte lösen …), dann erneut synchronisieren</translation>
    </message>
    <message>
        <source>Secrets</source>
        <translation>Geheimnisse</translation>
    </message>
    <message>
        <source>No file holds a secret</source>
        <translation>Keine Datei enthält ein Geheimnis</translation>
    </message>
    <message numerus="yes">
        <source>%Ln secret(s) in %1 file(s): recall and packs redact them, sync does not commit the files</source>
        <translation>
            <numerusform>%Ln Geheimnis in %1 Datei(en): Abruf und Pakete schwärzen es, Sync übernimmt die Dateien nicht</numerusform>
            <numerusform>%Ln Geheimnisse in %1 Datei(en): Abruf und Pakete schwärzen sie, Sync übernimmt die Dateien nicht</numerusform>
        </translation>
    </message>
    <message>
        <source>Rewrite the files without their secrets (engram-cli redact --apply)</source>
        <translation>Die Dateien ohne ihre Geheimnisse neu schreiben (engram-cli redact --apply)</translation>
    </message>
    <message>
        <source>Index writes</source>
        <translation>Schreiben des Index</translation>
    </message>
    <message>
        <source>File watching</source>
        <translation>Dateiüberwachung</translation>
    </message>
    <message>
        <source>The last index run wrote everything; %1 MiB free on the index&apos;s disk</source>
        <translation>Der letzte Indexlauf hat alles geschrieben; %1 MiB frei auf dem Datenträger des Index</translation>
    </message>
    <message>
        <source>The index run of %1 could not write: %2. Recall answers from what was indexed before; %3 MiB free on the index&apos;s disk now</source>
        <translation>Der Indexlauf von %1 konnte nicht schreiben: %2. Der Abruf antwortet aus dem, was vorher indiziert war; jetzt %3 MiB frei auf dem Datenträger des Index</translation>
    </message>
    <message numerus="yes">
        <source>File watching unavailable: rescanning every %Ln s (%1)</source>
        <translation>
            <numerusform>Dateiüberwachung nicht verfügbar: neuer Abgleich alle %Ln s (%1)</numerusform>
            <numerusform>Dateiüberwachung nicht verfügbar: neuer Abgleich alle %Ln s (%1)</numerusform>
        </translation>
    </message>
    <message>
        <source>Free space on the index&apos;s disk, then re-index the vault (engram-cli index)</source>
        <translation>Platz auf dem Datenträger des Index freigeben, dann den Tresor neu indizieren (engram-cli index)</translation>
    </message>
    <message>
        <source>Close programs that watch many files, or raise fs.inotify.max_user_watches and fs.inotify.max_user_instances (sysctl)</source>
        <translation>Programme schließen, die viele Dateien überwachen, oder fs.inotify.max_user_watches und fs.inotify.max_user_instances erhöhen (sysctl)</translation>
    </message>
    <message>
        <source>%1 folders watched</source>
        <translation>%1 Ordner überwacht</translation>
    </message>
</context>
<context>
    <name>engram::HelpMenu</name>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Tastenkürzel</translation>
    </message>
    <message>
        <source>&amp;Wiring Engram into an Agent</source>
        <translation>Engram mit einem Agenten &amp;verbinden</translation>
    </message>
    <message>
        <source>&amp;About Engram</source>
        <translation>&amp;Über Engram</translation>
    </message>
    <message>
        <source>Vault</source>
        <translation>Tresor</translation>
    </message>
    <message>
        <source>none open</source>
        <translation>keiner geöffnet</translation>
    </message>
    <message>
        <source>Index</source>
        <translation>Index</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Workbench settings</source>
        <translation>Einstellungen der Werkbank</translation>
    </message>
    <message>
        <source>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;A memory workbench for AI agents: plain files in a vault, an index derived from them, recall and context packs for the agent.&lt;/p&gt;&lt;p&gt;Licensed under the MIT licence.&lt;/p&gt;</source>
        <translation>&lt;h3&gt;Engram %1&lt;/h3&gt;&lt;p&gt;Eine Gedächtnis-Werkbank für KI-Agenten: einfache Dateien in einem Tresor, ein daraus abgeleiteter Index, Abruf und Kontextpakete für den Agenten.&lt;/p&gt;&lt;p&gt;Lizenziert unter der MIT-Lizenz.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;a href=&apos;%1&apos;&gt;Wiring Engram into an agent&lt;/a&gt; (README)&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;a href=&apos;%1&apos;&gt;Engram mit einem Agenten verbinden&lt;/a&gt; (README)&lt;/p&gt;</translation>
    </message>
    <message>
        <source>About Engram</source>
        <translation>Über Engram</translation>
    </message>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Tastenkürzel</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>Tasten</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Aktion</translation>
    </message>
</context>
<context>
    <name>engram::IndexStatus</name>
    <message>
        <source>Opening %1…</source>
        <translation>%1 wird geöffnet …</translation>
    </message>
    <message>
        <source>Cannot open the vault: %1</source>
        <translation>Der Tresor kann nicht geöffnet werden: %1</translation>
    </message>
    <message>
        <source>Indexing %1/%2: %3</source>
        <translation>Indiziere %1/%2: %3</translation>
    </message>
    <message numerus="yes">
        <source>Indexed %Ln file(s) in %1 ms</source>
        <translation>
            <numerusform>%Ln Datei in %1 ms indiziert</numerusform>
            <numerusform>%Ln Dateien in %1 ms indiziert</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, removed %Ln</source>
        <translation>
            <numerusform>, %Ln entfernt</numerusform>
            <numerusform>, %Ln entfernt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln failed (see Health)</source>
        <translation>
            <numerusform>, %Ln fehlgeschlagen (siehe Gesundheit)</numerusform>
            <numerusform>, %Ln fehlgeschlagen (siehe Gesundheit)</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing error: %1</source>
        <translation>Fehler beim Indizieren: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln file(s)</source>
        <translation>
            <numerusform>%Ln Datei</numerusform>
            <numerusform>%Ln Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln memory(s)</source>
        <translation>
            <numerusform>%Ln Erinnerung</numerusform>
            <numerusform>%Ln Erinnerungen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln in conflict after a sync (Resolve… above)</source>
        <translation>
            <numerusform>, %Ln nach einer Synchronisierung im Konflikt (oben „Lösen …“)</numerusform>
            <numerusform>, %Ln nach einer Synchronisierung im Konflikt (oben „Lösen …“)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::IndexWorker</name>
    <message numerus="yes">
        <source>Indexing %Ln file(s)…</source>
        <translation>
            <numerusform>%Ln Datei wird indiziert …</numerusform>
            <numerusform>%Ln Dateien werden indiziert …</numerusform>
        </translation>
    </message>
    <message>
        <source>Indexing the vault…</source>
        <translation>Der Tresor wird indiziert …</translation>
    </message>
    <message>
        <source>Rebuilding the index…</source>
        <translation>Index wird neu aufgebaut …</translation>
    </message>
    <message numerus="yes">
        <source>File watching unavailable: rescanning every %Ln s (%1)</source>
        <translation>
            <numerusform>Dateiüberwachung nicht verfügbar: neuer Abgleich alle %Ln s (%1)</numerusform>
            <numerusform>Dateiüberwachung nicht verfügbar: neuer Abgleich alle %Ln s (%1)</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln folder(s) of the vault cannot be watched, the first %1: %2</source>
        <translation>
            <numerusform>%Ln Ordner des Tresors kann nicht überwacht werden, %1: %2</numerusform>
            <numerusform>%Ln Ordner des Tresors können nicht überwacht werden, der erste %1: %2</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::InjectedContextPanel</name>
    <message>
        <source>What the agent was shown</source>
        <translation>Was der Agent zu sehen bekam</translation>
    </message>
    <message>
        <source>What Engram put in front of the agent&apos;s model in this session, as the transcript records it: the pack at the session&apos;s start and each result of an Engram tool</source>
        <translation>Was Engram dem Modell des Agenten in dieser Sitzung vorgelegt hat, wie das Transkript es festhält: das Paket zum Sitzungsbeginn und jedes Ergebnis eines Engram-Werkzeugs</translation>
    </message>
    <message>
        <source>Session start pack — %1 characters</source>
        <translation>Paket zum Sitzungsbeginn — %1 Zeichen</translation>
    </message>
    <message>
        <source>%1 %2 — failed</source>
        <translation>%1 %2 — fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 %2 — %3 characters</source>
        <translation>%1 %2 — %3 Zeichen</translation>
    </message>
    <message>
        <source>Line %1 of the transcript</source>
        <translation>Zeile %1 des Transkripts</translation>
    </message>
</context>
<context>
    <name>engram::LinkedVaultsPage</name>
    <message>
        <source>Recall and context packs also draw from these vaults; each result names the vault it came from. Captured sessions always stay in this vault.</source>
        <translation>Abruf und Kontextpakete schöpfen auch aus diesen Tresoren; jedes Ergebnis nennt den Tresor, aus dem es stammt. Aufgezeichnete Sitzungen bleiben immer in diesem Tresor.</translation>
    </message>
    <message>
        <source>team</source>
        <translation>team</translation>
    </message>
    <message>
        <source>/path/to/team-vault, or relative to this vault</source>
        <translation>/pfad/zum/team-tresor, oder relativ zu diesem Tresor</translation>
    </message>
    <message>
        <source>Link</source>
        <translation>Verknüpfen</translation>
    </message>
    <message>
        <source>Unlink</source>
        <translation>Lösen</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>Ordner:</translation>
    </message>
    <message>
        <source>(left out of recall: %1)</source>
        <translation>(beim Abruf ausgelassen: %1)</translation>
    </message>
    <message>
        <source>A name is 1–40 lower-case letters, digits, &apos;-&apos; or &apos;_&apos; (not “personal”).</source>
        <translation>Ein Name besteht aus 1–40 Kleinbuchstaben, Ziffern, &apos;-&apos; oder &apos;_&apos; (nicht „personal“).</translation>
    </message>
    <message>
        <source>“%1” is linked already.</source>
        <translation>„%1“ ist bereits verknüpft.</translation>
    </message>
    <message>
        <source>Linked “%1”; saving reopens the vault.</source>
        <translation>„%1“ verknüpft; Speichern öffnet den Tresor neu.</translation>
    </message>
    <message>
        <source>Unlinked “%1” (its files are untouched); saving reopens the vault.</source>
        <translation>„%1“ gelöst (seine Dateien bleiben unberührt); Speichern öffnet den Tresor neu.</translation>
    </message>
</context>
<context>
    <name>engram::MainWindow</name>
    <message>
        <source>Engram</source>
        <translation>Engram</translation>
    </message>
    <message>
        <source>&amp;Memories</source>
        <translation>&amp;Erinnerungen</translation>
    </message>
    <message>
        <source>&amp;Recall</source>
        <translation>&amp;Abrufen</translation>
    </message>
    <message>
        <source>Context &amp;Pack</source>
        <translation>Kontext&amp;paket</translation>
    </message>
    <message>
        <source>&amp;State</source>
        <translation>Zu&amp;stand</translation>
    </message>
    <message>
        <source>Re&amp;gions</source>
        <translation>Re&amp;gionen</translation>
    </message>
    <message>
        <source>&amp;Associations</source>
        <translation>Assoziati&amp;onen</translation>
    </message>
    <message>
        <source>&amp;Consolidation</source>
        <translation>&amp;Konsolidierung</translation>
    </message>
    <message>
        <source>&amp;Tools</source>
        <translation>&amp;Werkzeuge</translation>
    </message>
    <message>
        <source>&amp;Health</source>
        <translation>&amp;Gesundheit</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Open Vault…</source>
        <translation>Tresor ö&amp;ffnen …</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>&amp;Zuletzt geöffnet</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>&amp;Einstellungen …</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation>&amp;Gedächtnis</translation>
    </message>
    <message>
        <source>&amp;Find Memory</source>
        <translation>Erinnerung &amp;suchen</translation>
    </message>
    <message>
        <source>&amp;Ask…</source>
        <translation>&amp;Fragen …</translation>
    </message>
    <message>
        <source>&amp;Copy Context Pack</source>
        <translation>Kontextpaket &amp;kopieren</translation>
    </message>
    <message>
        <source>&amp;Re-index Vault</source>
        <translation>Tresor neu &amp;indizieren</translation>
    </message>
    <message>
        <source>Re&amp;build Index</source>
        <translation>Index neu &amp;aufbauen</translation>
    </message>
    <message>
        <source>&amp;Watch Vault for Changes</source>
        <translation>Tresor auf Änderungen &amp;überwachen</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>Open Vault</source>
        <translation>Tresor öffnen</translation>
    </message>
    <message>
        <source>C&amp;onsolidate Now</source>
        <translation>Jetzt k&amp;onsolidieren</translation>
    </message>
    <message>
        <source>Consolidating…</source>
        <translation>Konsolidiere …</translation>
    </message>
    <message>
        <source>Consolidation failed: %1</source>
        <translation>Konsolidierung fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>A consolidation is already running</source>
        <translation>Eine Konsolidierung läuft bereits</translation>
    </message>
    <message>
        <source>No vault is open</source>
        <translation>Kein Tresor ist geöffnet</translation>
    </message>
    <message>
        <source>Connect &amp;Agent…</source>
        <translation>&amp;Agent verbinden …</translation>
    </message>
    <message>
        <source>Add Engram&apos;s hooks and MCP server to Claude Code or Codex, or take them out</source>
        <translation>Engrams Hooks und MCP-Server zu Claude Code oder Codex hinzufügen oder wieder entfernen</translation>
    </message>
    <message>
        <source>Open a vault first: the agent is connected to the open vault</source>
        <translation>Zuerst einen Tresor öffnen: Der Agent wird mit dem geöffneten Tresor verbunden</translation>
    </message>
    <message>
        <source>Cannot open %1: %2</source>
        <translation>%1 kann nicht geöffnet werden: %2</translation>
    </message>
    <message>
        <source>Context pack for “%1” copied to the clipboard</source>
        <translation>Kontextpaket für „%1“ in die Zwischenablage kopiert</translation>
    </message>
    <message>
        <source>&amp;Expectations…</source>
        <translation>&amp;Erwartungen …</translation>
    </message>
    <message>
        <source>Which questions still find the memory marked as their right answer</source>
        <translation>Welche Fragen die als richtige Antwort markierte Erinnerung noch finden</translation>
    </message>
    <message>
        <source>%1 does not exist or is not a folder.</source>
        <translation>%1 existiert nicht oder ist kein Ordner.</translation>
    </message>
    <message>
        <source>Make %1 an Engram vault?</source>
        <translation>%1 zu einem Engram-Tresor machen?</translation>
    </message>
    <message>
        <source>Engram keeps its index in .engram/ inside the folder and adds the folders notes/, memories/, sessions/, consolidated/ and state/. Your files stay as they are.</source>
        <translation>Engram legt seinen Index in .engram/ im Ordner ab und fügt die Ordner notes/, memories/, sessions/, consolidated/ und state/ hinzu. Deine Dateien bleiben unverändert.</translation>
    </message>
    <message>
        <source>Open a vault first: expectations live in its state/ folder</source>
        <translation>Zuerst einen Tresor öffnen: Erwartungen liegen in seinem Ordner state/</translation>
    </message>
    <message>
        <source>S&amp;ync</source>
        <translation>S&amp;ync</translation>
    </message>
    <message>
        <source>&amp;Sync Now</source>
        <translation>Jetzt &amp;synchronisieren</translation>
    </message>
    <message>
        <source>Commit the vault&apos;s changes, merge the remote&apos;s and push (git)</source>
        <translation>Die Änderungen des Tresors committen, die des Remotes zusammenführen und pushen (git)</translation>
    </message>
    <message>
        <source>&amp;Resolve Conflicts…</source>
        <translation>Konflikte &amp;lösen …</translation>
    </message>
    <message>
        <source>Syncing…</source>
        <translation>Synchronisiere …</translation>
    </message>
    <message>
        <source>Sync: %1</source>
        <translation>Sync: %1</translation>
    </message>
    <message>
        <source>A sync is already running</source>
        <translation>Eine Synchronisierung läuft bereits</translation>
    </message>
    <message>
        <source>Sync</source>
        <translation>Sync</translation>
    </message>
    <message>
        <source>%1 is not a git repository yet. Make it one?</source>
        <translation>%1 ist noch kein Git-Repository. Eines daraus machen?</translation>
    </message>
    <message>
        <source>Engram syncs a vault with git: it commits your files (never the index in .engram/), merges what other machines pushed, and pushes. Nothing in the vault is changed but a .gitignore and a .gitattributes.</source>
        <translation>Engram synchronisiert einen Tresor mit Git: Es committet deine Dateien (nie den Index in .engram/), führt zusammen, was andere Rechner gepusht haben, und pusht. Im Tresor ändert sich nichts außer einer .gitignore und einer .gitattributes.</translation>
    </message>
    <message>
        <source>The remote to sync with (a git URL or a folder); leave empty to commit locally for now:</source>
        <translation>Das Remote zum Synchronisieren (eine Git-URL oder ein Ordner); leer lassen, um vorerst nur lokal zu committen:</translation>
    </message>
    <message>
        <source>Could not make the vault a repository: %1</source>
        <translation>Der Tresor konnte nicht zu einem Repository gemacht werden: %1</translation>
    </message>
    <message>
        <source>Sync: up to date</source>
        <translation>Sync: auf dem neuesten Stand</translation>
    </message>
    <message>
        <source>Synced with %1: %2 file(s) committed, %3 received</source>
        <translation>Mit %1 synchronisiert: %2 Datei(en) committet, %3 empfangen</translation>
    </message>
    <message>
        <source>Committed locally; push skipped: %1</source>
        <translation>Lokal committet; Push ausgelassen: %1</translation>
    </message>
    <message>
        <source>Sync failed: %1</source>
        <translation>Sync fehlgeschlagen: %1</translation>
    </message>
    <message>
        <source>Not committed (too large): %1</source>
        <translation>Nicht committet (zu groß): %1</translation>
    </message>
    <message>
        <source>%1[*] — Engram</source>
        <translation>%1[*] — Engram</translation>
    </message>
    <message>
        <source>&amp;Appearance</source>
        <translation>&amp;Erscheinungsbild</translation>
    </message>
    <message>
        <source>&amp;System</source>
        <translation>&amp;System</translation>
    </message>
    <message>
        <source>&amp;Light</source>
        <translation>&amp;Hell</translation>
    </message>
    <message>
        <source>&amp;Dark</source>
        <translation>&amp;Dunkel</translation>
    </message>
    <message numerus="yes">
        <source>Sync stopped: %Ln file(s) in conflict, changed on both machines: %1 (Resolve… above)</source>
        <translation>
            <numerusform>Synchronisierung angehalten: %Ln Datei im Konflikt, auf beiden Rechnern geändert: %1 (oben „Lösen …“)</numerusform>
            <numerusform>Synchronisierung angehalten: %Ln Dateien im Konflikt, auf beiden Rechnern geändert: %1 (oben „Lösen …“)</numerusform>
        </translation>
    </message>
    <message>
        <source>Rev&amp;iew</source>
        <translation>Ü&amp;berprüfen</translation>
    </message>
</context>
<context>
    <name>engram::MemoryBrowser</name>
    <message>
        <source>Search titles and paths…</source>
        <translation>Titel und Pfade durchsuchen …</translation>
    </message>
    <message>
        <source>Opening the vault…</source>
        <translation>Der Tresor wird geöffnet …</translation>
    </message>
    <message>
        <source>No vault is open. Use File › Open Vault…</source>
        <translation>Kein Tresor ist geöffnet. Wähle Datei › Tresor öffnen …</translation>
    </message>
    <message>
        <source>All regions</source>
        <translation>Alle Regionen</translation>
    </message>
    <message>
        <source>All stores</source>
        <translation>Alle Speicher</translation>
    </message>
    <message>
        <source>All layers</source>
        <translation>Alle Ebenen</translation>
    </message>
    <message>
        <source>Indexing… memories appear here as soon as they are indexed.</source>
        <translation>Indizierung läuft … Erinnerungen erscheinen hier, sobald sie indiziert sind.</translation>
    </message>
    <message>
        <source>This vault holds no memories yet. Drop Markdown or text files onto the window, or write notes in %1.</source>
        <translation>Dieser Tresor enthält noch keine Erinnerungen. Ziehe Markdown- oder Textdateien auf das Fenster oder schreibe Notizen in %1.</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 von %2</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <source>No memory matches “%1” with these filters.</source>
        <translation>Keine Erinnerung passt mit diesen Filtern zu „%1“.</translation>
    </message>
    <message>
        <source>No memory matches these filters.</source>
        <translation>Keine Erinnerung passt zu diesen Filtern.</translation>
    </message>
    <message>
        <source>⚠ %1 — in conflict after a sync: its last good version</source>
        <translation>⚠ %1 — nach einer Synchronisierung im Konflikt: ihre letzte gute Fassung</translation>
    </message>
    <message>
        <source>Two versions of this note met in a sync. Choose what it says with Resolve… above; until then it is not searched.</source>
        <translation>Bei einer Synchronisierung trafen zwei Fassungen dieser Notiz aufeinander. Wählen Sie oben mit „Lösen …“, was sie sagt; bis dahin wird sie nicht durchsucht.</translation>
    </message>
    <message>
        <source>Indexing %1 of %2 files… memories appear here as soon as they are indexed.</source>
        <translation>Indiziere %1 von %2 Dateien … Erinnerungen erscheinen hier, sobald sie indiziert sind.</translation>
    </message>
    <message>
        <source>Listing the memories…</source>
        <translation>Die Erinnerungen werden aufgelistet …</translation>
    </message>
</context>
<context>
    <name>engram::MemoryTableModel</name>
    <message>
        <source>No strength data yet: it appears once the dynamics journal records accesses.</source>
        <translation>Noch keine Stärkedaten: Sie erscheinen, sobald das Dynamik-Journal Zugriffe festhält.</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Titel</translation>
    </message>
    <message>
        <source>Store</source>
        <translation>Speicher</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Layer</source>
        <comment>consolidation layer</comment>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>Stärke</translation>
    </message>
    <message>
        <source>Last access</source>
        <translation>Letzter Zugriff</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>You: %1</source>
        <translation>Sie: %1</translation>
    </message>
    <message>
        <source>Assistant: %1</source>
        <translation>Assistent: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln passage(s) · %1</source>
        <translation>
            <numerusform>%Ln Abschnitt · %1</numerusform>
            <numerusform>%Ln Abschnitte · %1</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%1
%2
%Ln passage(s)</source>
        <translation>
            <numerusform>%1
%2
%Ln Abschnitt</numerusform>
            <numerusform>%1
%2
%Ln Abschnitte</numerusform>
        </translation>
    </message>
    <message>
        <source>line %1</source>
        <translation>Zeile %1</translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation>Zeilen %1–%2</translation>
    </message>
</context>
<context>
    <name>engram::MessageLog</name>
    <message>
        <source>Messages of this session: refused drops, errors, finished jobs</source>
        <translation>Meldungen dieser Sitzung: abgelehnte Ablagen, Fehler, abgeschlossene Aufträge</translation>
    </message>
    <message>
        <source>Messages</source>
        <translation>Meldungen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln new message(s)</source>
        <translation>
            <numerusform>%Ln neue Meldung</numerusform>
            <numerusform>%Ln neue Meldungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::NoteEditor</name>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Save the file (%1)</source>
        <translation>Datei speichern (%1)</translation>
    </message>
    <message>
        <source>Open in &amp;Editor</source>
        <translation>Im &amp;Editor öffnen</translation>
    </message>
    <message>
        <source>&amp;Reload from Disk</source>
        <translation>Von der Platte &amp;neu laden</translation>
    </message>
    <message>
        <source>Save &amp;Anyway</source>
        <translation>Trotzdem &amp;speichern</translation>
    </message>
    <message>
        <source>%1 changed on disk while you were editing it.</source>
        <translation>%1 wurde auf der Platte geändert, während du es bearbeitet hast.</translation>
    </message>
    <message>
        <source>Select a memory to see its source.</source>
        <translation>Wähle eine Erinnerung, um ihre Quelle zu sehen.</translation>
    </message>
    <message>
        <source>&amp;Raw</source>
        <translation>&amp;Rohtext</translation>
    </message>
    <message>
        <source>Show the session&apos;s raw lines instead of the conversation</source>
        <translation>Die Rohzeilen der Sitzung statt des Gesprächs zeigen</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Bearbeiten</translation>
    </message>
    <message>
        <source>Edit the raw lines of this session</source>
        <translation>Die Rohzeilen dieser Sitzung bearbeiten</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>%1 has changes that are not saved.</source>
        <translation>%1 enthält Änderungen, die nicht gespeichert sind.</translation>
    </message>
    <message>
        <source>Save them before leaving the note?</source>
        <translation>Vor dem Verlassen der Notiz speichern?</translation>
    </message>
    <message>
        <source>Show &amp;Changes</source>
        <translation>Ä&amp;nderungen zeigen</translation>
    </message>
    <message>
        <source>(the file on disk says the same as your text)</source>
        <translation>(die Datei auf dem Datenträger sagt dasselbe wie Ihr Text)</translation>
    </message>
    <message>
        <source>- your text, + the file on disk:
</source>
        <translation>- Ihr Text, + die Datei auf dem Datenträger:
</translation>
    </message>
    <message>
        <source>%1 — in conflict: its last good version (read-only)</source>
        <translation>%1 — im Konflikt: ihre letzte gute Fassung (schreibgeschützt)</translation>
    </message>
    <message>
        <source>Two versions of %1 met in a sync. This is its last good version, as this machine had it before the sync. Choose what the note says with Sync › Resolve Conflicts…</source>
        <translation>Bei einer Synchronisierung trafen zwei Fassungen von %1 aufeinander. Dies ist ihre letzte gute Fassung, wie dieser Rechner sie vor der Synchronisierung hatte. Wählen Sie unter Sync › Konflikte lösen …, was die Notiz sagt.</translation>
    </message>
    <message>
        <source>Save them before opening another vault?</source>
        <translation>Vor dem Öffnen eines anderen Tresors speichern?</translation>
    </message>
    <message>
        <source>Save them before quitting Engram?</source>
        <translation>Vor dem Beenden von Engram speichern?</translation>
    </message>
</context>
<context>
    <name>engram::PackPanel</name>
    <message>
        <source>The task at hand (what the agent is about to do)…</source>
        <translation>Die aktuelle Aufgabe (was der Agent gleich tun wird) …</translation>
    </message>
    <message>
        <source> tokens</source>
        <translation> Tokens</translation>
    </message>
    <message>
        <source>&amp;Copy Pack</source>
        <translation>Paket &amp;kopieren</translation>
    </message>
    <message>
        <source>Copy the pack to the clipboard (Ctrl+Shift+C)</source>
        <translation>Das Paket in die Zwischenablage kopieren (Strg+Umschalt+C)</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Budget:</source>
        <translation>Budget:</translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation>Kein Tresor ist geöffnet.</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %2 tokens · %Ln memories included</source>
        <translation>
            <numerusform>%1 von %2 Tokens · %Ln Erinnerung enthalten</numerusform>
            <numerusform>%1 von %2 Tokens · %Ln Erinnerungen enthalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %Ln did not fit</source>
        <translation>
            <numerusform> · %Ln passte nicht</numerusform>
            <numerusform> · %Ln passten nicht</numerusform>
        </translation>
    </message>
    <message>
        <source> · copied</source>
        <translation> · kopiert</translation>
    </message>
</context>
<context>
    <name>engram::ProposalPanel</name>
    <message>
        <source>Reflection proposals</source>
        <translation>Vorschläge aus der Reflexion</translation>
    </message>
    <message>
        <source>No reflection proposals yet. They appear here when a reflection runs over recent interactions; accept or reject each one.</source>
        <translation>Noch keine Vorschläge aus der Reflexion. Sie erscheinen hier, wenn eine Reflexion über die letzten Interaktionen läuft; nimm jeden an oder lehne ihn ab.</translation>
    </message>
    <message>
        <source>Accept</source>
        <translation>Annehmen</translation>
    </message>
    <message>
        <source>Reject</source>
        <translation>Ablehnen</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
</context>
<context>
    <name>engram::RecallPanel</name>
    <message>
        <source>Ask your memory a question and press Enter…</source>
        <translation>Stelle deinem Gedächtnis eine Frage und drücke die Eingabetaste …</translation>
    </message>
    <message>
        <source>top </source>
        <translation>beste </translation>
    </message>
    <message>
        <source>&amp;Recall</source>
        <translation>&amp;Abrufen</translation>
    </message>
    <message>
        <source>Mode:</source>
        <translation>Modus:</translation>
    </message>
    <message>
        <source>Signals: %1</source>
        <translation>Signale: %1</translation>
    </message>
    <message numerus="yes">
        <source>%Ln result(s) in %1 ms</source>
        <translation>
            <numerusform>%Ln Ergebnis in %1 ms</numerusform>
            <numerusform>%Ln Ergebnisse in %1 ms</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 %2 × %3</source>
        <translation>%1 %2 × %3</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1:%2-%3&lt;/b&gt; — score %4 = %5</source>
        <translation>&lt;b&gt;%1:%2-%3&lt;/b&gt; — Wertung %4 = %5</translation>
    </message>
    <message>
        <source>(the source file is gone; re-index to drop this memory)</source>
        <translation>(die Quelldatei ist verschwunden; neu indizieren, um diese Erinnerung zu entfernen)</translation>
    </message>
    <message>
        <source>Recalling…</source>
        <translation>Wird abgerufen …</translation>
    </message>
    <message>
        <source>Mark as Right &amp;Answer</source>
        <translation>Als &amp;richtige Antwort markieren</translation>
    </message>
    <message>
        <source>This result answers the question: keep it as an expectation that Tools › Expectations and `engram-cli expect check` test</source>
        <translation>Dieses Ergebnis beantwortet die Frage: als Erwartung behalten, die Werkzeuge › Erwartungen und `engram-cli expect check` prüfen</translation>
    </message>
    <message>
        <source>Expected: “%1” → %2</source>
        <translation>Erwartet: „%1“ → %2</translation>
    </message>
    <message>
        <source>Already expected: “%1” → %2</source>
        <translation>Bereits erwartet: „%1“ → %2</translation>
    </message>
    <message>
        <source>Nothing in memory about “%1”.</source>
        <translation>Nichts im Gedächtnis über „%1“.</translation>
    </message>
    <message>
        <source>partial: the question&apos;s specific words are not in it</source>
        <translation>teilweise: die eigentlichen Wörter der Frage stehen nicht darin</translation>
    </message>
    <message>
        <source>of the time the question names</source>
        <translation>aus der Zeit, die die Frage nennt</translation>
    </message>
    <message>
        <source>not of the time the question names</source>
        <translation>nicht aus der Zeit, die die Frage nennt</translation>
    </message>
    <message>
        <source>%1 weighed × %2 for this memory (its relevance and layer)</source>
        <translation>%1 für diese Erinnerung × %2 gewichtet (nach ihrer Relevanz und Ebene)</translation>
    </message>
</context>
<context>
    <name>engram::RecallResultsModel</name>
    <message>
        <source>(partial) %1</source>
        <translation>(teilweise) %1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>Nr.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Wertung</translation>
    </message>
    <message>
        <source>Signals</source>
        <translation>Signale</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Quelle</translation>
    </message>
    <message>
        <source>Region</source>
        <translation>Region</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>Text</translation>
    </message>
</context>
<context>
    <name>engram::RegionMapView</name>
    <message numerus="yes">
        <source>%1
%Ln memories</source>
        <translation>
            <numerusform>%1
%Ln Erinnerung</numerusform>
            <numerusform>%1
%Ln Erinnerungen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1
empty</source>
        <translation>%1
leer</translation>
    </message>
    <message>
        <source>
strength %1</source>
        <translation>
Stärke %1</translation>
    </message>
    <message>
        <source>Area: number of memories · shade: mean strength · click to browse</source>
        <translation>Fläche: Anzahl der Erinnerungen · Tönung: mittlere Stärke · Klicken zum Durchsuchen</translation>
    </message>
    <message>
        <source>Area and shade: number of memories (no strength data yet) · click to browse</source>
        <translation>Fläche und Tönung: Anzahl der Erinnerungen (noch keine Stärkedaten) · Klicken zum Durchsuchen</translation>
    </message>
</context>
<context>
    <name>engram::ReviewModel</name>
    <message>
        <source>Duplicate</source>
        <translation>Duplikat</translation>
    </message>
    <message>
        <source>Contradiction</source>
        <translation>Widerspruch</translation>
    </message>
    <message>
        <source>Stale fact</source>
        <translation>Veralteter Fakt</translation>
    </message>
    <message>
        <source>the same text</source>
        <translation>derselbe Text</translation>
    </message>
    <message>
        <source>the same words in another order</source>
        <translation>dieselben Wörter in anderer Reihenfolge</translation>
    </message>
    <message>
        <source>the same subject and words, reworded</source>
        <translation>dasselbe Thema mit denselben Wörtern, umformuliert</translation>
    </message>
    <message>
        <source>one holds the other</source>
        <translation>die eine enthält die andere</translation>
    </message>
    <message>
        <source>the newer one says no</source>
        <translation>die neuere verneint es</translation>
    </message>
    <message>
        <source>the older one says no</source>
        <translation>die ältere verneint es</translation>
    </message>
    <message>
        <source>not confirmed since %1; %2 (%3) talks about its subject differently</source>
        <translation>seit %1 nicht bestätigt; %2 (%3) spricht anders über das Thema</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Newest</source>
        <translation>Neueste</translation>
    </message>
    <message>
        <source>Recalled</source>
        <comment>how often the two memories were recalled</comment>
        <translation>Abgerufen</translation>
    </message>
    <message>
        <source>Newer memory</source>
        <translation>Neuere Erinnerung</translation>
    </message>
    <message>
        <source>home: %1</source>
        <translation>Wohnort: %1</translation>
    </message>
    <message>
        <source>work: %1</source>
        <translation>Arbeit: %1</translation>
    </message>
    <message>
        <source>partner: %1</source>
        <translation>Partner: %1</translation>
    </message>
    <message>
        <source>%1: adopted → dropped</source>
        <translation>%1: übernommen → aufgegeben</translation>
    </message>
    <message>
        <source>%1: dropped → adopted again</source>
        <translation>%1: aufgegeben → wieder übernommen</translation>
    </message>
</context>
<context>
    <name>engram::ReviewView</name>
    <message>
        <source>All findings</source>
        <translation>Alle Befunde</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>Duplikate</translation>
    </message>
    <message>
        <source>Contradictions</source>
        <translation>Widersprüche</translation>
    </message>
    <message>
        <source>Stale facts</source>
        <translation>Veraltete Fakten</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>&amp;Zeigen:</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Rückgängig</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>Zusammenführen</translation>
    </message>
    <message>
        <source>Keep the newer memory, noting that it replaces the older one, and archive the older (restorable); the arrow keeps the older instead</source>
        <translation>Die neuere Erinnerung behalten, mit dem Vermerk, dass sie die ältere ersetzt, und die ältere archivieren (wiederherstellbar); der Pfeil behält stattdessen die ältere</translation>
    </message>
    <message>
        <source>Merge, Keep the Newer</source>
        <translation>Zusammenführen, neuere behalten</translation>
    </message>
    <message>
        <source>Merge, Keep the Older</source>
        <translation>Zusammenführen, ältere behalten</translation>
    </message>
    <message>
        <source>Newer Supersedes</source>
        <translation>Neuere ersetzt ältere</translation>
    </message>
    <message>
        <source>Both stay; the newer memory notes that it replaces the older one, which then ranks low</source>
        <translation>Beide bleiben; die neuere Erinnerung vermerkt, dass sie die ältere ersetzt, die dann weit unten eingestuft wird</translation>
    </message>
    <message>
        <source>Keep Both</source>
        <translation>Beide behalten</translation>
    </message>
    <message>
        <source>Both are right: keep them as they are and never pair them again</source>
        <translation>Beide stimmen: so lassen, wie sie sind, und nie wieder als Paar vorlegen</translation>
    </message>
    <message>
        <source>Archive Older</source>
        <translation>Ältere archivieren</translation>
    </message>
    <message>
        <source>Archive the older memory (restorable)</source>
        <translation>Die ältere Erinnerung archivieren (wiederherstellbar)</translation>
    </message>
    <message>
        <source>Archive Newer</source>
        <translation>Neuere archivieren</translation>
    </message>
    <message>
        <source>Archive the newer memory (restorable)</source>
        <translation>Die neuere Erinnerung archivieren (wiederherstellbar)</translation>
    </message>
    <message>
        <source>Edit…</source>
        <translation>Bearbeiten…</translation>
    </message>
    <message>
        <source>Open the memory in the Memories view&apos;s editor; the arrow chooses which</source>
        <translation>Die Erinnerung im Editor der Ansicht „Erinnerungen“ öffnen; der Pfeil wählt, welche</translation>
    </message>
    <message>
        <source>Edit the Older</source>
        <translation>Ältere bearbeiten</translation>
    </message>
    <message>
        <source>Edit the Newer</source>
        <translation>Neuere bearbeiten</translation>
    </message>
    <message>
        <source>Could not read the findings: %1</source>
        <translation>Die Befunde konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Review: could not read the findings: %1</source>
        <translation>Überprüfen: Die Befunde konnten nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>%1 failed: %2</source>
        <translation>%1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Review: %1 failed: %2</source>
        <translation>Überprüfen: %1 ist fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Undo of %1 failed: %2</source>
        <translation>Rückgängigmachen von „%1“ fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Review: undo of %1 failed: %2</source>
        <translation>Überprüfen: Rückgängigmachen von „%1“ fehlgeschlagen: %2</translation>
    </message>
    <message>
        <source>Undone: %1.</source>
        <translation>Rückgängig gemacht: %1.</translation>
    </message>
    <message>
        <source>merge: kept %1, archived %2</source>
        <translation>zusammengeführt: %1 behalten, %2 archiviert</translation>
    </message>
    <message>
        <source>%1 supersedes %2</source>
        <translation>%1 ersetzt %2</translation>
    </message>
    <message>
        <source>kept both %1 and %2</source>
        <translation>%1 und %2 beide behalten</translation>
    </message>
    <message>
        <source>archived %1</source>
        <translation>%1 archiviert</translation>
    </message>
    <message>
        <source>Working…</source>
        <translation>Wird ausgeführt…</translation>
    </message>
    <message>
        <source>Undoing…</source>
        <translation>Wird rückgängig gemacht…</translation>
    </message>
    <message>
        <source>no date</source>
        <translation>ohne Datum</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %2 · recalled %Ln time(s)</source>
        <translation>
            <numerusform>%1 · %2 · %Ln-mal abgerufen</numerusform>
            <numerusform>%1 · %2 · %Ln-mal abgerufen</numerusform>
        </translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1: %2</translation>
    </message>
    <message>
        <source>The fact</source>
        <translation>Der Fakt</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>Ältere</translation>
    </message>
    <message>
        <source>Newer material on its subject</source>
        <translation>Neueres Material zum Thema</translation>
    </message>
    <message>
        <source>Newer</source>
        <translation>Neuere</translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation>Kein Tresor ist geöffnet.</translation>
    </message>
    <message>
        <source>Looking for duplicates, contradictions and stale facts…</source>
        <translation>Suche nach Duplikaten, Widersprüchen und veralteten Fakten…</translation>
    </message>
    <message>
        <source>Nothing to review: no duplicates, contradictions or stale facts among your memories.
New ones show here as the vault is indexed.</source>
        <translation>Nichts zu überprüfen: keine Duplikate, Widersprüche oder veralteten Fakten unter deinen Erinnerungen.
Neue erscheinen hier, sobald der Tresor indiziert wird.</translation>
    </message>
    <message numerus="yes">
        <source>No findings of this kind; %Ln of other kinds under “All findings”.</source>
        <translation>
            <numerusform>Keine Befunde dieser Art; %Ln Befund anderer Art unter „Alle Befunde“.</numerusform>
            <numerusform>Keine Befunde dieser Art; %Ln Befunde anderer Art unter „Alle Befunde“.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to undo</source>
        <translation>Nichts rückgängig zu machen</translation>
    </message>
    <message>
        <source>Undo the last action: %1</source>
        <translation>Die letzte Aktion rückgängig machen: %1</translation>
    </message>
    <message>
        <source>Archive %1 (restorable)</source>
        <translation>%1 archivieren (wiederherstellbar)</translation>
    </message>
    <message>
        <source>Done: %1.</source>
        <translation>Erledigt: %1.</translation>
    </message>
</context>
<context>
    <name>engram::SettingsDialog</name>
    <message>
        <source>Settings</source>
        <translation>Einstellungen</translation>
    </message>
    <message>
        <source>engram.json could not be read (%1); saving replaces it.</source>
        <translation>engram.json konnte nicht gelesen werden (%1); Speichern ersetzt die Datei.</translation>
    </message>
    <message>
        <source>Embedder</source>
        <translation>Einbettung</translation>
    </message>
    <message>
        <source>LLM Endpoint</source>
        <translation>LLM-Endpunkt</translation>
    </message>
    <message>
        <source>Context pack budget (tokens):</source>
        <translation>Budget des Kontextpakets (Tokens):</translation>
    </message>
    <message>
        <source>Preamble budget (tokens):</source>
        <translation>Budget der Präambel (Tokens):</translation>
    </message>
    <message>
        <source>Default mode:</source>
        <translation>Standardmodus:</translation>
    </message>
    <message>
        <source>Folder for dropped files:</source>
        <translation>Ordner für abgelegte Dateien:</translation>
    </message>
    <message>
        <source>Budgets</source>
        <translation>Budgets</translation>
    </message>
    <message>
        <source>Mode Weights</source>
        <translation>Gewichte der Modi</translation>
    </message>
    <message>
        <source>Built-in (offline, no model download)</source>
        <translation>Eingebaut (offline, ohne Modell-Download)</translation>
    </message>
    <message>
        <source>None</source>
        <translation>Keiner</translation>
    </message>
    <message>
        <source>OpenAI-compatible</source>
        <translation>OpenAI-kompatibel</translation>
    </message>
    <message>
        <source>Ollama</source>
        <translation>Ollama</translation>
    </message>
    <message>
        <source>name of an environment variable, e.g. OPENAI_API_KEY</source>
        <translation>Name einer Umgebungsvariable, z. B. OPENAI_API_KEY</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>Art:</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modell:</translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation>Variable für den API-Schlüssel:</translation>
    </message>
    <message>
        <source>Dimensions (built-in):</source>
        <translation>Dimensionen (eingebaut):</translation>
    </message>
    <message>
        <source>Changing the embedder re-embeds every memory when the vault is reopened.</source>
        <translation>Eine andere Einbettung bettet beim erneuten Öffnen des Tresors jede Erinnerung neu ein.</translation>
    </message>
    <message>
        <source>Expectations: no preview until %1</source>
        <translation>Erwartungen: keine Vorschau, bis dies behoben ist: %1</translation>
    </message>
    <message>
        <source>Expectations: %1</source>
        <translation>Erwartungen: %1</translation>
    </message>
    <message>
        <source>Expectations: none yet. Mark right answers in Recall to see here how a change would score before you save it.</source>
        <translation>Erwartungen: noch keine. Markiere richtige Antworten unter Abrufen, um hier vor dem Speichern zu sehen, wie eine Änderung abschneiden würde.</translation>
    </message>
    <message>
        <source>Expectations: checking the edited settings…</source>
        <translation>Erwartungen: Die geänderten Einstellungen werden geprüft …</translation>
    </message>
    <message>
        <source>Expectations with these settings: %1 of %2 pass, %3 fail (saved settings: %4 pass)</source>
        <translation>Erwartungen mit diesen Einstellungen: %1 von %2 bestehen, %3 bestehen nicht (gespeicherte Einstellungen: %4 bestehen)</translation>
    </message>
    <message>
        <source>; %1 would break, %2 would be fixed</source>
        <translation>; %1 würden kaputtgehen, %2 würden behoben</translation>
    </message>
    <message>
        <source>. Keyword side only: the new embedder&apos;s vectors exist after a re-index</source>
        <translation>. Nur Stichwortsuche: Die Vektoren der neuen Einbettung entstehen erst beim Neuindizieren</translation>
    </message>
    <message>
        <source>Linked Vaults</source>
        <translation>Verknüpfte Tresore</translation>
    </message>
    <message>
        <source>A weight from 0 to 1: how much the signal counts in the score. The terms are added, so weights that sum to about 1 keep scores between 0 and 1.</source>
        <translation>Ein Gewicht von 0 bis 1: wie viel das Signal in der Bewertung zählt. Die Terme werden addiert; Gewichte, die zusammen etwa 1 ergeben, halten die Bewertungen zwischen 0 und 1.</translation>
    </message>
    <message>
        <source>Show &amp;Which…</source>
        <translation>&amp;Welche zeigen …</translation>
    </message>
    <message>
        <source>The %1 weight of mode %2 must be a number from 0 to 1.</source>
        <translation>Das Gewicht „%1“ des Modus „%2“ muss eine Zahl von 0 bis 1 sein.</translation>
    </message>
    <message>
        <source>“%1” → %2</source>
        <translation>„%1“ → %2</translation>
    </message>
    <message>
        <source>Would break: %1</source>
        <translation>Würden kaputtgehen: %1</translation>
    </message>
    <message>
        <source>Would be fixed: %1</source>
        <translation>Würden behoben: %1</translation>
    </message>
    <message>
        <source>Would break:</source>
        <translation>Würden kaputtgehen:</translation>
    </message>
    <message>
        <source>Would be fixed:</source>
        <translation>Würden behoben:</translation>
    </message>
    <message>
        <source>Expectations</source>
        <translation>Erwartungen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln expectation(s) would change with these settings.</source>
        <translation>
            <numerusform>%Ln Erwartung würde sich mit diesen Einstellungen ändern.</numerusform>
            <numerusform>%Ln Erwartungen würden sich mit diesen Einstellungen ändern.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::StateEditor</name>
    <message>
        <source>What the agent is focused on now…</source>
        <translation>Worauf sich der Agent gerade konzentriert …</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Rückgängig</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Wiederholen</translation>
    </message>
    <message>
        <source>&amp;Save</source>
        <translation>&amp;Speichern</translation>
    </message>
    <message>
        <source>Re&amp;load</source>
        <translation>&amp;Neu laden</translation>
    </message>
    <message>
        <source>Focus:</source>
        <translation>Fokus:</translation>
    </message>
    <message>
        <source>Priorities</source>
        <translation>Prioritäten</translation>
    </message>
    <message>
        <source>Add a priority…</source>
        <translation>Eine Priorität hinzufügen …</translation>
    </message>
    <message>
        <source>Heuristics</source>
        <translation>Heuristiken</translation>
    </message>
    <message>
        <source>Add a rule of thumb…</source>
        <translation>Eine Faustregel hinzufügen …</translation>
    </message>
    <message>
        <source>Learnings</source>
        <translation>Erkenntnisse</translation>
    </message>
    <message>
        <source>Add something learned…</source>
        <translation>Etwas Gelerntes hinzufügen …</translation>
    </message>
    <message>
        <source>Avoidances</source>
        <translation>Vermeidungen</translation>
    </message>
    <message>
        <source>Add something to avoid…</source>
        <translation>Etwas zu Vermeidendes hinzufügen …</translation>
    </message>
    <message>
        <source>No vault is open.</source>
        <translation>Kein Tresor ist geöffnet.</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>%1 rückgängig machen</translation>
    </message>
    <message>
        <source>Reloaded: state/cognitive.json changed on disk.</source>
        <translation>Neu geladen: state/cognitive.json wurde auf der Platte geändert.</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>Hinzufügen</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>Löschen</translation>
    </message>
    <message>
        <source>Up</source>
        <translation>Hoch</translation>
    </message>
    <message>
        <source>Down</source>
        <translation>Runter</translation>
    </message>
    <message>
        <source>state/cognitive.json cannot be read: %1
Fix the file or move it aside.</source>
        <translation>state/cognitive.json kann nicht gelesen werden: %1
Korrigiere die Datei oder verschiebe sie.</translation>
    </message>
    <message>
        <source>Editing %1</source>
        <translation>Bearbeite %1</translation>
    </message>
    <message>
        <source>No cognitive state yet: saving creates %1</source>
        <translation>Noch kein kognitiver Zustand: Speichern legt %1 an</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>%1 gespeichert</translation>
    </message>
    <message>
        <source>Reflection proposals cannot be read: %1</source>
        <translation>Reflexionsvorschläge können nicht gelesen werden: %1</translation>
    </message>
    <message>
        <source>Proposed by %1 on %2</source>
        <translation>Vorgeschlagen von %1 am %2</translation>
    </message>
    <message>
        <source>%1 (proposed by %2 on %3)</source>
        <translation>%1 (vorgeschlagen von %2 am %3)</translation>
    </message>
    <message>
        <source>Accepted as a learning: “%1”</source>
        <translation>Als Erkenntnis übernommen: „%1“</translation>
    </message>
    <message>
        <source>Reflection dismissed.</source>
        <translation>Reflexion verworfen.</translation>
    </message>
    <message>
        <source>state/cognitive.json changed on disk while you were editing. Keep yours, take the one on disk, or merge them (items added on either side stay, items deleted on either side go).</source>
        <translation>state/cognitive.json wurde auf der Platte geändert, während du bearbeitet hast. Behalte deine Fassung, übernimm die von der Platte oder führe beide zusammen (auf einer Seite hinzugefügte Einträge bleiben, auf einer Seite gelöschte entfallen).</translation>
    </message>
    <message>
        <source>&amp;Keep Mine</source>
        <translation>&amp;Meine behalten</translation>
    </message>
    <message>
        <source>Save your version over the one on disk</source>
        <translation>Deine Fassung über die auf der Platte speichern</translation>
    </message>
    <message>
        <source>&amp;Take Theirs</source>
        <translation>Platten&amp;fassung übernehmen</translation>
    </message>
    <message>
        <source>Drop your edits and load the version on disk</source>
        <translation>Deine Änderungen verwerfen und die Fassung von der Platte laden</translation>
    </message>
    <message>
        <source>&amp;Merge</source>
        <translation>&amp;Zusammenführen</translation>
    </message>
    <message>
        <source>Combine both, item by item; you review and save the result</source>
        <translation>Beide Eintrag für Eintrag zusammenführen; du prüfst und speicherst das Ergebnis</translation>
    </message>
    <message>
        <source>Saved your version over the one on disk: %1</source>
        <translation>Deine Fassung über die auf der Platte gespeichert: %1</translation>
    </message>
    <message>
        <source>Took the version on disk; your edits were dropped.</source>
        <translation>Fassung von der Platte übernommen; deine Änderungen wurden verworfen.</translation>
    </message>
    <message>
        <source>Unsaved Changes</source>
        <translation>Ungespeicherte Änderungen</translation>
    </message>
    <message>
        <source>The cognitive state has changes that are not saved.</source>
        <translation>Der kognitive Zustand enthält Änderungen, die nicht gespeichert sind.</translation>
    </message>
    <message>
        <source>state/cognitive.json changed on disk: choose Keep Mine, Take Theirs or Merge above.</source>
        <translation>state/cognitive.json wurde auf der Platte geändert: Wähle oben „Meine behalten“, „Plattenfassung übernehmen“ oder „Zusammenführen“.</translation>
    </message>
    <message numerus="yes">
        <source>Merged: %Ln item(s) from disk</source>
        <translation>
            <numerusform>Zusammengeführt: %Ln Eintrag von der Platte</numerusform>
            <numerusform>Zusammengeführt: %Ln Einträge von der Platte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln of yours kept</source>
        <translation>
            <numerusform>, %Ln von deinen behalten</numerusform>
            <numerusform>, %Ln von deinen behalten</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %Ln deleted</source>
        <translation>
            <numerusform>, %Ln gelöscht</numerusform>
            <numerusform>, %Ln gelöscht</numerusform>
        </translation>
    </message>
    <message>
        <source>; both changed the focus: yours is kept</source>
        <translation>; beide haben den Fokus geändert: deiner bleibt</translation>
    </message>
    <message>
        <source>. Review and save (Undo takes the merge back).</source>
        <translation>. Prüfe und speichere (Rückgängig nimmt das Zusammenführen zurück).</translation>
    </message>
</context>
<context>
    <name>engram::StateListModel</name>
    <message numerus="yes">
        <source>Source: %1
Used %Ln time(s)</source>
        <translation>
            <numerusform>Quelle: %1
%Ln-mal verwendet</numerusform>
            <numerusform>Quelle: %1
%Ln-mal verwendet</numerusform>
        </translation>
    </message>
    <message>
        <source>
Last used %1</source>
        <translation>
Zuletzt verwendet %1</translation>
    </message>
    <message>
        <source>Category: %1
Context: %2
%3</source>
        <translation>Kategorie: %1
Kontext: %2
%3</translation>
    </message>
</context>
<context>
    <name>engram::SyncConflictBanner</name>
    <message>
        <source>Resolve…</source>
        <translation>Lösen …</translation>
    </message>
    <message numerus="yes">
        <source>⚠ Sync stopped: %n file(s) changed on this machine and on another: %1. Until you choose what they say they are not searched; Memories shows their last good version.</source>
        <translation>
            <numerusform>⚠ Synchronisierung angehalten: %n Datei wurde auf diesem und einem anderen Rechner geändert: %1. Bis Sie wählen, was sie sagt, wird sie nicht durchsucht; „Erinnerungen“ zeigt ihre letzte gute Fassung.</numerusform>
            <numerusform>⚠ Synchronisierung angehalten: %n Dateien wurden auf diesem und einem anderen Rechner geändert: %1. Bis Sie wählen, was sie sagen, werden sie nicht durchsucht; „Erinnerungen“ zeigt ihre letzte gute Fassung.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::TimelineView</name>
    <message>
        <source>Digest or fact → sources</source>
        <translation>Zusammenfassung oder Fakt → Quellen</translation>
    </message>
    <message>
        <source>Layer</source>
        <translation>Ebene</translation>
    </message>
    <message>
        <source>Compression</source>
        <translation>Verdichtung</translation>
    </message>
    <message>
        <source>No consolidation yet.
When sessions are consolidated into daily and weekly digests and facts, their tokens, compression and lineage appear here.</source>
        <translation>Noch keine Konsolidierung.
Wenn Sitzungen zu täglichen und wöchentlichen Zusammenfassungen und Fakten verdichtet werden, erscheinen hier ihre Tokens, Verdichtung und Herkunft.</translation>
    </message>
    <message>
        <source>Tokens per layer</source>
        <translation>Tokens pro Ebene</translation>
    </message>
    <message>
        <source>Consolidate &amp;Now</source>
        <translation>Jetzt &amp;konsolidieren</translation>
    </message>
    <message>
        <source>%1 (lines %2–%3)</source>
        <translation>%1 (Zeilen %2–%3)</translation>
    </message>
    <message>
        <source>%1 (missing)</source>
        <translation>%1 (fehlt)</translation>
    </message>
    <message>
        <source>Compression ratio</source>
        <translation>Verdichtungsgrad</translation>
    </message>
    <message>
        <source>source ÷ digest tokens</source>
        <translation>Quell- ÷ Zusammenfassungs-Tokens</translation>
    </message>
    <message numerus="yes">
        <source>%Ln digest(s) in consolidated/, none recorded in the consolidation ledger: their tokens, compression and lineage are unknown.
Consolidate Now records what it writes; those digests appear here then.</source>
        <translation>
            <numerusform>%Ln Zusammenfassung in consolidated/, keine im Konsolidierungsprotokoll verzeichnet: ihre Tokens, Verdichtung und Herkunft sind unbekannt.
„Jetzt konsolidieren“ verzeichnet, was es schreibt; solche Zusammenfassungen erscheinen dann hier.</numerusform>
            <numerusform>%Ln Zusammenfassungen in consolidated/, keine im Konsolidierungsprotokoll verzeichnet: ihre Tokens, Verdichtung und Herkunft sind unbekannt.
„Jetzt konsolidieren“ verzeichnet, was es schreibt; solche Zusammenfassungen erscheinen dann hier.</numerusform>
        </translation>
    </message>
    <message>
        <source>not in the ledger</source>
        <translation>nicht im Protokoll</translation>
    </message>
</context>
<context>
    <name>engram::ToolStatsModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>dropped</source>
        <translation>eingebrochen</translation>
    </message>
    <message>
        <source>Tool</source>
        <translation>Werkzeug</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Aufrufe</translation>
    </message>
    <message>
        <source>Success</source>
        <translation>Erfolg</translation>
    </message>
    <message>
        <source>Median duration</source>
        <translation>Mediandauer</translation>
    </message>
    <message>
        <source>Flag</source>
        <translation>Markierung</translation>
    </message>
    <message>
        <source>%1 timed calls · p90 %2 ms · max %3 ms</source>
        <translation>%1 gemessene Aufrufe · p90 %2 ms · max. %3 ms</translation>
    </message>
</context>
<context>
    <name>engram::ToolStatsView</name>
    <message>
        <source>No tool usage recorded yet.
Tool calls from agent logs are counted here: calls and success rate per tool, durations, common sequences, and tools whose use dropped.</source>
        <translation>Noch keine Werkzeugnutzung erfasst.
Werkzeugaufrufe aus Agentenprotokollen werden hier gezählt: Aufrufe und Erfolgsquote je Werkzeug, Dauern, häufige Abfolgen und Werkzeuge, deren Nutzung eingebrochen ist.</translation>
    </message>
    <message>
        <source>succeeded</source>
        <translation>erfolgreich</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>%1 ⚠ dropped</source>
        <translation>%1 ⚠ eingebrochen</translation>
    </message>
    <message>
        <source>Calls per tool</source>
        <translation>Aufrufe je Werkzeug</translation>
    </message>
    <message>
        <source>%1 × %2</source>
        <translation>%1 × %2</translation>
    </message>
    <message>
        <source>⚠ %1: success %2 % in the last %3 calls, %4 % before</source>
        <translation>⚠ %1: Erfolg %2 % bei den letzten %3 Aufrufen, vorher %4 %</translation>
    </message>
    <message>
        <source>Duration in ms, log scale: min, quartiles, max</source>
        <translation>Dauer in ms, logarithmisch: Minimum, Quartile, Maximum</translation>
    </message>
</context>
<context>
    <name>engram::VaultInsights</name>
    <message>
        <source>no vault is open</source>
        <translation>kein Tresor ist geöffnet</translation>
    </message>
    <message numerus="yes">
        <source>Consolidation: %Ln new digest(s), %1 updated, %2 unchanged, %3 memory change(s)</source>
        <translation>
            <numerusform>Konsolidierung: %Ln neue Zusammenfassung, %1 aktualisiert, %2 unverändert, %3 Änderung(en) an Erinnerungen</numerusform>
            <numerusform>Konsolidierung: %Ln neue Zusammenfassungen, %1 aktualisiert, %2 unverändert, %3 Änderung(en) an Erinnerungen</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::Vocabulary</name>
    <message>
        <source>identity</source>
        <comment>memory region</comment>
        <translation>Identität</translation>
    </message>
    <message>
        <source>language comprehension</source>
        <comment>memory region</comment>
        <translation>Sprachverständnis</translation>
    </message>
    <message>
        <source>language production</source>
        <comment>memory region</comment>
        <translation>Sprachproduktion</translation>
    </message>
    <message>
        <source>vision</source>
        <comment>memory region</comment>
        <translation>Sehen</translation>
    </message>
    <message>
        <source>episodic</source>
        <comment>memory region</comment>
        <translation>episodisch</translation>
    </message>
    <message>
        <source>spatial</source>
        <comment>memory region</comment>
        <translation>räumlich</translation>
    </message>
    <message>
        <source>sensory</source>
        <comment>memory store</comment>
        <translation>sensorisch</translation>
    </message>
    <message>
        <source>episodic</source>
        <comment>memory store</comment>
        <translation>episodisch</translation>
    </message>
    <message>
        <source>semantic</source>
        <comment>memory store</comment>
        <translation>semantisch</translation>
    </message>
    <message>
        <source>procedural</source>
        <comment>memory store</comment>
        <translation>prozedural</translation>
    </message>
    <message>
        <source>prospective</source>
        <comment>memory store</comment>
        <translation>prospektiv</translation>
    </message>
    <message>
        <source>core</source>
        <comment>consolidation layer</comment>
        <translation>Kern</translation>
    </message>
    <message>
        <source>raw</source>
        <comment>consolidation layer</comment>
        <translation>roh</translation>
    </message>
    <message>
        <source>session</source>
        <comment>consolidation layer</comment>
        <translation>Sitzung</translation>
    </message>
    <message>
        <source>daily</source>
        <comment>consolidation layer</comment>
        <translation>täglich</translation>
    </message>
    <message>
        <source>weekly</source>
        <comment>consolidation layer</comment>
        <translation>wöchentlich</translation>
    </message>
    <message>
        <source>fact</source>
        <comment>consolidation layer</comment>
        <translation>Fakt</translation>
    </message>
    <message>
        <source>relevance</source>
        <comment>recall signal</comment>
        <translation>Relevanz</translation>
    </message>
    <message>
        <source>strength</source>
        <comment>recall signal</comment>
        <translation>Stärke</translation>
    </message>
    <message>
        <source>recency</source>
        <comment>recall signal</comment>
        <translation>Aktualität</translation>
    </message>
    <message>
        <source>access</source>
        <comment>recall signal</comment>
        <translation>Zugriff</translation>
    </message>
    <message>
        <source>coactivation</source>
        <comment>recall signal</comment>
        <translation>Koaktivierung</translation>
    </message>
    <message>
        <source>graph</source>
        <comment>recall signal</comment>
        <translation>Graph</translation>
    </message>
    <message>
        <source>match</source>
        <comment>recall signal</comment>
        <translation>Übereinstimmung</translation>
    </message>
    <message>
        <source>when</source>
        <comment>recall signal</comment>
        <translation>Zeitraum</translation>
    </message>
    <message>
        <source>fast</source>
        <comment>recall mode</comment>
        <translation>schnell</translation>
    </message>
    <message>
        <source>deep</source>
        <comment>recall mode</comment>
        <translation>gründlich</translation>
    </message>
    <message>
        <source>creative</source>
        <comment>recall mode</comment>
        <translation>kreativ</translation>
    </message>
    <message>
        <source>related</source>
        <comment>association</comment>
        <translation>verwandt</translation>
    </message>
    <message>
        <source>co-activated</source>
        <comment>association</comment>
        <translation>gemeinsam aktiviert</translation>
    </message>
    <message>
        <source>derived from</source>
        <comment>association</comment>
        <translation>abgeleitet von</translation>
    </message>
    <message>
        <source>caused</source>
        <comment>association</comment>
        <translation>verursacht</translation>
    </message>
    <message>
        <source>contradicts</source>
        <comment>association</comment>
        <translation>widerspricht</translation>
    </message>
    <message>
        <source>supersedes</source>
        <comment>association</comment>
        <translation>ersetzt</translation>
    </message>
    <message>
        <source>part of</source>
        <comment>association</comment>
        <translation>Teil von</translation>
    </message>
</context>
<context>
    <name>engram::WatchedFile</name>
    <message>
        <source>cannot read %1: %2</source>
        <translation>%1 kann nicht gelesen werden: %2</translation>
    </message>
    <message>
        <source>no file is open</source>
        <translation>keine Datei ist geöffnet</translation>
    </message>
    <message>
        <source>%1 changed on disk since it was opened; reload it or save anyway</source>
        <translation>%1 wurde seit dem Öffnen auf der Platte geändert; lade neu oder speichere trotzdem</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Engram — a memory workbench for AI agents</source>
        <translation>Engram — eine Gedächtnis-Werkbank für KI-Agenten</translation>
    </message>
    <message>
        <source>Open this vault folder.</source>
        <translation>Diesen Tresor-Ordner öffnen.</translation>
    </message>
    <message>
        <source>engram: %1 is not a folder</source>
        <translation>engram: %1 ist kein Ordner</translation>
    </message>
    <message>
        <source>engram: %1 does not exist</source>
        <translation>engram: %1 existiert nicht</translation>
    </message>
</context>
</TS>
