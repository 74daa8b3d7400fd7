import MSelectCommandLine
import MSelectTerminal

extension App {
  /// `--learn`'s store, unless `--no-learn` or `MSELECT_LEARN=0` turn learning off.
  static func learnFile(_ options: Options) -> LearnFile? {
    guard let name = options.learn, !options.noLearn, CurrentProcess.variable("MSELECT_LEARN") != [0x30]
    else {
      return nil
    }
    // Only the two variables the path needs: the scripted modes read no others.
    var environment: [String: String] = [:]
    for variable in ["HOME", "XDG_STATE_HOME"] {
      environment[variable] = CurrentProcess.variable(variable).map { String(decoding: $0, as: UTF8.self) }
    }
    return LearnFile(name, environment: environment)
  }
}
