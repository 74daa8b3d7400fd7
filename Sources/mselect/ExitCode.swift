/// mselect's exit statuses.
enum ExitCode: Int32 {
  /// Something was printed.
  case success = 0
  /// No match, or nothing selected.
  case nothing = 1
  /// A usage, input or terminal error.
  case error = 2
  /// stdout was closed by the reader (e.g. `| head -1`): the status a shell reports for SIGPIPE.
  case brokenPipe = 141
  /// `--timeout` passed in the picker (gum's status, and timeout(1)'s).
  case timedOut = 124
  /// The picker was cancelled.
  case cancelled = 130
}
