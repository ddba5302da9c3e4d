#include "agent/TomlBlockEditor.h"

namespace engram {

namespace {

const QString kMarkerPrefix = QStringLiteral("# >>> engram ");
const QString kEndPrefix = QStringLiteral("# <<< engram ");

/// Where a value's scan stands at the end of a line.
struct ScanState {
    enum class String { None, MultiBasic, MultiLiteral } string = String::None;
    int depth = 0;    ///< open [ and {
    int openedAt = 0; ///< 1-based line where the open string or bracket began
    bool continuing() const { return string != String::None || depth > 0; }
};

/// Scans `s` from `i` as (part of) a value; returns why it is not TOML, or an empty string.
QString scanValue(const QString &s, qsizetype i, ScanState &st, int lineNumber)
{
    const qsizetype n = s.size();
    while (i < n) {
        if (st.string == ScanState::String::MultiBasic) {
            if (s.at(i) == QLatin1Char('\\')) {
                i += 2;
                continue;
            }
            if (QStringView(s).mid(i).startsWith(QLatin1String("\"\"\""))) {
                st.string = ScanState::String::None;
                i += 3;
                while (i < n && s.at(i) == QLatin1Char('"')) // up to two quotes may end the content
                    ++i;
                continue;
            }
            ++i;
            continue;
        }
        if (st.string == ScanState::String::MultiLiteral) {
            if (QStringView(s).mid(i).startsWith(QLatin1String("'''"))) {
                st.string = ScanState::String::None;
                i += 3;
                while (i < n && s.at(i) == QLatin1Char('\''))
                    ++i;
                continue;
            }
            ++i;
            continue;
        }
        const QChar c = s.at(i);
        if (c == QLatin1Char('#'))
            return {};
        if (QStringView(s).mid(i).startsWith(QLatin1String("\"\"\""))) {
            st.string = ScanState::String::MultiBasic;
            st.openedAt = lineNumber;
            i += 3;
        } else if (QStringView(s).mid(i).startsWith(QLatin1String("'''"))) {
            st.string = ScanState::String::MultiLiteral;
            st.openedAt = lineNumber;
            i += 3;
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            qsizetype j = i + 1;
            while (j < n && s.at(j) != c) {
                if (c == QLatin1Char('"') && s.at(j) == QLatin1Char('\\'))
                    ++j;
                ++j;
            }
            if (j >= n)
                return QStringLiteral("a string is not closed on its line");
            i = j + 1;
        } else if (c == QLatin1Char('[') || c == QLatin1Char('{')) {
            if (st.depth++ == 0)
                st.openedAt = lineNumber;
            ++i;
        } else if (c == QLatin1Char(']') || c == QLatin1Char('}')) {
            if (--st.depth < 0)
                return QStringLiteral("a closing %1 without its opening one").arg(c);
            ++i;
        } else {
            ++i;
        }
    }
    return {};
}

/// Reads a dotted key at `i` (bare, "basic" or 'literal' parts); returns the parts joined by
/// '.', advancing `i` past it, or a null string when there is none.
QString readKey(const QString &s, qsizetype &i)
{
    QStringList parts;
    const qsizetype n = s.size();
    for (;;) {
        while (i < n && (s.at(i) == QLatin1Char(' ') || s.at(i) == QLatin1Char('\t')))
            ++i;
        if (i >= n)
            return {};
        const QChar c = s.at(i);
        QString part;
        if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            qsizetype j = i + 1;
            while (j < n && s.at(j) != c) {
                if (c == QLatin1Char('"') && s.at(j) == QLatin1Char('\\'))
                    ++j;
                part += s.at(qMin(j, n - 1));
                ++j;
            }
            if (j >= n)
                return {};
            i = j + 1;
        } else {
            while (i < n && (s.at(i).isLetterOrNumber() || s.at(i) == QLatin1Char('_') || s.at(i) == QLatin1Char('-')))
                part += s.at(i++);
            if (part.isEmpty())
                return {};
        }
        parts << part;
        while (i < n && (s.at(i) == QLatin1Char(' ') || s.at(i) == QLatin1Char('\t')))
            ++i;
        if (i < n && s.at(i) == QLatin1Char('.')) {
            ++i;
            continue;
        }
        return parts.join(QLatin1Char('.'));
    }
}

bool onlyCommentLeft(const QString &s, qsizetype i)
{
    const QString rest = s.mid(i).trimmed();
    return rest.isEmpty() || rest.startsWith(QLatin1Char('#'));
}

} // namespace

Result<TomlBlockEditor> TomlBlockEditor::parse(const QString &text, const QString &path)
{
    TomlBlockEditor editor;
    editor.m_endsWithNewline = text.isEmpty() || text.endsWith(QLatin1Char('\n'));
    editor.m_lines = text.split(QLatin1Char('\n'));
    if (editor.m_endsWithNewline)
        editor.m_lines.removeLast();
    ScanState st;
    QString table;
    for (int index = 0; index < editor.m_lines.size(); ++index) {
        const int number = index + 1;
        QString line = editor.m_lines.at(index);
        if (line.endsWith(QLatin1Char('\r')))
            line.chop(1);
        if (st.continuing()) {
            if (const QString why = scanValue(line, 0, st, number); !why.isEmpty())
                return Error{why, path, number};
            continue;
        }
        const QString trimmed = line.trimmed();
        if (trimmed.isEmpty() || trimmed.startsWith(QLatin1Char('#')))
            continue;
        qsizetype i = line.indexOf(trimmed.at(0));
        if (trimmed.startsWith(QLatin1Char('['))) {
            const bool arrayTable = trimmed.startsWith(QLatin1String("[["));
            i += arrayTable ? 2 : 1;
            const QString name = readKey(line, i);
            const QString close = arrayTable ? QStringLiteral("]]") : QStringLiteral("]");
            if (name.isNull() || !QStringView(line).mid(i).startsWith(close)
                || !onlyCommentLeft(line, i + close.size()))
                return Error{QStringLiteral("a table header must read [name] or [[name]]"), path, number};
            table = name;
            editor.m_headers.append({name, number});
            if (editor.m_firstTableLine == 0)
                editor.m_firstTableLine = number;
            continue;
        }
        const QString key = readKey(line, i);
        if (key.isNull() || i >= line.size() || line.at(i) != QLatin1Char('='))
            return Error{QStringLiteral("expected `key = value`, a [table] header or a comment"), path, number};
        if (onlyCommentLeft(line, i + 1))
            return Error{QStringLiteral("the key `%1` has no value").arg(key), path, number};
        editor.m_keys.append({table.isEmpty() ? key : table + QLatin1Char('.') + key, number});
        if (const QString why = scanValue(line, i + 1, st, number); !why.isEmpty())
            return Error{why, path, number};
    }
    if (st.string != ScanState::String::None)
        return Error{QStringLiteral("a multi-line string begins here and is never closed"), path, st.openedAt};
    if (st.depth > 0)
        return Error{QStringLiteral("an array or inline table begins here and is never closed"), path, st.openedAt};
    return editor;
}

int TomlBlockEditor::topLevelKeyLine(const QString &key) const
{
    for (const auto &[name, line] : m_keys)
        if (name == key && (m_firstTableLine == 0 || line < m_firstTableLine))
            return line;
    return 0;
}

int TomlBlockEditor::tableLine(const QString &table) const
{
    const auto within = [&table](const QString &name) {
        return name == table || name.startsWith(table + QLatin1Char('.'));
    };
    for (const auto &[name, line] : m_headers)
        if (within(name))
            return line;
    for (const auto &[name, line] : m_keys)
        if (within(name))
            return line;
    return 0;
}

QString TomlBlockEditor::beginMarker(const QString &name) const
{
    return kMarkerPrefix + name + QStringLiteral(" (added by `engram-cli connect`; `--remove` takes it out)");
}

QString TomlBlockEditor::endMarker(const QString &name) const
{
    return kEndPrefix + name;
}

int TomlBlockEditor::markerLine(const QString &marker) const
{
    for (int i = 0; i < m_lines.size(); ++i)
        if (m_lines.at(i).trimmed() == marker)
            return i;
    return -1;
}

QStringList TomlBlockEditor::block(const QString &name, bool *found) const
{
    const int begin = markerLine(beginMarker(name));
    const int end = markerLine(endMarker(name));
    *found = begin >= 0 && end > begin;
    return *found ? m_lines.mid(begin + 1, end - begin - 1) : QStringList();
}

QString TomlBlockEditor::joined(const QStringList &lines) const
{
    if (lines.isEmpty())
        return {};
    return lines.join(QLatin1Char('\n')) + (m_endsWithNewline ? QStringLiteral("\n") : QString());
}

QString TomlBlockEditor::withBlock(const QString &name, const QStringList &lines, bool topLevel) const
{
    QStringList out = m_lines;
    QStringList wrapped = QStringList{beginMarker(name)} + lines + QStringList{endMarker(name)};
    if (!m_lines.isEmpty() && m_lines.constFirst().endsWith(QLatin1Char('\r')))
        for (QString &line : wrapped) // a file with CRLF line ends gets them in Engram's lines too
            line += QLatin1Char('\r');
    const int begin = markerLine(beginMarker(name));
    const int end = markerLine(endMarker(name));
    if (begin >= 0 && end > begin) {
        out.remove(begin, end - begin + 1);
        for (int k = 0; k < wrapped.size(); ++k)
            out.insert(begin + k, wrapped.at(k));
    } else if (topLevel && m_firstTableLine > 0) {
        for (int k = 0; k < wrapped.size(); ++k)
            out.insert(m_firstTableLine - 1 + k, wrapped.at(k));
    } else {
        out += wrapped;
    }
    // The file's own last line end, kept: without one, removing the block gives the file back.
    return joined(out);
}

QString TomlBlockEditor::withoutBlock(const QString &name) const
{
    const int begin = markerLine(beginMarker(name));
    const int end = markerLine(endMarker(name));
    if (begin < 0 || end <= begin)
        return joined(m_lines);
    QStringList out = m_lines;
    out.remove(begin, end - begin + 1);
    return joined(out);
}

QString TomlBlockEditor::quoted(const QString &value)
{
    QString out = QStringLiteral("\"");
    for (const QChar c : value) {
        if (c == QLatin1Char('"') || c == QLatin1Char('\\'))
            out += QLatin1Char('\\');
        out += c;
    }
    return out + QLatin1Char('"');
}

} // namespace engram
