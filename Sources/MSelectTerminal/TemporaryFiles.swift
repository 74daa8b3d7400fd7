import Glibc
import Synchronization

/// The files `{+f}` placeholders hand to commands: made in `$TMPDIR` (else /tmp), readable by the
/// user only, removed when the picker ends.
final class TemporaryFiles: Sendable {
  private let paths = Mutex<[String]>([])

  /// A new file holding `bytes`; its path, or nil when it could not be made.
  func write(_ bytes: [UInt8]) -> String? {
    let directory = getenv("TMPDIR").map { String(cString: $0) }.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    var template = Array((directory + "/mselect-XXXXXX").utf8CString)
    let fd = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard fd >= 0 else { return nil }
    let path = template.withUnsafeBufferPointer { String(cString: $0.baseAddress!) }
    defer { Syscall.close(fd) }
    do throws(SystemError) {
      try Syscall.write(fd, bytes)
    } catch {
      unlink(path)
      return nil
    }
    paths.withLock { $0.append(path) }
    return path
  }

  /// Removes every file made so far.
  func removeAll() {
    for path in paths.withLock({ list in
      defer { list = [] }; return list
    }) { unlink(path) }
  }
}
