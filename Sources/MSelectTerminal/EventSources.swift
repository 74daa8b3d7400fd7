import Glibc

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

    var any: Bool { terminal || terminalWritable || signals || searches || input }
  }

  let terminal: Int32
  /// Output waits for the terminal: wake when it takes more.
  let terminalOutputPending: Bool
  let signals: Int32
  let searches: Int32
  /// The candidate stream, while it is open.
  let input: Int32?

  /// Waits until a source is ready or `timeoutMilliseconds` pass (-1: no limit).
  func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Ready {
    let readable = Int16(POLLIN)
    var entries = [
      (terminal, readable | (terminalOutputPending ? Int16(POLLOUT) : 0)), (signals, readable),
      (searches, readable),
    ]
    if let input { entries.append((input, readable)) }
    let ready = try Syscall.poll(entries, timeoutMilliseconds: timeoutMilliseconds)
    return Ready(
      terminal: ready[0] & readable != 0, terminalWritable: ready[0] & Int16(POLLOUT) != 0,
      signals: ready[1] != 0, searches: ready[2] != 0, input: ready.count > 3 && ready[3] != 0)
  }
}
