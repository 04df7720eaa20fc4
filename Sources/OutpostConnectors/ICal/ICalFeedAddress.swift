import Foundation

/// Where a feed lives, from the address the user pasted. The address is the secret (it usually
/// embeds a personal token), so it is kept as a `SecretString` and never goes into an error
/// message.
public struct ICalFeedAddress: Sendable, Equatable {
  public enum Location: Sendable, Equatable {
    /// An absolute, percent-encoded `http` or `https` URL.
    case web(SecretString)
    /// An absolute path on this machine.
    case file(String)
  }

  public var location: Location

  /// Reads an address: `http(s)://` as is, `webcal://` and `webcals://` as `https://` (webcal is
  /// only a marker that asks an OS to open a calendar app; the feed itself is plain HTTPS), and
  /// `file://` with an absolute path.
  public init(_ secret: SecretString) throws(ConnectorError) {
    let text = secret.reveal().trimmingCharacters(in: .whitespacesAndNewlines)
    guard let separator = text.range(of: "://") else {
      throw .unsupported("the feed address must start with http://, https://, webcal:// or file://")
    }
    let scheme = text[..<separator.lowerBound].lowercased()
    let rest = String(text[separator.upperBound...])
    switch scheme {
    case "http", "https": location = .web(SecretString(try Self.webURL(scheme + "://" + rest)))
    case "webcal", "webcals": location = .web(SecretString(try Self.webURL("https://" + rest)))
    case "file":
      // `file:///path` or `file://localhost/path`; other hosts would be a network share.
      let path: Substring
      if rest.hasPrefix("/") {
        path = rest[...]
      } else if rest.lowercased().hasPrefix("localhost/") {
        path = rest.dropFirst("localhost".count)
      } else {
        throw .unsupported("a file:// feed address needs an absolute path (file:///home/…)")
      }
      location = .file(path.removingPercentEncoding ?? String(path))
    default:
      throw .unsupported("feed addresses with the scheme \(scheme.prefix(20)):// are not supported")
    }
  }

  /// A form safe to store and show: scheme, host and port only (`https://example.org/…`), or
  /// the file's name; the path and query of a web feed usually hold its token.
  public var redacted: String {
    switch location {
    case .web(let secret):
      guard let url = URL(string: secret.reveal()), let scheme = url.scheme, let host = url.host else { return "…" }
      return "\(scheme)://\(host)\(url.port.map { ":\($0)" } ?? "")/…"
    case .file(let path): return "file:///…/" + (path.split(separator: "/").last.map(String.init) ?? "")
    }
  }

  /// Checks that `text` is an absolute web URL with a host, encoding the spaces people paste.
  private static func webURL(_ text: String) throws(ConnectorError) -> String {
    let encoded = text.replacingOccurrences(of: " ", with: "%20")
    guard let url = URL(string: encoded), let host = url.host, !host.isEmpty else {
      throw .unsupported("the feed address is not a valid URL")
    }
    return encoded
  }

  /// Resolves a redirect's Location against `base`; nil unless the result is http(s).
  static func redirectTarget(_ location: String, from base: String) -> String? {
    guard let baseURL = URL(string: base),
      let target = URL(string: location.replacingOccurrences(of: " ", with: "%20"), relativeTo: baseURL)?
        .absoluteURL,
      let scheme = target.scheme?.lowercased(), scheme == "http" || scheme == "https", target.host != nil
    else { return nil }
    return target.absoluteString
  }
}
