import Glibc
import MSelectCore
import Synchronization

/// The files `{+f}` placeholders hand to commands: the picker's state names them in `directory`, a
/// folder of this process's own in `$TMPDIR` (else /tmp) with an unguessable name, made on the first
/// file and readable by the user only; each file is removed when the command that names it ends, and
/// any left on every way out (`Leftovers` covers signals and crashes).
final class TemporaryFiles: Sendable {
  private let paths = Mutex<[String]>([])
  /// Where the files go (not made until the first one is written).
  let directory: String
  private let made = Mutex(false)

  init() {
    let base = CurrentProcess.variable("TMPDIR").map { String(decoding: $0, as: UTF8.self) }
    let folder = base.flatMap { $0.isEmpty ? nil : $0 } ?? "/tmp"
    let name = String(UInt64.random(in: 0...UInt64.max), radix: 36)
    directory = "\(folder)/mselect-\(getpid())-\(name)"
  }

  /// Writes `file` (a new file: one already there, or a folder someone else made, is refused);
  /// false when it could not be.
  @discardableResult
  func write(_ file: Placeholders.File) -> Bool {
    let ready = made.withLock { made in
      // A folder made by anyone else (it could be a link, or readable by others) is not used.
      if !made { made = mkdir(directory, 0o700) == 0 }
      return made
    }
    guard ready else { return false }
    Leftovers.setDirectory(directory)
    do throws(SystemError) {
      let fd = try Syscall.open(file.path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode: 0o600)
      defer { Syscall.close(fd) }
      paths.withLock { $0.append(file.path) }
      Leftovers.addFile(file.path)
      try Syscall.write(fd, file.contents)
      return true
    } catch {
      return false
    }
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

  /// Removes every file made so far, and the folder.
  func removeAll() {
    for path in paths.withLock({ list in
      defer { list = [] }
      return list
    }) { remove(path) }
    removeDirectory()
  }

  /// Removes the folder when it is empty (files a `become` command reads stay, and so does it).
  private func removeDirectory() {
    guard made.withLock({ $0 }) else { return }
    rmdir(directory)
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
    removeDirectory()
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
