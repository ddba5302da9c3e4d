#include "core/BoundedRead.h"

#include <QFile>
#include <QTemporaryDir>
#include <QTest>

using namespace engram;

namespace {

QString written(const QTemporaryDir &dir, const QByteArray &bytes)
{
    const QString path = dir.filePath(QStringLiteral("f"));
    QFile file(path);
    if (!file.open(QIODevice::WriteOnly | QIODevice::Truncate) || file.write(bytes) != bytes.size())
        qFatal("cannot write %s", qPrintable(path));
    return path;
}

} // namespace

class TestBoundedRead : public QObject {
    Q_OBJECT
private Q_SLOTS:
    void readAtMost_givesTheFileUpToTheLimit_andOneByteMoreWhenItHoldsMore()
    {
        QTemporaryDir dir;
        const QByteArray ten("0123456789");
        QFile file(written(dir, ten));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(readAtMost(file, 10), ten); // exactly the limit: whole, no more
        QVERIFY(file.seek(0));
        QCOMPARE(readAtMost(file, 100), ten); // under it
        QVERIFY(file.seek(0));
        QCOMPARE(readAtMost(file, 4), QByteArray("01234")); // over it: limit + 1, so the caller knows
        QVERIFY(file.seek(3));
        QCOMPARE(readAtMost(file, 100), QByteArray("3456789")); // from where the file stands
        QCOMPARE(readAtMost(file, 100), QByteArray());          // at its end
        // Sized by the file, not by the limit: QIODevice::read(limit) would allocate a terabyte here.
        QVERIFY(file.seek(0));
        QCOMPARE(readAtMost(file, qint64(1) << 40), ten);
    }

    void readAtMost_readsWhatWasAppendedAfterTheFileWasOpened()
    {
        QTemporaryDir dir;
        const QString path = written(dir, "start ");
        QFile file(path);
        QVERIFY(file.open(QIODevice::ReadOnly));
        {
            QFile writer(path);
            QVERIFY(writer.open(QIODevice::Append));
            writer.write("and more");
        }
        QCOMPARE(readAtMost(file, 100), QByteArray("start and more"));
        QVERIFY(file.seek(0));
        QCOMPARE(readAtMost(file, 6), QByteArray("start a"));
    }

    void readAtMost_aLargeFileComesWholeAcrossItsPieces()
    {
        QTemporaryDir dir;
        QByteArray bytes(3 * 1024 * 1024 + 17, 'x');
        for (qsizetype i = 0; i < bytes.size(); i += 4093)
            bytes[i] = char('a' + i % 26);
        QFile file(written(dir, bytes));
        QVERIFY(file.open(QIODevice::ReadOnly));
        QCOMPARE(readAtMost(file, 8 * 1024 * 1024), bytes);
        QVERIFY(file.seek(0));
        QCOMPARE(readAtMost(file, 1024 * 1024), bytes.left(1024 * 1024 + 1));
    }
};

QTEST_GUILESS_MAIN(TestBoundedRead)
#include "tst_boundedread.moc"
