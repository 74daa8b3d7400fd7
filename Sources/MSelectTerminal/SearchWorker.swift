import Dispatch
import Glibc
import MSelectCore
import Synchronization

/// Runs the picker's searches off the event loop; a newer request cancels the one in flight.
final class SearchWorker: Sendable {
  private let queue = DispatchQueue(label: "mselect.search", qos: .userInitiated)
  private let pending = Mutex<SearchRequest?>(nil)
  private let finished = Mutex<[SearchResult]>([])
  private let latest = Atomic<Int>(0)
  private let wake: WakePipe

  init() throws(TerminalError) {
    wake = try WakePipe()
  }

  /// Becomes readable when results are ready.
  var descriptor: FileDescriptor { wake.readEnd }

  func submit(_ request: SearchRequest) {
    latest.store(request.generation, ordering: .sequentiallyConsistent)
    pending.withLock { $0 = request }
    queue.async { self.runPending() }
  }

  /// Cancels whatever runs (on exit).
  func stop() {
    latest.store(-1, ordering: .sequentiallyConsistent)
  }

  /// Results finished since the last call.
  func takeResults() -> [SearchResult] {
    _ = wake.drain()
    return finished.withLock { results in
      defer { results.removeAll() }
      return results
    }
  }

  private func runPending() {
    guard
      let request = pending.withLock({ p -> SearchRequest? in
        defer { p = nil }
        return p
      })
    else { return }
    let generation = request.generation
    let result = request.run(
      cancelled: { self.latest.load(ordering: .relaxed) != generation },
      preview: { self.post($0) })
    if let result { post(result) }
  }

  /// Hands a result (or a preview) to the event loop and wakes it.
  private func post(_ result: SearchResult) {
    finished.withLock { $0.append(result) }
    wake.wake()
  }
}
