import Glibc
import MSelectCore
import Synchronization

/// The mapped input files, as (start, length) pairs; a start of 0 marks a free slot. Written on the
/// main thread before the searches that read the mapping start, read by the SIGBUS handler.
private let mapped: Shared<UnsafeMutablePointer<Int>> = {
  let table = UnsafeMutablePointer<Int>.allocate(capacity: 2 * MappingGuard.slots)
  table.initialize(repeating: 0, count: 2 * MappingGuard.slots)
  return Shared(table)
}()
/// Set when a read past the end of a truncated file was turned into zeros.
private let readPastEnd = Atomic<Bool>(false)
/// What SIGBUS did before the guard was installed.
private let previousBusAction = Shared(UnsafeMutablePointer<sigaction>.allocate(capacity: 1))
private let installed = Atomic<Bool>(false)

/// Survives input files that shrink while mapped (a log rotated under `mselect -f`): reading a page
/// past the new end raises SIGBUS; the handler maps zero pages over the rest of that mapping, so the
/// read goes on, and notes it so the caller can report `FILE changed while being read`.
package enum MappingGuard {
  static let slots = 16

  /// Starts guarding `bytes` (a mapping of a file).
  static func register(_ bytes: UnsafeRawBufferPointer) {
    installOnce()
    guard let base = bytes.baseAddress, bytes.count > 0 else { return }
    let table = mapped.pointer
    for k in 0..<slots where table[2 * k] == 0 {
      table[2 * k + 1] = bytes.count
      table[2 * k] = Int(bitPattern: base)
      return
    }
  }

  /// Stops guarding `bytes` (before it is unmapped).
  static func unregister(_ bytes: UnsafeRawBufferPointer) {
    guard let base = bytes.baseAddress else { return }
    let table = mapped.pointer
    for k in 0..<slots where table[2 * k] == Int(bitPattern: base) { table[2 * k] = 0 }
  }

  /// Whether some guarded file turned out shorter than its mapping.
  package static var sawTruncation: Bool { readPastEnd.load(ordering: .sequentiallyConsistent) }

  /// Async-signal-safe: if `address` lies in a guarded mapping, replaces the mapping from its page on
  /// with zero pages and returns true.
  static func recover(at address: UnsafeMutableRawPointer?) -> Bool {
    guard let address else { return false }
    let fault = Int(bitPattern: address)
    let table = mapped.pointer
    for k in 0..<slots {
      let start = table[2 * k]
      let length = table[2 * k + 1]
      guard start != 0, fault >= start, fault < start + length else { continue }
      let page = Int(sysconf(Int32(_SC_PAGESIZE)))
      let from = fault & ~(page - 1)
      let end = start + length
      let replaced = mmap(
        UnsafeMutableRawPointer(bitPattern: from), end - from, PROT_READ,
        MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED, -1, 0)
      guard replaced != MAP_FAILED else { return false }
      readPastEnd.store(true, ordering: .relaxed)
      return true
    }
    return false
  }

  private static func installOnce() {
    guard
      installed.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
    else { return }
    _ = mapped.pointer
    var action = sigaction()
    action.__sigaction_handler.sa_sigaction = { number, info, _ in
      let address = info?.pointee._sifields._sigfault.si_addr
      if MappingGuard.recover(at: address) { return }
      // Not a guarded file: the fault goes on as it would have.
      _ = sigaction(number, previousBusAction.pointer, nil)
      _ = raise(number)
    }
    sigemptyset(&action.sa_mask)
    action.sa_flags = SA_SIGINFO
    sigaction(SIGBUS, &action, previousBusAction.pointer)
  }
}
