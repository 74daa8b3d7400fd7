import Glibc
import MSelectCore

/// Files mselect keeps between runs (`--remember`, `--history`): read whole, written whole and
/// atomically (a new file in the same directory renamed over the old one, so a crash leaves the old
/// or the new). A symbolic link at the path is followed, and the file it names is the one replaced
/// (the link stays); an existing file keeps its permissions; pickers saving at once take turns, so
/// none loses what another added.
package enum SavedFile {
  /// The lines of `path`; a missing file has none.
  package static func lines(_ path: String, terminator: UInt8) throws(InputError) -> [[UInt8]] {
    guard access(path, F_OK) == 0 else { return [] }
    return try InputReader.lines(ofFile: path, terminator: terminator)
  }

  /// Replaces `path` by `lines`, each followed by `terminator`.
  package static func write(_ lines: [[UInt8]], to path: String, terminator: UInt8) throws(SystemError) {
    try update(path, terminator: terminator) { _ in lines }
  }

  /// Replaces `path` by what `change` makes of its lines, with no other picker's save in between.
  package static func update(_ path: String, terminator: UInt8, _ change: ([[UInt8]]) -> [[UInt8]])
    throws(SystemError)
  {
    let target = try resolved(path)
    let lock = try locked(target)
    defer { Syscall.close(lock) }
    // Read from the locked descriptor itself: the very file no other save can replace meanwhile.
    let old = try contents(lock, path: target).split(separator: terminator, omittingEmptySubsequences: false)
      .map(Array.init)
    var bytes: [UInt8] = []
    for line in change(old.last == [] ? Array(old.dropLast()) : old) {
      bytes += line
      bytes.append(terminator)
    }
    try replace(target, with: bytes, lockedAs: lock)
  }

  /// Everything `fd` holds (at most `InputReader.maxPreselectFileSize`, as any file of lines read
  /// at start).
  private static func contents(_ fd: FileDescriptor, path: String) throws(SystemError) -> [UInt8] {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 64 << 10)
    while true {
      let n = buffer.withUnsafeMutableBytes { Glibc.read(fd.rawValue, $0.baseAddress, $0.count) }
      if n < 0 && errno == EINTR { continue }
      if n < 0 { throw SystemError("read \(path)", errno: errno) }
      if n == 0 { return bytes }
      bytes += buffer[..<n]
      if bytes.count > InputReader.maxPreselectFileSize { throw SystemError("read \(path)", errno: EFBIG) }
    }
  }

  /// Why saving to `path` would fail (nil: it would not), checked before the picker opens so that a
  /// run that prints never fails afterwards: the file (if there) must be writable, and its directory
  /// must take a new file.
  package static func problem(saving path: String) -> String? {
    let target: String
    do {
      target = try resolved(path)
    } catch {
      return error.message
    }
    if Syscall.fileType(target) == S_IFDIR { return "\(path) is a directory" }
    if access(target, F_OK) == 0 && access(target, W_OK) != 0 {
      return SystemError("cannot write \(path)", errno: errno).message
    }
    if access(directory(of: target), W_OK | X_OK) != 0 {
      return SystemError("cannot write in \(directory(of: target))", errno: errno).message
    }
    return nil
  }

  /// `path` with its symbolic links followed to the file they name (which need not exist yet).
  static func resolved(_ path: String) throws(SystemError) -> String {
    var current = path
    for _ in 0..<40 {
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink(current, &buffer, buffer.count - 1)
      if count < 0 {
        if errno == EINVAL || errno == ENOENT { return current }
        throw SystemError("readlink \(current)", errno: errno)
      }
      let link = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      current = link.hasPrefix("/") ? link : directory(of: current) + "/" + link
    }
    throw SystemError("open \(path)", errno: ELOOP)
  }

  /// The directory part of `path` (`.` when it has none).
  static func directory(of path: String) -> String {
    guard let slash = path.lastIndex(of: "/") else { return "." }
    return slash == path.startIndex ? "/" : String(path[..<slash])
  }

  /// A descriptor of the file at `path` (made, empty and user-only, if missing) holding an exclusive
  /// lock; the path still names that file (a save that renamed over it meanwhile is waited out and
  /// the new file taken).
  private static func locked(_ path: String) throws(SystemError) -> FileDescriptor {
    while true {
      let fd = try Syscall.open(path, O_RDONLY | O_CREAT, mode: 0o600)
      while flock(fd.rawValue, LOCK_EX) != 0 {
        guard errno == EINTR else {
          let code = errno
          Syscall.close(fd)
          throw SystemError("lock \(path)", errno: code)
        }
      }
      var held = stat()
      var named = stat()
      if fstat(fd.rawValue, &held) == 0, stat(path, &named) == 0, held.st_ino == named.st_ino,
        held.st_dev == named.st_dev
      {
        return fd
      }
      Syscall.close(fd)
    }
  }

  /// Writes `bytes` to a new file beside `path` (made with `mkstemp`: no planted file or link is
  /// followed), with the old file's permissions, and renames it over `path`.
  private static func replace(_ path: String, with bytes: [UInt8], lockedAs lock: FileDescriptor)
    throws(SystemError)
  {
    let name = path.split(separator: "/").last.map(String.init) ?? path
    var template = Array((directory(of: path) + "/." + name + ".mselect-XXXXXX").utf8CString)
    let made = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard made >= 0 else { throw SystemError("create a file in \(directory(of: path))", errno: errno) }
    let fd = FileDescriptor(rawValue: made)
    _ = fcntl(made, F_SETFD, FD_CLOEXEC)
    let temporary = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    do throws(SystemError) {
      var old = stat()
      if fstat(lock.rawValue, &old) == 0 { _ = fchmod(made, old.st_mode & 0o7777) }
      try Syscall.write(fd, bytes)
      _ = fsync(made)
    } catch {
      Syscall.close(fd)
      unlink(temporary)
      throw error
    }
    Syscall.close(fd)
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw SystemError("rename \(temporary)", errno: code)
    }
  }
}
