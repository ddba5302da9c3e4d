#include "agent/JsonTextEditor.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>

namespace engram {

/// Finds where each value, key and member of a valid JSON text starts and ends.
class JsonTextScanner {
public:
    explicit JsonTextScanner(const QByteArray &bytes) : m_bytes(bytes) { }

    JsonTextEditor::Node value()
    {
        skipSpace();
        JsonTextEditor::Node node;
        node.start = m_at;
        const char c = peek();
        if (c == '{' || c == '[') {
            node.kind = c;
            const char close = c == '{' ? '}' : ']';
            ++m_at;
            skipSpace();
            while (m_at < m_bytes.size() && peek() != close) {
                JsonTextEditor::Node::Child child;
                if (c == '{') {
                    child.keyStart = m_at;
                    skipString();
                    child.keyEnd = m_at;
                    child.key = decodedKey(m_bytes.mid(child.keyStart, child.keyEnd - child.keyStart));
                    skipSpace();
                    ++m_at; // ':'
                    child.value = value();
                } else {
                    child.value = value();
                    child.keyStart = child.keyEnd = child.value.start;
                }
                node.children.push_back(std::move(child));
                skipSpace();
                if (peek() == ',')
                    ++m_at;
                skipSpace();
            }
            ++m_at; // the closing bracket
        } else if (c == '"') {
            node.kind = 's';
            skipString();
        } else {
            node.kind = 's';
            while (m_at < m_bytes.size() && !QByteArrayView(",]} \t\r\n").contains(peek()))
                ++m_at;
        }
        node.end = m_at;
        return node;
    }

private:
    const QByteArray &m_bytes;
    qsizetype m_at = 0;

    char peek() const { return m_at < m_bytes.size() ? m_bytes.at(m_at) : '\0'; }
    void skipSpace()
    {
        while (m_at < m_bytes.size() && QByteArrayView(" \t\r\n").contains(m_bytes.at(m_at)))
            ++m_at;
    }
    void skipString()
    {
        ++m_at; // the opening quote
        while (m_at < m_bytes.size() && m_bytes.at(m_at) != '"')
            m_at += m_bytes.at(m_at) == '\\' ? 2 : 1;
        ++m_at;
    }
    static QString decodedKey(const QByteArray &quoted)
    {
        if (!quoted.contains('\\'))
            return QString::fromUtf8(quoted.mid(1, quoted.size() - 2));
        return QJsonDocument::fromJson('[' + quoted + ']').array().at(0).toString();
    }
};

namespace {

int lineAt(const QByteArray &bytes, qsizetype offset)
{
    return int(bytes.left(offset).count('\n')) + 1;
}

QByteArray quotedKey(const QString &key)
{
    const QByteArray array = QJsonDocument(QJsonArray{key}).toJson(QJsonDocument::Compact);
    return array.mid(1, array.size() - 2);
}

} // namespace

Result<JsonTextEditor> JsonTextEditor::parse(const QByteArray &bytes, const QString &path)
{
    JsonTextEditor editor;
    editor.m_wasEmpty = bytes.trimmed().isEmpty();
    editor.m_bytes = editor.m_wasEmpty ? QByteArray("{}") : bytes;
    QJsonParseError error;
    const QJsonDocument doc = QJsonDocument::fromJson(editor.m_bytes, &error);
    if (error.error != QJsonParseError::NoError)
        return Error{QStringLiteral("not valid JSON (%1)").arg(error.errorString()), path,
                     lineAt(editor.m_bytes, error.offset)};
    if (!doc.isObject())
        return Error{QStringLiteral("holds a JSON array, not an object"), path, 1};
    editor.m_root = JsonTextScanner(editor.m_bytes).value();
    return editor;
}

const JsonTextEditor::Node *JsonTextEditor::nodeAt(const Path &path) const
{
    const Node *node = &m_root;
    for (const Step &step : path) {
        const Node *next = nullptr;
        if (const QString *key = std::get_if<QString>(&step); key && node->kind == '{') {
            // A repeated key: the last one counts, as for QJsonDocument.
            for (const Node::Child &child : node->children)
                if (child.key == *key)
                    next = &child.value;
        } else if (const int *index = std::get_if<int>(&step);
                   index && node->kind == '[' && *index >= 0 && size_t(*index) < node->children.size()) {
            next = &node->children.at(size_t(*index)).value;
        }
        if (!next)
            return nullptr;
        node = next;
    }
    return node;
}

QJsonValue JsonTextEditor::value(const Path &path) const
{
    const Node *node = nodeAt(path);
    if (!node)
        return QJsonValue(QJsonValue::Undefined);
    return QJsonDocument::fromJson('[' + m_bytes.mid(node->start, node->end - node->start) + ']').array().at(0);
}

QByteArray JsonTextEditor::indentOfLine(qsizetype offset) const
{
    const qsizetype lineStart = m_bytes.lastIndexOf('\n', offset - 1) + 1;
    qsizetype end = lineStart;
    while (end < m_bytes.size() && (m_bytes.at(end) == ' ' || m_bytes.at(end) == '\t'))
        ++end;
    return m_bytes.mid(lineStart, end - lineStart);
}

QByteArray JsonTextEditor::indentStep() const
{
    // The indentation of the first member that starts a line of its own: the file's step.
    for (const Node::Child &child : m_root.children) {
        const QByteArray indent = indentOfLine(child.keyStart);
        if (!indent.isEmpty() && m_bytes.lastIndexOf('\n', child.keyStart) > m_root.start)
            return indent;
    }
    return "  ";
}

QByteArray JsonTextEditor::lineEnd() const
{
    return m_bytes.contains("\r\n") ? QByteArray("\r\n") : QByteArray("\n");
}

QByteArray JsonTextEditor::serialised(const QJsonValue &value, const QByteArray &indent, const QByteArray &step,
                                      bool multiLine) const
{
    const bool object = value.isObject();
    if (!object && !value.isArray()) {
        const QByteArray array = QJsonDocument(QJsonArray{value}).toJson(QJsonDocument::Compact);
        return array.mid(1, array.size() - 2);
    }
    QList<QByteArray> parts;
    if (object) {
        const QJsonObject o = value.toObject();
        for (auto it = o.constBegin(); it != o.constEnd(); ++it)
            parts << quotedKey(it.key()) + ": " + serialised(it.value(), indent + step, step, multiLine);
    } else {
        for (const QJsonValue &element : value.toArray())
            parts << serialised(element, indent + step, step, multiLine);
    }
    const QByteArray open = object ? "{" : "[";
    const QByteArray close = object ? "}" : "]";
    if (parts.isEmpty())
        return open + close;
    if (!multiLine)
        return open + parts.join(", ") + close;
    const QByteArray nl = lineEnd();
    return open + nl + indent + step + parts.join("," + nl + indent + step) + nl + indent + close;
}

QByteArray JsonTextEditor::insertedChild(const Node &container, const QString *key, const QJsonValue &value) const
{
    const QByteArray nl = lineEnd();
    const QByteArray keyPart = key ? quotedKey(*key) : QByteArray();
    if (container.children.empty()) {
        const QByteArray indent = indentOfLine(container.start);
        const bool multiLine = m_wasEmpty || m_bytes.trimmed().contains('\n'); // a new file is laid out
        const QByteArray step = indentStep();
        const QByteArray member =
            (key ? keyPart + ": " : QByteArray()) + serialised(value, indent + step, step, multiLine);
        return multiLine ? nl + indent + step + member + nl + indent : member;
    }
    // First, laid out like the first child: no line of the person's changes (appending would add a
    // comma to their last one), and the order of their keys stays as it is.
    const Node::Child &first = container.children.front();
    const QByteArray leading = m_bytes.mid(container.start + 1, first.keyStart - container.start - 1);
    const bool multiLine = leading.contains('\n');
    const QByteArray indent = multiLine ? leading.mid(leading.lastIndexOf('\n') + 1) : QByteArray();
    QByteArray step = indent;
    if (const QByteArray outer = indentOfLine(container.start);
        multiLine && indent.startsWith(outer) && indent.size() > outer.size())
        step = indent.mid(outer.size());
    const QByteArray colon = key ? m_bytes.mid(first.keyEnd, first.value.start - first.keyEnd) : QByteArray();
    const QByteArray child = keyPart + colon + serialised(value, indent, step, multiLine);
    return leading + child + ',' + (leading.isEmpty() ? " " : "");
}

QByteArray JsonTextEditor::finished(QByteArray text) const
{
    if (m_wasEmpty)
        text += lineEnd();
    return text;
}

Result<QByteArray> JsonTextEditor::withMember(const Path &object, const QString &key, const QJsonValue &value) const
{
    // The deepest object of the path that exists; what is missing below it becomes the value.
    Path existing = object;
    QJsonValue inserted = value;
    QString insertedKey = key;
    while (!nodeAt(existing)) {
        const Step last = existing.takeLast();
        const QString *name = std::get_if<QString>(&last);
        if (!name)
            return Error{QStringLiteral("element %1 is missing").arg(std::get<int>(last))};
        inserted = QJsonObject{{insertedKey, inserted}};
        insertedKey = *name;
    }
    const Node *node = nodeAt(existing);
    if (node->kind != '{')
        return Error{QStringLiteral("`%1` is not an object").arg(insertedKey)};
    QByteArray out = m_bytes;
    for (auto it = node->children.crbegin(); it != node->children.crend(); ++it) {
        if (it->key != insertedKey)
            continue;
        const QByteArray indent = indentOfLine(it->keyStart);
        const bool multiLine = m_bytes.mid(it->value.start, it->value.end - it->value.start).contains('\n')
                               || m_bytes.trimmed().contains('\n');
        out.replace(it->value.start, it->value.end - it->value.start,
                    serialised(inserted, indent, indentStep(), multiLine));
        return finished(out);
    }
    const QByteArray child = insertedChild(*node, &insertedKey, inserted);
    if (node->children.empty())
        out.replace(node->start + 1, node->end - node->start - 2, child);
    else
        out.insert(node->start + 1, child);
    return finished(out);
}

Result<QByteArray> JsonTextEditor::withPrepended(const Path &array, const QJsonValue &value) const
{
    const Node *node = nodeAt(array);
    if (!node || node->kind != '[')
        return Error{QStringLiteral("no list to add to")};
    QByteArray out = m_bytes;
    const QByteArray child = insertedChild(*node, nullptr, value);
    if (node->children.empty())
        out.replace(node->start + 1, node->end - node->start - 2, child);
    else
        out.insert(node->start + 1, child);
    return finished(out);
}

QByteArray JsonTextEditor::without(const Path &path) const
{
    const QByteArray unchanged = m_wasEmpty ? QByteArray() : m_bytes;
    if (path.isEmpty() || !nodeAt(path))
        return unchanged;
    const Node *container = nodeAt(path.mid(0, path.size() - 1));
    const Node *target = nodeAt(path);
    size_t index = 0;
    while (&container->children.at(index).value != target)
        ++index;
    const std::vector<Node::Child> &children = container->children;
    QByteArray out = m_bytes;
    if (children.size() == 1) // the inside of the bracket goes; `{}` stays
        out.remove(container->start + 1, container->end - container->start - 2);
    else if (index + 1 == children.size()) // from the end of the one before: the comma an insertion added
        out.remove(children.at(index - 1).value.end, target->end - children.at(index - 1).value.end);
    else // up to the next one's key: its comma and the whitespace after it
        out.remove(children.at(index).keyStart, children.at(index + 1).keyStart - children.at(index).keyStart);
    return finished(out);
}

} // namespace engram
