// libFuzzer targets over MSelectCore, compiled by scripts/fuzz together with the core's sources into
// one binary (never part of the package's products). The target is chosen by MSELECT_FUZZ_TARGET.
// Each asserts a property with `require`, which traps: libFuzzer then saves the input that broke it.

#if canImport(Glibc)
  import Glibc
#endif

/// The targets, by name.
let fuzzTargets: [String: ([UInt8]) -> Void] = [
  "matcher": fuzzMatcher,
  "scan": fuzzScan,
  "picker": fuzzPicker,
  "options": fuzzOptions,
  "quoting": fuzzQuoting,
  "http": fuzzHTTP,
  "parity": fuzzParity,
]

/// The target this process runs, read once.
let fuzzTarget: ([UInt8]) -> Void = {
  let name = getenv("MSELECT_FUZZ_TARGET").map { String(cString: $0) } ?? ""
  guard let target = fuzzTargets[name] else {
    fatalError("MSELECT_FUZZ_TARGET must be one of \(fuzzTargets.keys.sorted())")
  }
  return target
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
  fuzzTarget(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
  return 0
}

/// Stops with a message when a property fails (libFuzzer keeps the input).
func require(_ condition: @autoclosure () -> Bool, _ message: @autoclosure () -> String) {
  if !condition() { fatalError(message()) }
}

/// The input split at the first NUL: a query (at most 64 bytes) and the rest (lines).
func queryAndText(_ input: [UInt8]) -> (query: [UInt8], text: [UInt8]) {
  guard let cut = input.firstIndex(of: 0) else { return (Array(input.prefix(64)), []) }
  return (Array(input[..<cut].prefix(64)), Array(input[(cut + 1)...]))
}

/// Holds bytes for a store or scan that points into them.
final class Bytes {
  let pointer: UnsafeMutableRawBufferPointer

  init(_ bytes: [UInt8]) {
    pointer = .allocate(byteCount: max(bytes.count, 1), alignment: 16)
    pointer.copyBytes(from: bytes)
  }

  var buffer: UnsafeRawBufferPointer { UnsafeRawBufferPointer(rebasing: pointer[..<(pointer.count)]) }

  deinit { pointer.deallocate() }
}
