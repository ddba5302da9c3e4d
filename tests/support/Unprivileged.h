#pragma once

#include <QString>

namespace engram::test {

/// While alive, a process running as root acts as user and group "nobody" (65534), for whom
/// permission bits hold: root reads a mode-000 file, nobody cannot. CI runs as root, and this
/// lets a test reach the engine's real "cannot read the file" path there. The folder (a test
/// vault) is handed to nobody first, so the engine can still write its index into it.
/// A process that is not root is left as it is: the permission bits already apply to it.
class UnprivilegedScope {
public:
    explicit UnprivilegedScope(const QString &folder);
    ~UnprivilegedScope();
    UnprivilegedScope(const UnprivilegedScope &) = delete;
    UnprivilegedScope &operator=(const UnprivilegedScope &) = delete;

    /// Why the privileges could not be dropped; empty when they were (or did not need to be).
    QString error() const { return m_error; }

private:
    bool m_dropped = false;
    QString m_error;
};

} // namespace engram::test
