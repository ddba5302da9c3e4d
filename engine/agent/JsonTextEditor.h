#pragma once

#include "core/Result.h"

#include <QByteArray>
#include <QJsonValue>
#include <QList>
#include <QString>

#include <variant>
#include <vector>

namespace engram {

/// Edits one member of a JSON object, or one element of an array, in the text of a person's JSON
/// file, and leaves every other byte as it was: key order, indentation, line endings, escapes,
/// the trailing newline. QJsonDocument cannot do that (it sorts keys and re-indents the whole
/// file), so it is used here only to check the file and to read values, never to write it.
///
/// An inserted member goes before the object's first one, laid out like it (the same whitespace
/// before its key, the same `": "`), so that no line of the person's changes — appending would put
/// a comma on their last line; a new multi-line value is indented with the file's own step.
/// Removing the member it inserted gives the bytes back exactly: the removed span runs from its
/// key to the next one's, or is the whole inside of an object it made non-empty.
class JsonTextEditor {
public:
    /// One step of a path: a member's key, or an element's index.
    using Step = std::variant<QString, int>;
    using Path = QList<Step>;

    /// Parses `bytes` (an empty file reads as `{}`); an error names the 1-based line and why.
    static Result<JsonTextEditor> parse(const QByteArray &bytes, const QString &path);

    const QByteArray &bytes() const { return m_bytes; }
    /// The value at `path`, read with QJsonDocument; undefined when there is none.
    QJsonValue value(const Path &path) const;

    /// The text with member `key` of the object at `object` set to `value`: replaced in place when
    /// present, else inserted first. Objects missing on the way are created as part of the value.
    Result<QByteArray> withMember(const Path &object, const QString &key, const QJsonValue &value) const;
    /// The text with `value` added to the array at `array`, as its first element.
    Result<QByteArray> withPrepended(const Path &array, const QJsonValue &value) const;
    /// The text without the member or element at `path` (unchanged when there is none).
    QByteArray without(const Path &path) const;

private:
    struct Node {
        char kind = 0;       ///< '{', '[' or 's' (any other value)
        qsizetype start = 0; ///< the value's first byte
        qsizetype end = 0;   ///< one past its last byte
        struct Child;
        std::vector<Child> children;
    };
    QByteArray m_bytes;
    Node m_root;
    bool m_wasEmpty = false;

    const Node *nodeAt(const Path &path) const;
    QByteArray insertedChild(const Node &container, const QString *key, const QJsonValue &value) const;
    QByteArray indentOfLine(qsizetype offset) const;
    QByteArray indentStep() const;
    QByteArray lineEnd() const;
    QByteArray serialised(const QJsonValue &value, const QByteArray &indent, const QByteArray &step,
                          bool multiLine) const;
    QByteArray finished(QByteArray text) const;

    friend class JsonTextScanner;
};

/// One member of an object, or one element of an array, with where its key starts and ends.
struct JsonTextEditor::Node::Child {
    QString key;            ///< empty in an array
    qsizetype keyStart = 0; ///< the key's opening quote; the value's start in an array
    qsizetype keyEnd = 0;   ///< one past the key's closing quote
    Node value;
};

} // namespace engram
