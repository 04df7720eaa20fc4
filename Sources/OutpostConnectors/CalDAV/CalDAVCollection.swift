import Foundation

/// The address of a calendar collection, checked once, and the hrefs of Outpost's events in it.
/// Servers write hrefs as paths or as full URLs, and percent-encode different bytes (Radicale
/// writes `@` as `%40`): `key(_:)` is what two hrefs are compared by.
public struct CalDAVCollection: Sendable, Equatable, CustomStringConvertible {
  /// `https://host[:port]`, without a path.
  public let origin: String
  /// The collection's absolute path, percent-encoded as given, always ending in `/`.
  public let path: String

  public var url: String { origin + path }
  public var description: String { url }

  /// Accepts `http` and `https` URLs without credentials, query or fragment; adds the trailing
  /// `/` a collection's path has (servers redirect without it, and the transport does not
  /// follow redirects).
  public init(_ text: String) throws(ConnectorError) {
    let trimmed = text.trimmingCharacters(in: .whitespaces)
    guard let components = URLComponents(string: trimmed), let scheme = components.scheme?.lowercased(),
      scheme == "http" || scheme == "https", let host = components.host, !host.isEmpty
    else {
      throw .unsupported("\"\(trimmed)\" is not an http or https URL of a calendar")
    }
    // Credentials in the URL would end up in configuration files and logs; they go in the
    // username and the keyring instead.
    guard components.user == nil, components.password == nil else {
      throw .unsupported("the calendar URL must not contain a user name or password; give them separately")
    }
    guard components.query == nil, components.fragment == nil else {
      throw .unsupported("the calendar URL must not have a query (?…) or a fragment (#…)")
    }
    let hostPart = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host.lowercased()
    origin = "\(scheme)://\(hostPart)" + (components.port.map { ":\($0)" } ?? "")
    let encodedPath = components.percentEncodedPath.isEmpty ? "/" : components.percentEncodedPath
    path = encodedPath.hasSuffix("/") ? encodedPath : encodedPath + "/"
  }

  /// Where Outpost puts the event with this UID: `<collection>/<uid>.ics`, the UID
  /// percent-encoded except for RFC 3986's unreserved characters.
  public func href(forUID uid: String) -> String {
    var name = ""
    for byte in uid.utf8 {
      let isUnreserved =
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "-")
        || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~")
      if isUnreserved {
        name.unicodeScalars.append(Unicode.Scalar(byte))
      } else {
        let hex = Array("0123456789ABCDEF")
        name += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0x0F)])
      }
    }
    return path + name + ".ics"
  }

  /// The absolute URL to send a request about `href` to, or nil when the href is on another
  /// server (a multistatus may name anything; credentials are only ever sent to this origin).
  func url(for href: String) -> String? {
    guard let path = localPath(of: href) else { return nil }
    return origin + path
  }

  /// The percent-encoded path of an href on this server; nil for another origin.
  func localPath(of href: String) -> String? {
    if href.hasPrefix("/") { return href }
    let lowered = href.lowercased()
    guard lowered.hasPrefix("http://") || lowered.hasPrefix("https://") else {
      // Relative to the collection: RFC 4918 allows it, few servers do it.
      return path + href
    }
    guard let other = try? CalDAVCollection(href), other.origin == origin,
      let components = URLComponents(string: href)
    else { return nil }
    return components.percentEncodedPath
  }

  /// What hrefs are compared by: the decoded path, without a trailing `/`. Nil for an href on
  /// another server, which is never one of ours.
  func key(_ href: String) -> String? {
    guard let path = localPath(of: href) else { return nil }
    let decoded = path.removingPercentEncoding ?? path
    return decoded.count > 1 && decoded.hasSuffix("/") ? String(decoded.dropLast()) : decoded
  }

  /// Whether `href` names the collection itself.
  func isCollection(_ href: String) -> Bool { key(href) == key(path) }

  /// Whether `href` names a resource directly inside the collection.
  func isMember(_ href: String) -> Bool {
    guard let key = key(href), let own = self.key(path) else { return false }
    let prefix = own.hasSuffix("/") ? own : own + "/"
    return key.hasPrefix(prefix) && !key.dropFirst(prefix.count).isEmpty
      && !key.dropFirst(prefix.count).contains("/")
  }
}
