#include "core/FrontMatter.h"

#include "core/WorkCount.h"

#include <QDateTime>
#include <QRegularExpression>

namespace engram {

namespace {

QString unquote(const QString &text, bool *ok)
{
    *ok = true;
    const QChar quote = text.front();
    if (text.size() < 2 || text.back() != quote) {
        *ok = false;
        return {};
    }
    QString inner = text.mid(1, text.size() - 2);
    if (quote == QLatin1Char('\'')) {
        return inner.replace(QStringLiteral("''"), QStringLiteral("'"));
    }
    QString out;
    out.reserve(inner.size());
    for (qsizetype i = 0; i < inner.size(); ++i) {
        QChar c = inner[i];
        if (c == QLatin1Char('\\') && i + 1 < inner.size()) {
            const QChar next = inner[++i];
            switch (next.unicode()) {
            case 'n': out += QLatin1Char('\n'); break;
            case 't': out += QLatin1Char('\t'); break;
            default: out += next; break;
            }
        } else {
            out += c;
        }
    }
    return out;
}

QStringList splitInlineList(const QString &inner, bool *ok)
{
    QStringList items;
    QString current;
    QChar quote;
    *ok = true;
    bool escaped = false;
    for (const QChar c : inner) {
        if (!quote.isNull()) {
            current += c;
            // In double quotes a backslash escapes the next character, `\"` included.
            if (escaped)
                escaped = false;
            else if (c == QLatin1Char('\\') && quote == QLatin1Char('"'))
                escaped = true;
            else if (c == quote)
                quote = QChar();
        } else if ((c == QLatin1Char('"') || c == QLatin1Char('\'')) && current.trimmed().isEmpty()) {
            quote = c; // a quote opens a quoted item only at its start: `it's` is plain
            current += c;
        } else if (c == QLatin1Char(',')) {
            items << current.trimmed();
            current.clear();
        } else {
            current += c;
        }
    }
    if (!quote.isNull())
        *ok = false;
    if (!current.trimmed().isEmpty() || !items.isEmpty())
        items << current.trimmed();
    return items;
}

QString stripComment(const QString &text)
{
    // A '#' starts a comment only outside quotes and after white space.
    QChar quote;
    bool escaped = false;
    for (qsizetype i = 0; i < text.size(); ++i) {
        const QChar c = text[i];
        if (!quote.isNull()) {
            if (escaped)
                escaped = false;
            else if (quote == QLatin1Char('"') && c == QLatin1Char('\\'))
                escaped = true;
            else if (c == quote)
                quote = QChar();
        } else if (c == QLatin1Char('"') || c == QLatin1Char('\'')) {
            if (i == 0 || text[i - 1].isSpace() || text[i - 1] == QLatin1Char('[') || text[i - 1] == QLatin1Char(','))
                quote = c;
        } else if (c == QLatin1Char('#') && (i == 0 || text[i - 1].isSpace())) {
            return text.left(i).trimmed();
        }
    }
    return text.trimmed();
}

} // namespace

namespace {

/// Inline lists nest no deeper than this; `[[[[…]]]]` a million deep would exhaust the stack.
constexpr int kMaxListDepth = 16;

QVariant parseValueAt(const QString &raw, int depth, bool *okOut);

} // namespace

QVariant FrontMatter::parseValue(const QString &raw, bool *okOut)
{
    return parseValueAt(raw, 0, okOut);
}

namespace {

QVariant parseValueAt(const QString &raw, int depth, bool *okOut)
{
    bool ok = true;
    const QString text = stripComment(raw);
    QVariant result;
    if (text.isEmpty()) {
        result = QString();
    } else if (text.front() == QLatin1Char('"') || text.front() == QLatin1Char('\'')) {
        result = unquote(text, &ok);
    } else if (text.front() == QLatin1Char('[')) {
        if (text.back() != QLatin1Char(']') || depth >= kMaxListDepth) {
            ok = false;
        } else {
            QVariantList list;
            const QStringList items = splitInlineList(text.mid(1, text.size() - 2), &ok);
            for (const QString &item : items) {
                bool itemOk = true;
                list << parseValueAt(item, depth + 1, &itemOk);
                ok = ok && itemOk;
            }
            result = list;
        }
    } else if (text.front() == QLatin1Char('{') || text.front() == QLatin1Char('|') || text.front() == QLatin1Char('>')
               || text.front() == QLatin1Char('&') || text.front() == QLatin1Char('*')) {
        ok = false; // flow maps, block scalars and anchors are outside the subset
    } else if (text == QLatin1String("true") || text == QLatin1String("false")) {
        result = text == QLatin1String("true");
    } else if (text == QLatin1String("null") || text == QLatin1String("~")) {
        result = QVariant();
    } else {
        bool isNumber = false;
        const double number = text.toDouble(&isNumber);
        if (isNumber)
            result = number;
        else
            result = text;
    }
    if (okOut)
        *okOut = ok;
    return result;
}

} // namespace

Result<FrontMatter::Parsed> FrontMatter::parse(const QStringList &lines)
{
    Parsed parsed;
    if (lines.isEmpty() || lines.front().trimmed() != QLatin1String("---"))
        return parsed;

    static const QRegularExpression keyLine(QStringLiteral(R"(^([A-Za-z_][A-Za-z0-9_\-]*)\s*:(?:\s+(.*)|\s*)$)"));
    static const QRegularExpression listItem(QStringLiteral(R"(^\s+-\s*(.*)$|^-\s+(.*)$)"));

    bool closed = false;
    for (int i = 1; i < lines.size() && !closed; ++i)
        closed = lines[i].trimmed() == QLatin1String("---") || lines[i].trimmed() == QLatin1String("...");
    if (!closed)
        return Error{QStringLiteral("front matter starts with `---` on line 1 but is never closed"), {}, 1};

    QString currentListKey;
    for (int i = 1; i < lines.size(); ++i) {
        const QString &line = lines[i];
        WorkCount::add(line.size());
        const int lineNumber = i + 1;
        if (line.trimmed() == QLatin1String("---") || line.trimmed() == QLatin1String("...")) {
            parsed.present = true;
            parsed.bodyStartLine = lineNumber + 1;
            return parsed;
        }
        if (line.trimmed().isEmpty() || line.trimmed().startsWith(QLatin1Char('#')))
            continue;
        if (line.contains(QLatin1Char('\t')) && line.front().isSpace())
            return Error{
                QStringLiteral("front matter uses a tab for indentation; YAML allows spaces only"), {}, lineNumber};

        const auto item = listItem.match(line);
        if (item.hasMatch()) {
            if (currentListKey.isEmpty())
                return Error{QStringLiteral("front matter has a list item with no key above it"), {}, lineNumber};
            bool ok = true;
            const QString itemText = item.captured(1).isEmpty() ? item.captured(2) : item.captured(1);
            const QVariant value = parseValue(itemText, &ok);
            if (!ok)
                return Error{
                    QStringLiteral("front matter list item is not valid YAML: %1").arg(line.trimmed()), {}, lineNumber};
            // Take the list out of the map before appending: a copy shared with the map would be
            // copied whole on every item (300 000 items took minutes).
            QVariant &slot = parsed.values[currentListKey];
            QVariantList list = slot.toList();
            slot.clear();
            list << value;
            slot = std::move(list);
            continue;
        }

        const auto key = keyLine.match(line);
        if (!key.hasMatch())
            return Error{QStringLiteral("front matter line is not `key: value`: %1").arg(line.trimmed().left(80)),
                         {},
                         lineNumber};
        const QString name = key.captured(1);
        const QString valueText = key.captured(2);
        if (stripComment(valueText).isEmpty()) {
            currentListKey = name; // a block list may follow
            parsed.values.insert(name, QVariantList());
            continue;
        }
        currentListKey.clear();
        bool ok = true;
        const QVariant value = parseValue(valueText, &ok);
        if (!ok)
            return Error{
                QStringLiteral("front matter value of `%1` is not valid YAML: %2").arg(name, valueText.left(80)),
                {},
                lineNumber};
        parsed.values.insert(name, value);
    }
    return Error{QStringLiteral("front matter starts with `---` on line 1 but is never closed"), {}, 1};
}

namespace {

QString renderScalar(const QVariant &value)
{
    if (value.typeId() == QMetaType::Bool)
        return value.toBool() ? QStringLiteral("true") : QStringLiteral("false");
    if (value.typeId() == QMetaType::Double || value.typeId() == QMetaType::Int
        || value.typeId() == QMetaType::LongLong)
        return QString::number(value.toDouble(), 'g', 12);
    if (value.typeId() == QMetaType::QDateTime)
        return value.toDateTime().toString(Qt::ISODate);
    QString text = value.toString();
    static const QRegularExpression plain(QStringLiteral(R"(^[A-Za-z0-9_./@][A-Za-z0-9 _./@\-]*$)"));
    if (plain.match(text).hasMatch() && text != QLatin1String("true") && text != QLatin1String("false")
        && text != QLatin1String("null") && !text.endsWith(QLatin1Char(' '))) {
        bool isNumber = false;
        text.toDouble(&isNumber);
        if (!isNumber)
            return text;
    }
    text.replace(QLatin1Char('\\'), QStringLiteral("\\\\"));
    text.replace(QLatin1Char('"'), QStringLiteral("\\\""));
    text.replace(QLatin1Char('\n'), QStringLiteral("\\n"));
    return QLatin1Char('"') + text + QLatin1Char('"');
}

} // namespace

QString FrontMatter::render(const QVariantMap &values, const QStringList &keyOrder)
{
    QStringList keys;
    for (const QString &key : keyOrder)
        if (values.contains(key))
            keys << key;
    for (auto it = values.cbegin(); it != values.cend(); ++it)
        if (!keys.contains(it.key()))
            keys << it.key();

    QString out = QStringLiteral("---\n");
    for (const QString &key : std::as_const(keys)) {
        const QVariant value = values.value(key);
        if (value.typeId() == QMetaType::QVariantList || value.typeId() == QMetaType::QStringList) {
            QStringList items;
            for (const QVariant &item : value.toList())
                items << renderScalar(item);
            out += key + QStringLiteral(": [") + items.join(QStringLiteral(", ")) + QStringLiteral("]\n");
        } else {
            out += key + QStringLiteral(": ") + renderScalar(value) + QLatin1Char('\n');
        }
    }
    out += QStringLiteral("---\n");
    return out;
}

QDateTime FrontMatter::date(const QVariant &value)
{
    if (!value.isValid())
        return {};
    const QString text = value.toString().trimmed();
    QDateTime dt = QDateTime::fromString(text, Qt::ISODateWithMs);
    if (!dt.isValid())
        dt = QDateTime::fromString(text, Qt::ISODate);
    if (!dt.isValid()) {
        const QDate d = QDate::fromString(text.left(10), Qt::ISODate);
        if (d.isValid())
            dt = QDateTime(d, QTime(0, 0));
    }
    // Kept as UTC, a calendar date reads back as the same date in any time zone (and comparing
    // UTC times never consults the system's zone rules).
    if (dt.isValid() && dt.timeSpec() == Qt::LocalTime)
        dt.setTimeSpec(Qt::UTC);
    return dt;
}

QStringList FrontMatter::listOf(const QVariant &value)
{
    QStringList out;
    if (value.typeId() == QMetaType::QVariantList || value.typeId() == QMetaType::QStringList) {
        for (const QVariant &v : value.toList())
            out << v.toString().trimmed();
    } else if (!value.toString().trimmed().isEmpty()) {
        out << value.toString().trimmed();
    }
    out.removeAll(QString());
    return out;
}

} // namespace engram
