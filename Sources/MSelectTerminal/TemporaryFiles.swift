import Glibc
import Synchronization

/// The files `{+f}` placeholders hand to commands: made in `$TMPDIR` (else /tmp), readable by the
/// user only, removed when the picker ends.
final class TemporaryFiles: Sendable {
  private let paths = Mutex<[String]>([])

  /// A new file holding `bytes`; its path, or nil when it could not be made.
  func write(_ bytes: [UInt8]) -> String? {
    guard let (fd, path) = try? Syscall.temporaryFile(bytes) else { return nil }
    Syscall.close(fd)
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
