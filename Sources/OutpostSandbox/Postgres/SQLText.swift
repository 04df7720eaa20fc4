/// SQL text from request words: identifiers checked and double-quoted, values as untyped string
/// literals (`'…'` with quotes doubled; `standard_conforming_strings` is on, so a backslash is
/// just a backslash). Nothing from a request reaches SQL any other way.
enum SQLText {
  /// A plain name: a letter or `_`, then letters, digits or `_` (what PostgREST's schema cache
  /// could hold for these projects).
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, name.utf8.count <= 63 else { return false }
    let letters = first.properties.isAlphabetic || first == "_"
    return letters
      && name.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || $0 == "_" || ("0"..."9").contains($0) }
  }

  static func identifier(_ name: String) -> String { "\"" + name.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

  static func literal(_ value: String) throws(PostgRESTError) -> String {
    // PostgreSQL's text cannot hold NUL; PostgREST answers as the database does.
    guard !value.unicodeScalars.contains("\0") else {
      throw PostgRESTError(.badRequest, "22021", "invalid byte sequence for encoding \"UTF8\": 0x00")
    }
    return "'" + value.replacingOccurrences(of: "'", with: "''") + "'"
  }

  /// A type name for `col::type` (letters, digits, `_`, spaces as in `double precision`, `[]`).
  static func isTypeName(_ name: String) -> Bool {
    !name.isEmpty && name.utf8.count <= 63
      && name.unicodeScalars.allSatisfy {
        $0.properties.isAlphabetic || ("0"..."9").contains($0) || " _[]".unicodeScalars.contains($0)
      }
  }
}
