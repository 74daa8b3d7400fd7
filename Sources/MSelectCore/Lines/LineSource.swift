/// Anything that hands out line bytes by index: the line store, or the matches of a raw scan.
package protocol LineSource: Sendable {
  func line(_ index: Int) -> UnsafeRawBufferPointer
}

extension LineStore: LineSource {}
