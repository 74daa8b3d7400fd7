import Glibc

/// A failed system call: which operation, and the errno it set.
public struct SystemError: Error, Equatable, Sendable {
  public let operation: String
  public let errno: Int32

  public init(_ operation: String, errno: Int32) {
    self.operation = operation
    self.errno = errno
  }

  /// The OS's description of the error, e.g. "No such file or directory".
  public var reason: String { String(cString: strerror(errno)) }

  public var message: String { "\(operation): \(reason)" }

  /// The reader of a pipe closed it (EPIPE).
  public var isBrokenPipe: Bool { errno == EPIPE }
}
