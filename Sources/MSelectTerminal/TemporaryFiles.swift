import Glibc
import Synchronization

/// The files `{+f}` placeholders hand to commands: made in `$TMPDIR` (else /tmp), readable by the
/// user only, each removed when the command that names it ends, and any left on every way out
/// (`Leftovers` covers signals and crashes).
final class TemporaryFiles: Sendable {
  private let paths = Mutex<[String]>([])

  /// A new file holding `bytes`; its path, or nil when it could not be made.
  func write(_ bytes: [UInt8]) -> String? {
    guard let (fd, path) = try? Syscall.temporaryFile(bytes) else { return nil }
    Syscall.close(fd)
    paths.withLock { $0.append(path) }
    Leftovers.addFile(path)
    return path
  }

  /// Removes the files `command` names: it ended (or will never run), so nothing reads them any more.
  func release(mentionedIn command: [UInt8]) {
    let named = paths.withLock { list in
      let found = list.filter { TemporaryFiles.contains(command, Array($0.utf8)) }
      list.removeAll { found.contains($0) }
      return found
    }
    for path in named { remove(path) }
  }

  /// Removes every file made so far.
  func removeAll() {
    for path in paths.withLock({ list in
      defer { list = [] }
      return list
    }) { remove(path) }
  }

  /// Removes every file but those `command` names, which are no longer removed on the way out.
  func removeAll(except command: [UInt8]) {
    for path in paths.withLock({ list in
      defer { list = [] }
      return list
    }) {
      if TemporaryFiles.contains(command, Array(path.utf8)) {
        Leftovers.removeFile(path)
      } else {
        remove(path)
      }
    }
  }

  private func remove(_ path: String) {
    unlink(path)
    Leftovers.removeFile(path)
  }

  /// Whether `needle` occurs in `haystack`.
  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard !needle.isEmpty, haystack.count >= needle.count else { return false }
    return (0...(haystack.count - needle.count)).contains { start in
      haystack[start..<(start + needle.count)].elementsEqual(needle)
    }
  }
}
