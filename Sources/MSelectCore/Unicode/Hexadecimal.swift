extension BinaryInteger {
  /// The number in lowercase hexadecimal, padded with zeros to at least `digits` digits.
  package func hexadecimal(digits: Int) -> String {
    let text = String(self, radix: 16)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }
}
