import Glibc
import MSelectCore

/// The descriptors the picker's event loop waits on, each in a named slot.
struct EventSources {
  /// Which sources have something to read.
  struct Ready {
    var terminal = false
    /// The terminal takes output again (asked only while output is pending).
    var terminalWritable = false
    var signals = false
    var searches = false
    var input = false
    /// The preview command wrote something (or ended).
    var preview = false
    /// Which of the `remote` descriptors are ready for what they wait for.
    var remote: Set<FileDescriptor> = []
    /// Which of the `background` pipes have output (or ended).
    var background: Set<FileDescriptor> = []

    var any: Bool {
      terminal || terminalWritable || signals || searches || input || preview || !remote.isEmpty
        || !background.isEmpty
    }
  }

  let terminal: FileDescriptor
  /// Output waits for the terminal: wake when it takes more.
  let terminalOutputPending: Bool
  let signals: FileDescriptor
  let searches: FileDescriptor
  /// The candidate stream, while it is open.
  let input: FileDescriptor?
  /// The preview command's output, while one runs.
  let preview: FileDescriptor?
  /// `--listen`'s socket and its connections, each with what it waits for.
  var remote: [(fd: FileDescriptor, events: Int16)] = []
  /// The output pipes of background commands.
  var background: [FileDescriptor] = []

  /// Waits until a source is ready or `timeoutMilliseconds` pass (-1: no limit).
  func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Ready {
    let readable = Int16(POLLIN)
    var entries = [
      (terminal, readable | (terminalOutputPending ? Int16(POLLOUT) : 0)), (signals, readable),
      (searches, readable),
    ]
    let inputSlot = input.map { fd -> Int in
      entries.append((fd, readable))
      return entries.count - 1
    }
    let previewSlot = preview.map { fd -> Int in
      entries.append((fd, readable))
      return entries.count - 1
    }
    let remoteStart = entries.count
    entries += remote
    let backgroundStart = entries.count
    entries += background.map { ($0, readable) }
    let ready = try Syscall.poll(entries, timeoutMilliseconds: timeoutMilliseconds)
    return Ready(
      terminal: ready[0] & readable != 0, terminalWritable: ready[0] & Int16(POLLOUT) != 0,
      signals: ready[1] != 0, searches: ready[2] != 0, input: inputSlot.map { ready[$0] != 0 } ?? false,
      preview: previewSlot.map { ready[$0] != 0 } ?? false,
      remote: Set(remote.indices.filter { ready[remoteStart + $0] != 0 }.map { remote[$0].fd }),
      background: Set(background.indices.filter { ready[backgroundStart + $0] != 0 }.map { background[$0] }))
  }
}
