#pragma once

#include <QString>

#include <optional>
#include <utility>
#include <variant>

namespace engram {

/// A failure a person can act on: what went wrong, and where (a vault-relative
/// path and a 1-based line when known).
struct Error {
    Error() = default;
    Error(QString message, QString path = {}, int line = 0)
        : message(std::move(message)), path(std::move(path)), line(line)
    { }

    QString message;
    QString path;
    int line = 0;

    /// "notes/x.md:3: front matter is not valid YAML: …"
    QString toString() const
    {
        if (path.isEmpty())
            return message;
        if (line > 0)
            return path + QLatin1Char(':') + QString::number(line) + QStringLiteral(": ") + message;
        return path + QStringLiteral(": ") + message;
    }
};

/// Errors are values: engine calls that can fail return a Result. It cannot be dropped unread
/// ([[nodiscard]]): a caller handles it, returns it, or records it as a problem.
template <typename T>
class [[nodiscard]] Result {
public:
    Result(T value) : m_value(std::move(value)) { }
    Result(Error error) : m_value(std::move(error)) { }

    bool ok() const { return std::holds_alternative<T>(m_value); }
    explicit operator bool() const { return ok(); }

    T &value() { return std::get<T>(m_value); }
    const T &value() const { return std::get<T>(m_value); }
    T &operator*() { return value(); }
    const T &operator*() const { return value(); }
    T *operator->() { return &value(); }
    const T *operator->() const { return &value(); }

    const Error &error() const { return std::get<Error>(m_value); }

private:
    std::variant<T, Error> m_value;
};

/// A Result without a value.
class [[nodiscard]] Status {
public:
    Status() = default;
    Status(Error error) : m_error(std::move(error)) { }

    bool ok() const { return !m_error.has_value(); }
    explicit operator bool() const { return ok(); }
    const Error &error() const { return *m_error; }

private:
    std::optional<Error> m_error;
};

} // namespace engram
