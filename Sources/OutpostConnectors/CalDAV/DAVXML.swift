/// An element of a WebDAV reply, its name resolved to a namespace: `D:href`, `href` under a
/// default `xmlns="DAV:"` and `x:href` with `xmlns:x="DAV:"` are the same element, and servers
/// use all three.
struct DAVElement: Sendable, Equatable {
  var namespace: String
  var name: String
  /// Unprefixed attributes only (`name` of `C:comp`); WebDAV puts nothing else in attributes.
  var attributes: [String: String]
  var children: [DAVElement]
  /// The character data directly inside, entities decoded, not trimmed.
  var text: String

  func child(_ namespace: String, _ name: String) -> DAVElement? {
    children.first { $0.namespace == namespace && $0.name == name }
  }

  func children(_ namespace: String, _ name: String) -> [DAVElement] {
    children.filter { $0.namespace == namespace && $0.name == name }
  }

  func `is`(_ namespace: String, _ name: String) -> Bool { self.namespace == namespace && self.name == name }
}

enum DAVNamespace {
  static let dav = "DAV:"
  static let caldav = "urn:ietf:params:xml:ns:caldav"
  static let carddav = "urn:ietf:params:xml:ns:carddav"
}

struct DAVXMLError: Error, Sendable, Equatable, CustomStringConvertible {
  var description: String
  init(_ description: String) { self.description = description }
}

/// A small, namespace-aware XML reader for the multistatus and error bodies of WebDAV replies.
/// Foundation's XMLParser would bring FoundationXML and libxml2 into the daemon for a handful of
/// elements. Deliberately strict where leniency could mislead (a mismatched end tag, an unknown
/// entity) and deliberately limited: no DTD (so no entity expansion to abuse), no nesting past
/// `maximumDepth`.
struct DAVXMLReader {
  static let maximumDepth = 64

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) { self.bytes = bytes }

  static func parse(_ bytes: [UInt8]) throws(DAVXMLError) -> DAVElement {
    var reader = DAVXMLReader(bytes)
    return try reader.document()
  }

  private struct Open {
    var prefixedName: String
    var element: DAVElement
    var namespaces: [String: String]
  }

  private mutating func document() throws(DAVXMLError) -> DAVElement {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    var stack: [Open] = []
    var root: DAVElement?
    while index < bytes.count {
      if bytes[index] != UInt8(ascii: "<") {
        let text = try characterData()
        if !stack.isEmpty {
          stack[stack.count - 1].element.text += text
        } else if text.contains(where: { !$0.isWhitespace }) {
          throw DAVXMLError("text outside the root element")
        }
      } else if starts(with: "<?") {
        try skip(past: "?>")
      } else if starts(with: "<!--") {
        try skip(past: "-->")
      } else if starts(with: "<![CDATA[") {
        index += 9
        let start = index
        try skip(past: "]]>")
        guard !stack.isEmpty else { throw DAVXMLError("CDATA outside the root element") }
        stack[stack.count - 1].element.text += String(decoding: bytes[start..<(index - 3)], as: UTF8.self)
      } else if starts(with: "<!") {
        throw DAVXMLError("a document type declaration, which WebDAV replies do not have")
      } else if starts(with: "</") {
        index += 2
        let name = name()
        skipSpace()
        guard index < bytes.count, bytes[index] == UInt8(ascii: ">") else { throw DAVXMLError("a broken end tag") }
        index += 1
        guard let open = stack.popLast(), open.prefixedName == name else {
          throw DAVXMLError("the end tag </\(name)> does not match")
        }
        if stack.isEmpty {
          root = open.element
        } else {
          stack[stack.count - 1].element.children.append(open.element)
        }
      } else {
        guard root == nil else { throw DAVXMLError("more than one root element") }
        guard stack.count < Self.maximumDepth else { throw DAVXMLError("elements nested too deeply") }
        let (open, selfClosing) = try startTag(inScope: stack.last?.namespaces ?? [:])
        if !selfClosing {
          stack.append(open)
        } else if stack.isEmpty {
          root = open.element
        } else {
          stack[stack.count - 1].element.children.append(open.element)
        }
      }
    }
    guard stack.isEmpty, let root else { throw DAVXMLError("the document ends early") }
    return root
  }

  /// `<prefix:name a="v" xmlns:p="uri">` or `<… />`, with the namespaces it declares applied.
  private mutating func startTag(inScope: [String: String]) throws(DAVXMLError) -> (Open, Bool) {
    index += 1
    let prefixedName = name()
    guard !prefixedName.isEmpty else { throw DAVXMLError("a start tag without a name") }
    var namespaces = inScope
    var attributes: [String: String] = [:]
    while true {
      skipSpace()
      guard index < bytes.count else { throw DAVXMLError("the document ends inside a tag") }
      if bytes[index] == UInt8(ascii: ">") {
        index += 1
        break
      }
      if starts(with: "/>") {
        index += 2
        return (try resolve(prefixedName, attributes, namespaces), true)
      }
      let attribute = name()
      skipSpace()
      guard !attribute.isEmpty, index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
        throw DAVXMLError("a broken attribute in <\(prefixedName)>")
      }
      index += 1
      skipSpace()
      guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") else {
        throw DAVXMLError("an unquoted attribute in <\(prefixedName)>")
      }
      let quote = bytes[index]
      index += 1
      let value = try characterData(until: quote)
      index += 1
      if attribute == "xmlns" {
        namespaces[""] = value
      } else if attribute.hasPrefix("xmlns:") {
        namespaces[String(attribute.dropFirst(6))] = value
      } else if !attribute.contains(":") {
        attributes[attribute] = value
      }
    }
    return (try resolve(prefixedName, attributes, namespaces), false)
  }

  private func resolve(
    _ prefixedName: String, _ attributes: [String: String], _ namespaces: [String: String]
  ) throws(DAVXMLError) -> Open {
    // Never empty (`<:>` split without empty pieces gave none, and indexing it trapped).
    let parts = prefixedName.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
    let (prefix, local) = parts.count == 2 ? (parts[0], parts[1]) : ("", parts[0])
    guard !local.isEmpty else { throw DAVXMLError("<\(prefixedName)> has no element name") }
    guard let namespace = namespaces[prefix] ?? (prefix.isEmpty ? "" : nil) else {
      throw DAVXMLError("the prefix \(prefix) of <\(prefixedName)> is not declared")
    }
    let element = DAVElement(namespace: namespace, name: local, attributes: attributes, children: [], text: "")
    return Open(prefixedName: prefixedName, element: element, namespaces: namespaces)
  }

  /// Text up to the next `<` (or `terminator`), with the five XML entities and character
  /// references decoded.
  private mutating func characterData(until terminator: UInt8 = UInt8(ascii: "<")) throws(DAVXMLError) -> String {
    var result: [UInt8] = []
    while index < bytes.count, bytes[index] != terminator {
      guard bytes[index] == UInt8(ascii: "&") else {
        result.append(bytes[index])
        index += 1
        continue
      }
      guard let end = bytes[index...].prefix(12).firstIndex(of: UInt8(ascii: ";")) else {
        throw DAVXMLError("an unterminated entity")
      }
      let entity = String(decoding: bytes[(index + 1)..<end], as: UTF8.self)
      index = end + 1
      switch entity {
      case "lt": result.append(UInt8(ascii: "<"))
      case "gt": result.append(UInt8(ascii: ">"))
      case "amp": result.append(UInt8(ascii: "&"))
      case "quot": result.append(UInt8(ascii: "\""))
      case "apos": result.append(UInt8(ascii: "'"))
      default:
        let number =
          entity.hasPrefix("#x")
          ? UInt32(entity.dropFirst(2), radix: 16)
          : entity.hasPrefix("#") ? UInt32(entity.dropFirst(1)) : nil
        guard let number, let scalar = Unicode.Scalar(number) else { throw DAVXMLError("the entity &\(entity);") }
        result.append(contentsOf: Array(String(Character(scalar)).utf8))
      }
    }
    guard terminator == UInt8(ascii: "<") || index < bytes.count else { throw DAVXMLError("an unterminated value") }
    return String(decoding: result, as: UTF8.self)
  }

  private mutating func name() -> String {
    let start = index
    while index < bytes.count {
      let byte = bytes[index]
      let isDelimiter =
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
        || byte == UInt8(ascii: "\r") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "/")
        || byte == UInt8(ascii: "=")
      if isDelimiter { break }
      index += 1
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  private mutating func skipSpace() {
    while index < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[index]) { index += 1 }
  }

  private func starts(with text: String) -> Bool { bytes[index...].starts(with: text.utf8) }

  private mutating func skip(past terminator: String) throws(DAVXMLError) {
    let pattern = Array(terminator.utf8)
    while index + pattern.count <= bytes.count {
      if bytes[index..<(index + pattern.count)].elementsEqual(pattern) {
        index += pattern.count
        return
      }
      index += 1
    }
    throw DAVXMLError("the document ends inside \(terminator)")
  }
}
