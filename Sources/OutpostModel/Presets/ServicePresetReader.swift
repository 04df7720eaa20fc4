/// Reads presets out of a parsed TOML file: every `[[SERVICE.TABLE]]` array of tables whose
/// dotted name is one of `tables` (`agile.brands`). Each element needs a text `id`, unique in
/// its table; its other values (text, numbers, booleans, inline or nested tables) become the
/// preset's values under dotted keys. Problems name the line, as every configuration error does.
public enum ServicePresetReader {
  public struct Problem: Error, Equatable, Sendable {
    public var line: Int
    public var message: String

    public init(line: Int, message: String) {
      self.line = line
      self.message = message
    }
  }

  /// The presets `document` holds in `tables`, and what is wrong with any that could not be read.
  public static func read(_ document: TOMLTable, tables: Set<String>) -> (ServicePresets, [Problem]) {
    var presets = ServicePresets()
    var problems: [Problem] = []
    for name in tables.sorted() {
      let parts = name.split(separator: ".", maxSplits: 1).map(String.init)
      guard parts.count == 2, let section = document[parts[0]], case .table(let members) = section.value,
        let entry = members[parts[1]]
      else { continue }
      guard case .array(let elements) = entry.value else {
        problems.append(
          .init(line: entry.line, message: "\(name): expected [[\(name)]] tables, got \(entry.value.typeName)"))
        continue
      }
      var list: [ServicePreset] = []
      for element in elements {
        guard case .table(let table) = element else {
          problems.append(
            .init(line: entry.line, message: "\(name): expected [[\(name)]] tables, got \(element.typeName)"))
          continue
        }
        guard let idEntry = table["id"], case .string(let id) = idEntry.value, !id.isEmpty else {
          problems.append(.init(line: table.line, message: "\(name): every entry needs id = \"…\" (text)"))
          continue
        }
        guard !list.contains(where: { $0.id == id }) else {
          problems.append(.init(line: table.line, message: "\(name): id \"\(id)\" is listed twice"))
          continue
        }
        var values: [String: String] = [:]
        flatten(table, prefix: "", into: &values, name: name, problems: &problems)
        list.append(ServicePreset(id: id, values: values))
      }
      presets.tables[name] = list
    }
    return (presets, problems)
  }

  private static func flatten(
    _ table: TOMLTable, prefix: String, into values: inout [String: String], name: String, problems: inout [Problem]
  ) {
    for key in table.keys {
      let entry = table[key]!
      let path = prefix + key
      switch entry.value {
      case .string(let text), .datetime(let text): values[path] = text
      case .integer(let number): values[path] = String(number)
      case .float(let number): values[path] = String(number)
      case .bool(let flag): values[path] = flag ? "true" : "false"
      case .table(let inner): flatten(inner, prefix: path + ".", into: &values, name: name, problems: &problems)
      case .array:
        problems.append(.init(line: entry.line, message: "\(name): \(path) is a list; give one value"))
      }
    }
  }
}
