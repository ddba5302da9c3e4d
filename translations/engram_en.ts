<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>engram::DropIngestFilter</name>
    <message numerus="yes">
        <source>Added %n file(s) to %1</source>
        <translation type="vanished">
            <numerusform>Added %n file to %1</numerusform>
            <numerusform>Added %n files to %1</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::IndexStatus</name>
    <message numerus="yes">
        <source>Indexed %n file(s) in %1 ms</source>
        <translation type="vanished">
            <numerusform>Indexed %n file in %1 ms</numerusform>
            <numerusform>Indexed %n files in %1 ms</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, removed %n</source>
        <translation type="vanished">
            <numerusform>, removed %n</numerusform>
            <numerusform>, removed %n</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>, %n failed (see Health)</source>
        <translation type="vanished">
            <numerusform>, %n failed (see Health)</numerusform>
            <numerusform>, %n failed (see Health)</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::IndexWorker</name>
    <message numerus="yes">
        <source>Indexing %n file(s)…</source>
        <translation type="vanished">
            <numerusform>Indexing %n file…</numerusform>
            <numerusform>Indexing %n files…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::PackPanel</name>
    <message numerus="yes">
        <source>%1 of %2 tokens · %n memories included</source>
        <translation type="vanished">
            <numerusform>%1 of %2 tokens · %n memory included</numerusform>
            <numerusform>%1 of %2 tokens · %n memories included</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> · %n did not fit</source>
        <translation type="vanished">
            <numerusform> · %n did not fit</numerusform>
            <numerusform> · %n did not fit</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::RecallPanel</name>
    <message numerus="yes">
        <source>%n result(s) in %1 ms</source>
        <translation type="vanished">
            <numerusform>%n result in %1 ms</numerusform>
            <numerusform>%n results in %1 ms</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::RegionMapView</name>
    <message numerus="yes">
        <source>%1
%n memories</source>
        <translation type="vanished">
            <numerusform>%1
%n memory</numerusform>
            <numerusform>%1
%n memories</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>engram::StateListModel</name>
    <message numerus="yes">
        <source>Source: %1
Used %n time(s)</source>
        <translation type="vanished">
            <numerusform>Source: %1
Used once</numerusform>
            <numerusform>Source: %1
Used %n times</numerusform>
        </translation>
    </message>
</context>
</TS>
