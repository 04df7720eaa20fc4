#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A link to one item, as `outpost open` takes it (and as the `.desktop` handler passes it for
/// `outpost` and the schemes connectors declare):
///
/// - `outpost://item/42`: Outpost's own link, by the item's number;
/// - a service app's link, in a scheme its connector declares (`volleykit://assignment/<id>`),
///   as connectors record them on items;
/// - `https://…`: a service's web address that names an item by its id (a UUID in the path or
///   the query), e.g. `https://volleymanager.volleyball.ch/…?game[__identity]=<uuid>`.
public enum DeepLink: Sendable, Equatable {
  case item(number: Int64)
  /// A service link, matched against the items' recorded links.
  case service(String)
  /// A web address, with the ids it holds (lowercased UUIDs), matched against the items' ids.
  case web(url: String, ids: [String])
  /// A link that starts something (a booking): the `outpost` command that does it.
  case command(String)
  /// A mailed sign-in link coming back (`<scheme>://auth/callback?code=…&state=…`): the scheme
  /// and the query's fields, for the daemon to match against the sign-ins it asked for.
  case signInCallback(scheme: String, fields: [String: String])

  /// Parses `text` against Outpost's own scheme, the web's and the declared `schemes`, or says
  /// in one line what is wrong with it.
  public static func parse(_ text: String, schemes: [LinkScheme]) -> Result<DeepLink, DeepLinkError> {
    let link = String(text.drop(while: \.isWhitespace).reversed().drop(while: \.isWhitespace).reversed())
    guard !link.isEmpty else { return .failure(.init("the link is empty")) }
    guard let colon = link.firstIndex(of: ":"), colon != link.startIndex else {
      let example = schemes.first.map { " or \($0.pattern)" } ?? ""
      return .failure(.init("\"\(link)\" is not a link (expected e.g. outpost://item/42\(example))"))
    }
    let scheme = link[..<colon].lowercased()
    let rest = link[link.index(after: colon)...]
    switch scheme {
    case "outpost":
      let path = rest.hasPrefix("//") ? rest.dropFirst(2) : rest
      let parts = path.split(separator: "/", omittingEmptySubsequences: true)
      guard parts.count == 2, parts[0] == "item" else {
        return .failure(.init("an Outpost link looks like outpost://item/NUMBER; \"\(link)\" does not"))
      }
      guard let number = Int64(parts[1]), number > 0 else {
        return .failure(.init("\"\(parts[1])\" in \(link) is not an item number"))
      }
      return .success(.item(number: number))
    case "http", "https":
      let ids = uuids(in: link)
      guard rest.hasPrefix("//"), rest.count > 2 else {
        return .failure(.init("\"\(link)\" is not a web address"))
      }
      if let own = appLink(rest.dropFirst(2), schemes: schemes) { return .success(.service(own)) }
      return .success(.web(url: link, ids: ids))
    default:
      if let declared = schemes.first(where: { $0.name == scheme }) {
        let path = rest.hasPrefix("//") ? rest.dropFirst(2) : rest
        if let callback = signInCallback(String(path), declared) { return .success(callback) }
        if let command = command(String(path), declared) { return command }
        let parts = path.split(separator: "/", omittingEmptySubsequences: true)
        guard parts.count == 2, declared.paths.contains(String(parts[0])), !parts[1].isEmpty else {
          return .failure(.init("a \(declared.appName) link looks like \(declared.pattern); \"\(link)\" does not"))
        }
        return .success(.service("\(scheme)://\(parts[0])/\(parts[1])"))
      }
      let opened = (["outpost"] + schemes.map(\.name)).map { "\($0)://" }.joined(separator: ", ")
      return .failure(
        .init("Outpost does not open \(scheme): links; it opens \(opened) and the services' web addresses"))
    }
  }

  /// `brand.example/content/abc` (host and path, after `https://`) as the app's own
  /// link `brandapp://content/abc`, when a scheme lists the host (with or without
  /// `www.`) and the path is one of its item paths; nil otherwise.
  static func appLink(_ address: Substring, schemes: [LinkScheme]) -> String? {
    let beforeQuery = address.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let withoutFragment = beforeQuery.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)[0]
    let parts = withoutFragment.split(separator: "/", omittingEmptySubsequences: true)
    guard parts.count == 3 else { return nil }
    var host = parts[0].lowercased()
    if let colon = host.firstIndex(of: ":") { host = String(host[..<colon]) }
    if host.hasPrefix("www.") { host = String(host.dropFirst(4)) }
    guard
      let scheme = schemes.first(where: { scheme in
        (scheme.webDomains ?? []).contains { $0.lowercased() == host } && scheme.paths.contains(String(parts[1]))
      })
    else { return nil }
    return "\(scheme.name)://\(parts[1])/\(parts[2])"
  }

  /// `auth/callback?code=…&state=…` when that is the scheme's sign-in route: its query's
  /// fields, percent-decoded (the first of a repeated name wins).
  static func signInCallback(_ path: String, _ scheme: LinkScheme) -> DeepLink? {
    guard let route = scheme.signInCallback else { return nil }
    let pieces = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let name = pieces[0].hasSuffix("/") ? String(pieces[0].dropLast()) : String(pieces[0])
    guard name == route else { return nil }
    var fields: [String: String] = [:]
    let query = pieces.count > 1 ? pieces[1].split(separator: "#", maxSplits: 1)[0] : ""
    for pair in query.split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      // A field whose name or value does not decode is left out, not guessed.
      guard let key = percentDecoded(parts[0]), fields[key] == nil,
        let value = parts.count > 1 ? percentDecoded(parts[1]) : ""
      else { continue }
      fields[key] = value
    }
    return .signInCallback(scheme: scheme.name, fields: fields)
  }

  /// `application/x-www-form-urlencoded` decoding: `+` is a space, `%XX` a byte; nil when
  /// the bytes are not UTF-8 or an escape is broken.
  static func percentDecoded(_ text: Substring) -> String? {
    var bytes: [UInt8] = []
    var iterator = Array(text.utf8).makeIterator()
    while let byte = iterator.next() {
      switch byte {
      case UInt8(ascii: "+"): bytes.append(UInt8(ascii: " "))
      case UInt8(ascii: "%"):
        guard let high = iterator.next(), let low = iterator.next(),
          let value = UInt8(String(decoding: [high, low], as: UTF8.self), radix: 16)
        else { return nil }
        bytes.append(value)
      default: bytes.append(byte)
      }
    }
    return String(validating: bytes, as: UTF8.self)
  }

  /// `book?serviceId=svc_1` against the scheme's `starts`: the command with the query's values
  /// filled in. Values are refused unless plain (letters, digits, `-`, `_`, `.`), so a link
  /// can never put anything else on a command line.
  static func command(_ path: String, _ scheme: LinkScheme) -> Result<DeepLink, DeepLinkError>? {
    let pieces = path.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
    let name = pieces[0].hasSuffix("/") ? String(pieces[0].dropLast()) : String(pieces[0])
    guard var command = scheme.starts[name] else { return nil }
    var values: [String: String] = [:]
    for pair in (pieces.count > 1 ? pieces[1] : "").split(separator: "&") {
      let parts = pair.split(separator: "=", maxSplits: 1)
      guard parts.count == 2 else { continue }
      values[String(parts[0])] = String(parts[1])
    }
    while let open = command.firstIndex(of: "{"), let close = command[open...].firstIndex(of: "}") {
      let key = String(command[command.index(after: open)..<close])
      guard let value = values[key], !value.isEmpty,
        value.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) })
      else {
        return .failure(.init("a \(scheme.appName) \(name) link needs a plain \(key)= value"))
      }
      command.replaceSubrange(open...close, with: value)
    }
    return .success(.command(command))
  }

  /// Every UUID (8-4-4-4-12 hexadecimal digits) in `text`, lowercased, in order.
  static func uuids(in text: String) -> [String] {
    let bytes = Array(text.utf8)
    let groups = [8, 4, 4, 4, 12]
    func isHex(_ byte: UInt8) -> Bool {
      (48...57).contains(byte) || (65...70).contains(byte) || (97...102).contains(byte)
    }
    var found: [String] = []
    var index = 0
    while index + 36 <= bytes.count {
      var position = index
      var matched = true
      for (number, length) in groups.enumerated() {
        if number > 0 {
          guard bytes[position] == UInt8(ascii: "-") else {
            matched = false
            break
          }
          position += 1
        }
        guard bytes[position..<position + length].allSatisfy(isHex) else {
          matched = false
          break
        }
        position += length
      }
      let boundaryBefore = index == 0 || !isHex(bytes[index - 1])
      let boundaryAfter = position == bytes.count || !isHex(bytes[position])
      if matched && boundaryBefore && boundaryAfter {
        found.append(String(decoding: bytes[index..<position], as: UTF8.self).lowercased())
        index = position
      } else {
        index += 1
      }
    }
    return found
  }

  /// Whether this link names `item` (with its number in the store).
  public func matches(number: Int64, item: Item) -> Bool {
    switch self {
    case .item(let wanted): return wanted == number
    case .service(let link): return item.link == link
    case .web(let url, let ids):
      if item.link == url { return true }
      let own = Self.uuids(in: item.upstreamID)
      return !own.isEmpty && own.contains { ids.contains($0) }
    case .command, .signInCallback: return false
    }
  }

  /// The item this link names among `candidates` (in store order): several items may carry one
  /// link (RPP's messages carry their conversation's `rpp://message/<conversationId>`, so that
  /// opening one opens the conversation); the one whose own id the link ends with is the one it
  /// names, the others only point at it.
  public func pick(_ candidates: [StoredItem]) -> StoredItem? {
    let matching = candidates.filter { matches(number: $0.number, item: $0.item) }
    if case .service(let link) = self,
      let owner = matching.first(where: { !$0.item.upstreamID.isEmpty && link.hasSuffix("/" + $0.item.upstreamID) })
    {
      return owner
    }
    return matching.first
  }
}

public struct DeepLinkError: Error, Sendable, Equatable, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}
