/// PostgREST's vertical filter, `select=` (supabase.md §4.1): columns, `alias:column`,
/// `column::type`, `*`, and embedded tables `child(*)` related by a foreign key.
enum PostgRESTSelect: Sendable, Equatable {
  case all
  case column(name: String, alias: String?, cast: String?)
  indirect case embed(table: String, alias: String?, items: [PostgRESTSelect])

  static func parse(_ text: String?) throws(PostgRESTError) -> [PostgRESTSelect] {
    guard let text, !text.isEmpty else { return [.all] }
    var characters = Array(text)
    characters.removeAll { $0 == " " }
    var position = 0
    let items = try list(characters, &position, source: text)
    guard position == characters.count else { throw .parse("select", text) }
    return items
  }

  private static func list(_ text: [Character], _ position: inout Int, source: String) throws(PostgRESTError)
    -> [PostgRESTSelect]
  {
    var items: [PostgRESTSelect] = []
    while position < text.count {
      items.append(try item(text, &position, source: source))
      guard position < text.count, text[position] == "," else { break }
      position += 1
    }
    return items
  }

  private static func item(_ text: [Character], _ position: inout Int, source: String) throws(PostgRESTError)
    -> PostgRESTSelect
  {
    func word() -> String {
      let start = position
      while position < text.count, !",():".contains(text[position]) { position += 1 }
      return String(text[start..<position])
    }
    var name = word()
    if name == "*" { return .all }
    var alias: String?
    if position + 1 < text.count, text[position] == ":", text[position + 1] != ":" {
      position += 1
      alias = name
      name = word()
    }
    guard SQLText.isIdentifier(name), alias.map(SQLText.isIdentifier) ?? true else { throw .parse("select", source) }
    if position < text.count, text[position] == "(" {
      position += 1
      let items = try list(text, &position, source: source)
      guard position < text.count, text[position] == ")" else { throw .parse("select", source) }
      position += 1
      return .embed(table: name, alias: alias, items: items.isEmpty ? [.all] : items)
    }
    var cast: String?
    if position + 1 < text.count, text[position] == ":", text[position + 1] == ":" {
      position += 2
      let type = word()
      guard SQLText.isTypeName(type) else { throw .parse("select", source) }
      cast = type
    }
    return .column(name: name, alias: alias, cast: cast)
  }
}
