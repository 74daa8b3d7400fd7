/// What the picker reaches outside itself with: the shell its commands run in, the files it writes,
/// the listener and the learning store.
package struct CommandSettings: Sendable {
  /// `--with-shell`: the command and arguments that run commands (the command appended); nil:
  /// `$SHELL -c`.
  package var shell: [[UInt8]]?
  /// How that shell reads quotes (set by the terminal side, which knows `$SHELL`).
  package var quoting = ShellQuoting.posix
  /// The folder `{+f}` files are named in (the terminal side makes it and writes them, see
  /// `PickerState.takeFiles`); nil: such placeholders give `''`.
  package var fileDirectory: String?
  /// What ends each line of such a file (`--print0`: NUL, as fzf's).
  package var fileTerminator: UInt8 = 10
  /// A command whose first line of output the info line shows instead of the counts
  /// (`--info-command`; `FZF_INFO` holds what it would have shown).
  package var infoCommand: String?
  /// Where HTTP requests bring actions and ask for the state (`--listen`).
  package var listen: RemoteControl.Address?
  /// A remote `--listen` address may run commands (`--listen-unsafe`).
  package var listenUnsafe = false
  /// `--learn`'s store (the session writes `forget` there; nil: nothing learned).
  package var learnStore: String?

  package init() {}
}
