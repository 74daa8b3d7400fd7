import Dispatch
import Glibc
import MSelectCore
import Synchronization

/// Faults in input buffers ahead of a large pipe read, on a thread of its own, and leaves them with
/// `InputBuffers` for the reader to take.
///
/// On a virtual machine a page the process has not touched yet may cost a fault in the host as well
/// as the kernel's zeroing: 200 MB of fresh memory took 0.3-0.5 s to touch here, a second or more
/// after other memory was freed (the host takes it back), against 20 ms when it was not. Reading a
/// pipe copies every byte into such memory; with the buffers faulted on the other core while the
/// reader reads, the two share the cost.
final class BufferWarmer: @unchecked Sendable {
  /// Signalled when the reader took buffers (or the warmer should look again).
  private let wake = DispatchSemaphore(value: 0)
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)

  init() {
    let started = Thread.detach { [self] in
      while !stopped.load(ordering: .relaxed) {
        while InputBuffers.count < InputBuffers.limit && !stopped.load(ordering: .relaxed) {
          let buffer = Platform.allocateHuge(LineSplitter.bufferSize)
          // One write a page faults it in (a huge page takes the first of its 512).
          let bytes = buffer.assumingMemoryBound(to: UInt8.self)
          for offset in stride(from: 0, to: LineSplitter.bufferSize, by: Platform.pageSize) {
            bytes[offset] = 0
          }
          if !InputBuffers.give(buffer) { Platform.free(buffer) }
        }
        wake.wait()
      }
      finished.signal()
    }
    if !started { finished.signal() }
  }

  /// Looks whether buffers were taken and replaces them.
  func poke() { wake.signal() }

  /// Stops the thread and waits for it (buffers already made stay with `InputBuffers`).
  func stop() {
    stopped.store(true, ordering: .relaxed)
    wake.signal()
    finished.wait()
  }
}

/// A detached POSIX thread running a closure.
private enum Thread {
  /// Starts `body` on a new thread; false when the system would not start one.
  @discardableResult
  static func detach(_ body: @escaping @Sendable () -> Void) -> Bool {
    let box = Unmanaged.passRetained(Box(body)).toOpaque()
    var thread = pthread_t()
    let started = pthread_create(
      &thread, nil,
      { raw in
        let box = Unmanaged<Box>.fromOpaque(raw!).takeRetainedValue()
        box.body()
        return nil
      }, box)
    if started == 0 {
      pthread_detach(thread)
    } else {
      // No thread: nothing runs ahead (the reader faults its own pages).
      Unmanaged<Box>.fromOpaque(box).release()
    }
    return started == 0
  }

  private final class Box: @unchecked Sendable {
    let body: @Sendable () -> Void
    init(_ body: @escaping @Sendable () -> Void) { self.body = body }
  }
}
