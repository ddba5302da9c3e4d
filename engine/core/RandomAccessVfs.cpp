#include "core/RandomAccessVfs.h"

#include <mutex>
#include <sqlite3.h>
#include <sys/mman.h>

namespace engram {

namespace {

constexpr const char *kName = "engram-random-access";

/// A file of this VFS: the default VFS's file follows it in the same allocation.
struct File {
    sqlite3_file base;
    sqlite3_file *real;
    const char *advised; ///< the start of the last mapping marked
};

sqlite3_vfs *realVfs(sqlite3_vfs *vfs)
{
    return static_cast<sqlite3_vfs *>(vfs->pAppData);
}
sqlite3_file *real(sqlite3_file *file)
{
    return reinterpret_cast<File *>(file)->real;
}

int fileFetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **page)
{
    File *f = reinterpret_cast<File *>(file);
    if (f->real->pMethods->iVersion < 3) { // no map: SQLite reads the page
        *page = nullptr;
        return SQLITE_OK;
    }
    const int rc = f->real->pMethods->xFetch(f->real, offset, amount, page);
    if (rc != SQLITE_OK || *page == nullptr)
        return rc;
    // Each fetch points into the map of the whole file (from offset 0): a new start is a new map.
    const char *start = static_cast<const char *>(*page) - offset;
    if (start != f->advised) {
        sqlite3_int64 size = 0;
        if (f->real->pMethods->xFileSize(f->real, &size) == SQLITE_OK && size > 0)
            // Past the end of a map shorter than the file (mmap_size) madvise fails with ENOMEM after
            // marking what is mapped; a map that grows in place (mremap) keeps the mark.
            (void)::madvise(const_cast<char *>(start), size_t(size), MADV_RANDOM);
        f->advised = start;
    }
    return rc;
}

// The rest is the default VFS's, unchanged.
int fileClose(sqlite3_file *file)
{
    sqlite3_file *r = real(file);
    return r->pMethods ? r->pMethods->xClose(r) : SQLITE_OK;
}
int fileRead(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset)
{
    return real(file)->pMethods->xRead(real(file), buffer, amount, offset);
}
int fileWrite(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset)
{
    return real(file)->pMethods->xWrite(real(file), buffer, amount, offset);
}
int fileTruncate(sqlite3_file *file, sqlite3_int64 size)
{
    return real(file)->pMethods->xTruncate(real(file), size);
}
int fileSync(sqlite3_file *file, int flags)
{
    return real(file)->pMethods->xSync(real(file), flags);
}
int fileSize(sqlite3_file *file, sqlite3_int64 *size)
{
    return real(file)->pMethods->xFileSize(real(file), size);
}
int fileLock(sqlite3_file *file, int level)
{
    return real(file)->pMethods->xLock(real(file), level);
}
int fileUnlock(sqlite3_file *file, int level)
{
    return real(file)->pMethods->xUnlock(real(file), level);
}
int checkReservedLock(sqlite3_file *file, int *out)
{
    return real(file)->pMethods->xCheckReservedLock(real(file), out);
}
int fileControl(sqlite3_file *file, int op, void *arg)
{
    return real(file)->pMethods->xFileControl(real(file), op, arg);
}
int sectorSize(sqlite3_file *file)
{
    return real(file)->pMethods->xSectorSize(real(file));
}
int deviceCharacteristics(sqlite3_file *file)
{
    return real(file)->pMethods->xDeviceCharacteristics(real(file));
}
int shmMap(sqlite3_file *file, int region, int size, int extend, void volatile **out)
{
    return real(file)->pMethods->xShmMap(real(file), region, size, extend, out);
}
int shmLock(sqlite3_file *file, int offset, int n, int flags)
{
    return real(file)->pMethods->xShmLock(real(file), offset, n, flags);
}
void shmBarrier(sqlite3_file *file)
{
    real(file)->pMethods->xShmBarrier(real(file));
}
int shmUnmap(sqlite3_file *file, int deleteFlag)
{
    return real(file)->pMethods->xShmUnmap(real(file), deleteFlag);
}
int fileUnfetch(sqlite3_file *file, sqlite3_int64 offset, void *page)
{
    if (real(file)->pMethods->iVersion < 3)
        return SQLITE_OK;
    return real(file)->pMethods->xUnfetch(real(file), offset, page);
}

const sqlite3_io_methods kMethods = {
    3, // fetch and unfetch
    fileClose, fileRead,   fileWrite,         fileTruncate, fileSync,   fileSize,
    fileLock,  fileUnlock, checkReservedLock, fileControl,  sectorSize, deviceCharacteristics,
    shmMap,    shmLock,    shmBarrier,        shmUnmap,     fileFetch,  fileUnfetch,
};

int vfsOpen(sqlite3_vfs *vfs, sqlite3_filename name, sqlite3_file *file, int flags, int *outFlags)
{
    File *f = reinterpret_cast<File *>(file);
    f->real = reinterpret_cast<sqlite3_file *>(f + 1);
    f->advised = nullptr;
    f->base.pMethods = nullptr;
    const int rc = realVfs(vfs)->xOpen(realVfs(vfs), name, f->real, flags, outFlags);
    // As SQLite asks of xOpen: methods set (even on a failure) mean xClose will be called.
    if (f->real->pMethods)
        f->base.pMethods = &kMethods;
    return rc;
}

int vfsDelete(sqlite3_vfs *vfs, const char *name, int syncDir)
{
    return realVfs(vfs)->xDelete(realVfs(vfs), name, syncDir);
}
int vfsAccess(sqlite3_vfs *vfs, const char *name, int flags, int *out)
{
    return realVfs(vfs)->xAccess(realVfs(vfs), name, flags, out);
}
int fullPathname(sqlite3_vfs *vfs, const char *name, int size, char *out)
{
    return realVfs(vfs)->xFullPathname(realVfs(vfs), name, size, out);
}
void *dlOpen(sqlite3_vfs *vfs, const char *name)
{
    return realVfs(vfs)->xDlOpen(realVfs(vfs), name);
}
void dlError(sqlite3_vfs *vfs, int size, char *out)
{
    realVfs(vfs)->xDlError(realVfs(vfs), size, out);
}
void (*dlSym(sqlite3_vfs *vfs, void *handle, const char *symbol))(void)
{
    return realVfs(vfs)->xDlSym(realVfs(vfs), handle, symbol);
}
void dlClose(sqlite3_vfs *vfs, void *handle)
{
    realVfs(vfs)->xDlClose(realVfs(vfs), handle);
}
int randomness(sqlite3_vfs *vfs, int size, char *out)
{
    return realVfs(vfs)->xRandomness(realVfs(vfs), size, out);
}
int vfsSleep(sqlite3_vfs *vfs, int microseconds)
{
    return realVfs(vfs)->xSleep(realVfs(vfs), microseconds);
}
int currentTime(sqlite3_vfs *vfs, double *out)
{
    return realVfs(vfs)->xCurrentTime(realVfs(vfs), out);
}
int lastError(sqlite3_vfs *vfs, int size, char *out)
{
    return realVfs(vfs)->xGetLastError(realVfs(vfs), size, out);
}
int currentTimeInt64(sqlite3_vfs *vfs, sqlite3_int64 *out)
{
    return realVfs(vfs)->xCurrentTimeInt64(realVfs(vfs), out);
}

} // namespace

const char *randomAccessVfs()
{
    static sqlite3_vfs vfs;
    static std::once_flag registered;
    std::call_once(registered, [] {
        sqlite3_vfs *base = sqlite3_vfs_find(nullptr);
        vfs = sqlite3_vfs{};
        vfs.iVersion = 2; // xCurrentTimeInt64; the system-call hooks (version 3) stay the default's
        vfs.szOsFile = int(sizeof(File)) + base->szOsFile;
        vfs.mxPathname = base->mxPathname;
        vfs.zName = kName;
        vfs.pAppData = base;
        vfs.xOpen = vfsOpen;
        vfs.xDelete = vfsDelete;
        vfs.xAccess = vfsAccess;
        vfs.xFullPathname = fullPathname;
        vfs.xDlOpen = dlOpen;
        vfs.xDlError = dlError;
        vfs.xDlSym = dlSym;
        vfs.xDlClose = dlClose;
        vfs.xRandomness = randomness;
        vfs.xSleep = vfsSleep;
        vfs.xCurrentTime = currentTime;
        vfs.xGetLastError = lastError;
        vfs.xCurrentTimeInt64 = currentTimeInt64;
        if (sqlite3_vfs_register(&vfs, 0) != SQLITE_OK)
            vfs.zName = nullptr;
    });
    return vfs.zName; // nullptr (the default VFS) if it could not be registered
}

} // namespace engram
