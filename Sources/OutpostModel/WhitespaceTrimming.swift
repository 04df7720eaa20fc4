extension StringProtocol where SubSequence == Substring {
  /// The text without the whitespace and newlines at its ends: Unicode's White_Space and the
  /// zero-width space, the set Foundation's `.whitespacesAndNewlines` holds. By scalars: Foundation's `trimmingCharacters`
  /// bridges through NSString on Linux (UTF-16 and back), and was half of rendering a
  /// 10,000-event calendar and a tenth of reading a 10,000-event feed (issue 20).
  public func trimmingWhitespace() -> String {
    let text: Substring = self[...]
    // Mostly both ends are visible ASCII: then the text is as it is, without a scalar walk.
    if let first = text.utf8.first, let last = text.utf8.last, (0x21..<0x7F).contains(first),
      (0x21..<0x7F).contains(last)
    {
      return String(text)
    }
    let scalars = text.unicodeScalars
    // ASCII first: the Unicode property look-up is slow and text is mostly ASCII at its ends.
    // Foundation's set on Linux (CoreFoundation's) also holds the zero-width space.
    let isSpace: (Unicode.Scalar) -> Bool = {
      $0.isASCII ? $0 == " " || (0x09...0x0D).contains($0.value) : $0.properties.isWhitespace || $0 == "\u{200B}"
    }
    guard let first = scalars.firstIndex(where: { !isSpace($0) }), let last = scalars.lastIndex(where: { !isSpace($0) })
    else { return "" }
    return String(scalars[first...last])
  }
}
