import Dispatch
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
final class BufferWarmer: Sendable {
  /// Signalled when the reader took buffers (or the warmer should look again).
  private let wake = DispatchSemaphore(value: 0)
  private let stopped = Atomic<Bool>(false)
  private let finished = DispatchSemaphore(value: 0)

  /// `hugePages`: the buffers are advised for huge pages (`LineSplitter.hugePages`).
  init(hugePages: Bool) {
    // A queue of its own: the work waits on `wake`, which must not hold up a shared one.
    DispatchQueue(label: "mselect.buffer-warmer").async { [self] in
      while !stopped.load(ordering: .relaxed) {
        while InputBuffers.count < InputBuffers.limit && !stopped.load(ordering: .relaxed) {
          let buffer = Platform.allocateInput(LineSplitter.bufferSize, hugePages: hugePages)
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
  }

  /// Looks whether buffers were taken and replaces them.
  func poke() { wake.signal() }

  /// Stops the work and waits for it (buffers already made stay with `InputBuffers`).
  func stop() {
    stopped.store(true, ordering: .relaxed)
    wake.signal()
    finished.wait()
  }
}
