import Glibc
import MSelectCore

/// Files mselect keeps between runs (`--remember`, `--history`): read whole, written whole and
/// atomically (a temporary file renamed over the old one, so a crash leaves the old or the new).
public enum SavedFile {
  /// The lines of `path`; a missing file has none.
  public static func lines(_ path: String, terminator: UInt8) throws(InputError) -> [[UInt8]] {
    guard access(path, F_OK) == 0 else { return [] }
    return try InputReader.lines(ofFile: path, terminator: terminator)
  }

  /// Replaces `path` by `lines`, each followed by `terminator`.
  public static func write(_ lines: [[UInt8]], to path: String, terminator: UInt8) throws(SystemError) {
    var bytes: [UInt8] = []
    for line in lines {
      bytes += line
      bytes.append(terminator)
    }
    let temporary = path + ".mselect-\(getpid())"
    let fd = try Syscall.open(temporary, O_WRONLY | O_CREAT | O_TRUNC, mode: 0o600)
    do {
      try Syscall.write(fd, bytes)
      _ = fsync(fd)
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
