import MSelectCore

/// The commands of `bg-transform…(…)` actions: any number at once, each in a process group of its
/// own, their output gathered until they end; the `{+f}` files each was given go when it ends.
final class BackgroundJobs {
  private var running: [Int: (runner: PreviewRunner, command: [UInt8], output: [UInt8])] = [:]
  private let shell: [[UInt8]]?
  private let files: TemporaryFiles

  init(shell: [[UInt8]]?, files: TemporaryFiles) {
    self.shell = shell
    self.files = files
  }

  /// The pipes to poll.
  var descriptors: [FileDescriptor] { running.values.compactMap(\.runner.descriptor) }

  /// Starts job `id`; throws why it could not start.
  func start(_ id: Int, command: [UInt8], environment: [String: String]) throws(SystemError) {
    let runner = PreviewRunner(shell: shell)
    do {
      try runner.start(command, generation: id, size: nil, environment: environment)
    } catch {
      files.release(mentionedIn: command)
      throw error
    }
    running[id] = (runner, command, [])
  }

  /// Reads the jobs whose pipes are in `ready`; returns those that ended, with their whole output.
  func service(_ ready: Set<FileDescriptor>) -> [(id: Int, output: [UInt8])] {
    var ended: [(id: Int, output: [UInt8])] = []
    for (id, job) in running {
      guard let fd = job.runner.descriptor, ready.contains(fd) else { continue }
      reading: while true {
        switch job.runner.read() {
        case .bytes(let bytes): running[id]?.output += bytes
        case .ended:
          ended.append((id, running[id]?.output ?? []))
          files.release(mentionedIn: job.command)
          running[id] = nil
          break reading
        case .nothing: break reading
        }
      }
    }
    return ended.sorted { $0.id < $1.id }
  }

  /// Stops every job (`bg-cancel`, or the picker's end).
  func stopAll() {
    for job in running.values {
      job.runner.stop()
      files.release(mentionedIn: job.command)
    }
    running = [:]
  }
}
