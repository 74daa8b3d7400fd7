/// The descriptors the picker's event loop waits on, each in a named slot.
struct EventSources {
  /// Which sources have something to read.
  struct Ready {
    var terminal = false
    var signals = false
    var searches = false
    var input = false

    var any: Bool { terminal || signals || searches || input }
  }

  let terminal: Int32
  let signals: Int32
  let searches: Int32
  /// The candidate stream, while it is open.
  let input: Int32?

  /// Waits until a source is ready or `timeoutMilliseconds` pass (-1: no limit).
  func wait(timeoutMilliseconds: Int32) throws(SystemError) -> Ready {
    var descriptors = [terminal, signals, searches]
    if let input { descriptors.append(input) }
    let ready = try Syscall.poll(descriptors, timeoutMilliseconds: timeoutMilliseconds)
    return Ready(
      terminal: ready[0], signals: ready[1], searches: ready[2], input: ready.count > 3 && ready[3])
  }
}
