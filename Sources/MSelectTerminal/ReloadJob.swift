import Glibc
import MSelectCore

/// A `reload` command's life: its process group (collected once its output ends), the command (its
/// `{+f}` files go with it), its output as the new input, and for `reload-sync` the lines gathered
/// until that output ends.
package struct ReloadJob<Output> {
  /// The command's output, read as the input while the job lasts (at its end too: the first input
  /// is not read again).
  package let output: Output
  /// The command's process (its group's leader); nil once collected.
  package private(set) var process: pid_t?
  package let command: [UInt8]
  /// `reload-sync`: the lines so far, all handed over when the output ends (nil: they stream).
  private var gathered: [LineBlock]?

  package init(output: Output, process: pid_t, command: [UInt8], sync: Bool) {
    self.output = output
    self.process = process
    self.command = command
    gathered = sync ? [] : nil
  }

  /// A block of the output: the block to hand the state now, or nil when it is gathered.
  package mutating func take(_ block: LineBlock) -> LineBlock? {
    guard gathered != nil else { return block }
    gathered!.append(block)
    return nil
  }

  /// The output ended: a `reload-sync`'s gathered lines, to replace the old ones at once (nil for a
  /// streamed reload, or when they were handed over already).
  package mutating func finish() -> [LineBlock]? {
    defer { gathered = nil }
    return gathered
  }

  /// The process to collect (once): nil when it was collected already.
  package mutating func takeProcess() -> pid_t? {
    defer { process = nil }
    return process
  }
}
