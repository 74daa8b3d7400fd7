import MSelectCore

extension OptionError {
  /// The message printed for a mistake on the command line: it says where the options are told.
  package var commandLineMessage: String { message(hint: "see mselect --help") }
}
