/// What keys, the mouse and the picker's events do.
package struct BehaviourSettings: Sendable {
  package var bindings = KeyBindings()
  /// Keys that accept and are printed first (`--expect`), with the name to print.
  package var expectKeys: [Key: String] = [:]
  /// The picker takes mouse reports: wheel, clicks (`--no-mouse`: the terminal keeps the mouse).
  package var mouse = true
  /// Word movements and kills stop at `/` only (`--filepath-word`).
  package var filepathWord = false
  /// The labels `jump` puts on the visible lines, in order from the top (`--jump-labels`).
  package var jumpLabels = BehaviourSettings.defaultJumpLabels
  /// Earlier queries, oldest first (`--history`); empty: ctrl-p / ctrl-n move as usual.
  package var history: [[UInt8]] = []
  /// Milliseconds after which the picker gives up (`--timeout`; nil: never).
  package var timeout: Int?
  /// `--sync`: the `start` event waits until the input is read and searched (fzf's).
  package var sync = false

  /// fzf's labels: the home row first.
  package static let defaultJumpLabels =
    "asdfghjklqwertyuiopzxcvbnm1234567890ASDFGHJKLQWERTYUIOPZXCVBNM`~;:,<.>/?'\"!@#$%^&*()[{]}-_=+"

  package init() {}
}
