import MSelectCore

/// One option: its spellings, what it takes, how it changes `Options`, and how it is documented
/// (`--help`, the man page and the shell completions are made from the documented ones).
package struct OptionInfo: Sendable {
  package enum Group: String, Sendable, CaseIterable {
    case search = "Search"
    case selection = "Selection"
    case io = "Input and output"
    case picker = "Picker"
    case preview = "Preview"
    case shell = "Shell integration"
    case general = "General"
  }

  /// What follows the option's name.
  package enum Takes: Sendable {
    /// Nothing: a flag (`--name=value` is an error).
    case nothing
    /// A value: `--name=value`, `-nVALUE` for a short name, or the next word.
    case value
    /// A value written with it (`--name=value`), or the next word when `accepts` takes it (as fzf
    /// reads `--border sharp`; another word stays a FILE or the next option).
    case optionalValue(accepts: @Sendable (String) -> Bool)
  }

  /// Applies the option, given its value. It throws only `OptionError`s (the helpers of
  /// `OptionValue` do); closures are not annotated with the typed throw, which Swift does not infer.
  package typealias Apply = @Sendable (inout Options, OptionValue) throws -> Void

  /// Spellings: short first (`-f`), then long (`--filter`).
  package let names: [String]
  /// The argument's name (`QUERY`) in the documentation, nil for a flag.
  package let argument: String?
  package let help: String
  package let group: Group
  /// The values an argument takes, for completion (empty: any; `files`: a file name).
  package let values: [String]
  package let takes: Takes
  /// fzf's `+X` spelling of the option (`+i` for `--no-ignore-case`).
  package let plus: String?
  package let apply: Apply

  /// A documented option; `argument` nil makes it a flag, else it takes a value.
  init(
    _ names: [String], _ argument: String? = nil, _ group: Group, _ help: String, values: [String] = [],
    takes: Takes? = nil, plus: String? = nil, _ apply: @escaping Apply
  ) {
    self.names = names
    self.argument = argument
    self.help = help
    self.group = group
    self.values = values
    self.takes = takes ?? (argument == nil ? .nothing : .value)
    self.plus = plus
    self.apply = apply
  }

  /// An option left out of the documentation (another spelling, a negation, gum's and fzf's forms).
  static func hidden(
    _ names: [String], takes: Takes = .nothing, plus: String? = nil, _ apply: @escaping Apply
  )
    -> OptionInfo
  {
    OptionInfo(names, nil, .general, "", takes: takes, plus: plus, apply)
  }

  /// Options of fzf and gum that only change a look mselect does not draw: accepted, so copied option
  /// lines work, and listed in the guide (and in `Options.ignored`).
  static func ignored(_ names: [String], takes: Takes = .nothing) -> OptionInfo {
    hidden(names, takes: takes) { options, value in options.ignored.append(value.name) }
  }

  /// The completion marker for a file-name argument.
  package static let files = "<files>"
}
