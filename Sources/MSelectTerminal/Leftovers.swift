import Glibc
import MSelectCore

/// The most commands running in groups of their own at once, and temporary files at once, that an
/// abrupt end still cleans up (more are cleaned up on every ordinary way out, not after a crash).
private let maxGroups = 16
private let maxFiles = 64
/// The longest temporary file path kept for a crash (with its NUL).
private let pathCapacity = 512

/// Process group ids (0: a free slot), then paths (an empty string: a free slot), in memory that is
/// made once and never moves, so a crash handler reads it without allocating.
private let groupSlots = Shared(
  {
    let slots = UnsafeMutablePointer<Int32>.allocate(capacity: maxGroups)
    slots.initialize(repeating: 0, count: maxGroups)
    return slots
  }())
/// The folder the files are in, removed after them when empty.
private let directorySlot = Shared(
  {
    let slot = UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity)
    slot.initialize(repeating: 0, count: pathCapacity)
    return slot
  }())
private let fileSlots = Shared(
  {
    let slots = UnsafeMutablePointer<CChar>.allocate(capacity: maxFiles * pathCapacity)
    slots.initialize(repeating: 0, count: maxFiles * pathCapacity)
    return slots
  }())

/// What mselect must not leave behind however it ends: the process groups of the commands it runs in
/// the background (`reload`, `execute-silent`, `transform`, the preview) and the `{+f}` files. Every
/// way out calls `cleanUp`: the ordinary ones, a terminating signal, and the crash handler (which is
/// why only async-signal-safe calls are made there). Changed on the event loop's thread only.
enum Leftovers {
  /// Touches the slots now: their lazy initialisation must not first happen inside a handler.
  static func prepare() {
    _ = groupSlots.pointer
    _ = fileSlots.pointer
    _ = directorySlot.pointer
  }

  /// `path`, the folder of the files, is removed on the way out (after them) when it is empty.
  static func setDirectory(_ path: String) {
    let bytes = Array(path.utf8)
    guard directorySlot.pointer[0] == 0, !bytes.isEmpty, bytes.count < pathCapacity else { return }
    for (i, byte) in bytes.enumerated().dropFirst() { directorySlot.pointer[i] = CChar(bitPattern: byte) }
    directorySlot.pointer[bytes.count] = 0
    directorySlot.pointer[0] = CChar(bitPattern: bytes[0])
  }

  /// `group` (a process group id) is killed on the way out unless `removeGroup` came first.
  static func addGroup(_ group: pid_t) {
    for k in 0..<maxGroups where groupSlots.pointer[k] == 0 {
      groupSlots.pointer[k] = group
      return
    }
  }

  static func removeGroup(_ group: pid_t) {
    for k in 0..<maxGroups where groupSlots.pointer[k] == group { groupSlots.pointer[k] = 0 }
  }

  /// `path` is removed on the way out unless `removeFile` came first.
  static func addFile(_ path: String) {
    let bytes = Array(path.utf8)
    guard !bytes.isEmpty, bytes.count < pathCapacity else { return }
    for k in 0..<maxFiles where fileSlots.pointer[k * pathCapacity] == 0 {
      let slot = fileSlots.pointer + k * pathCapacity
      // The first byte last: a handler never sees half a path.
      for (i, byte) in bytes.enumerated().dropFirst() { slot[i] = CChar(bitPattern: byte) }
      slot[bytes.count] = 0
      slot[0] = CChar(bitPattern: bytes[0])
      return
    }
  }

  static func removeFile(_ path: String) {
    let bytes = Array(path.utf8)
    for k in 0..<maxFiles {
      let slot = fileSlots.pointer + k * pathCapacity
      if slot[0] != 0 && strcmp(slot, path) == 0 && bytes.count < pathCapacity { slot[0] = 0 }
    }
  }

  /// Kills every group and removes every file still recorded, then their folder when empty
  /// (async-signal-safe: `kill`, `unlink`, `rmdir`).
  static func cleanUp() {
    for k in 0..<maxGroups where groupSlots.pointer[k] > 0 {
      kill(-groupSlots.pointer[k], SIGKILL)
      groupSlots.pointer[k] = 0
    }
    for k in 0..<maxFiles where fileSlots.pointer[k * pathCapacity] != 0 {
      unlink(fileSlots.pointer + k * pathCapacity)
      fileSlots.pointer[k * pathCapacity] = 0
    }
    if directorySlot.pointer[0] != 0 { rmdir(directorySlot.pointer) }
  }
}
