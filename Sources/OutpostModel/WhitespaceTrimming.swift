extension String {
  /// The text without the whitespace and newlines at its ends: Unicode's White_Space and the
  /// zero-width space, the set Foundation's `.whitespacesAndNewlines` holds. By scalars:
  /// Foundation's `trimmingCharacters` bridges through NSString on Linux (UTF-16 and back), and
  /// was half of rendering a 10,000-event calendar and a tenth of reading a 10,000-event feed
  /// (issue 20). A text with nothing to trim is returned as it is, not copied.
  public func trimmingWhitespace() -> String {
    // Mostly both ends are visible ASCII: then the string itself, without a Substring made and
    // measured (a calendar trims a dozen texts an event, issue 20).
    let edges = utf8.withContiguousStorageIfAvailable { ($0.first, $0.last) }
    if let edges, let first = edges.0, let last = edges.1, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
      return self
    }
    let trimmed = self[...].withoutEdgeWhitespace
    return trimmed.startIndex == startIndex && trimmed.endIndex == endIndex ? self : String(trimmed)
  }
}

extension Substring {
  /// `String.trimmingWhitespace()` of this part of a text.
  public func trimmingWhitespace() -> String { String(withoutEdgeWhitespace) }

  /// This part without the whitespace at its ends.
  var withoutEdgeWhitespace: Substring {
    // Mostly both ends are visible ASCII: then nothing is trimmed, without a scalar walk.
    if let first = utf8.first, let last = utf8.last, (0x21..<0x7F).contains(first), (0x21..<0x7F).contains(last) {
      return self
    }
    let scalars = unicodeScalars
    // ASCII first: the Unicode property look-up is slow and text is mostly ASCII at its ends.
    // Foundation's set on Linux (CoreFoundation's) also holds the zero-width space.
    let isSpace: (Unicode.Scalar) -> Bool = {
      $0.isASCII ? $0 == " " || (0x09...0x0D).contains($0.value) : $0.properties.isWhitespace || $0 == "\u{200B}"
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return self[endIndex...] }
    // By scalars: a Character may begin with a space and go on with a combining mark.
    return Substring(scalars[first...last])
  }
}
