import Glibc

/// A command run on the terminal (`execute`) as a foreground job of its own when the picker can hand
/// the terminal on: the terminal's keys (ctrl-c, ctrl-z) reach the command alone, and a signal sent
/// to mselect (TERM, HUP, INT, QUIT) is passed on to the command's whole group, which must end before
/// mselect does: no command is left running.
enum ForegroundJob {
  /// Runs `command` and waits for it; true when the terminal may have changed size meanwhile (the
  /// signals that came were taken). After a terminating signal, `ending` is called with it.
  static func run(
    _ command: [UInt8], shell: [[UInt8]]?, environment: [String: String], tty: TTY, signals: SignalPipe,
    ending: (Int32) -> Never
  ) throws(SystemError) -> Bool {
    let ownJob = tty.isForeground
    let pid = try ShellCommand.spawn(
      command, .terminal, shell: shell, ownGroup: ownJob, environment: environment)
    guard ownJob && tty.setForeground(pid) else {
      ShellCommand.wait(pid)
      return false
    }
    // It may have read the terminal before it was its own: stopped then, it goes on.
    kill(-pid, SIGCONT)
    var resized = false
    ShellCommand.wait(pid, interrupt: signals.readEnd, continuingStops: true) {
      for signal in signals.take() {
        if [SIGTERM, SIGHUP, SIGINT, SIGQUIT].contains(signal) {
          ShellCommand.end(pid, by: signal)
          tty.setForeground(getpgrp())
          ending(signal)
        }
        resized = resized || signal == SIGWINCH
      }
    }
    tty.setForeground(getpgrp())
    return resized
  }
}
