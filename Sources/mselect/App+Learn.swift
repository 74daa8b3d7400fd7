import MSelectCommandLine
import MSelectTerminal

extension App {
  /// `--learn`'s store, unless `--no-learn` or `MSELECT_LEARN=0` turn learning off; a key binding's
  /// store the same under mselect's name, and under fzf's only with `MSELECT_LEARN=1` (a drop-in
  /// changes nothing by default).
  static func learnFile(_ options: Options, profile: Profile) -> LearnFile? {
    let setting = CurrentProcess.variable("MSELECT_LEARN")
    guard !options.noLearn, setting != [0x30] else { return nil }
    let bindingLearns = profile.command == Profile.mselect.command || setting == [0x31]
    guard let name = options.learn ?? (bindingLearns ? options.bindingLearn : nil) else { return nil }
    // Only the two variables the path needs: the scripted modes read no others.
    var environment: [String: String] = [:]
    for variable in ["HOME", "XDG_STATE_HOME"] {
      environment[variable] = CurrentProcess.variable(variable).map { String(decoding: $0, as: UTF8.self) }
    }
    return LearnFile(name, environment: environment)
  }
}
