import MSelectCore

/// mselect's version, shown by `--version` and in the manual.
public enum Version {
  public static let current = "0.2.0"
}
