import MSelectCore

/// mselect's version, shown by `--version` and in the manual.
package enum Version {
  package static let current = "0.2.0"
}
