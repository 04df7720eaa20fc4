import NIOHTTP1

/// Keycloak's answers: OAuth error JSON (`{"error","error_description"}`), its plain error
/// pages (a bad client or redirect never redirects), and the few pages a user sees.
enum KeycloakReplies {
  static func oauth(_ status: HTTPResponseStatus, _ error: String, _ description: String) -> SandboxResponse {
    .json(status, .object([("error", .string(error)), ("error_description", .string(description))]))
      .adding("Cache-Control", "no-store")
  }

  static func invalidGrant(_ description: String) -> SandboxResponse {
    oauth(.badRequest, "invalid_grant", description)
  }

  static func invalidClient() -> SandboxResponse {
    oauth(.unauthorized, "invalid_client", "Invalid client or Invalid client credentials")
  }

  static func realmNotFound() -> SandboxResponse {
    .json(
      .notFound,
      .object([
        ("error", "Realm does not exist"), ("error_description", "For more on this error consult the server log."),
      ]))
  }

  static func notFound() -> SandboxResponse {
    .json(.notFound, .object([("error", "Unable to find matching target resource method")]))
  }

  /// The error page Keycloak shows instead of redirecting (unknown client, bad redirect URI).
  static func errorPage(_ message: String) -> SandboxResponse {
    .html(.badRequest, page(title: "We are sorry...", body: "<p id=\"instruction1\">\(HTML.escape(message))</p>"))
  }

  /// A 302 to the client's redirect URI with these parameters (already encoded per field).
  static func redirect(_ redirectURI: String, _ fields: [(String, String?)]) -> SandboxResponse {
    let query = fields.compactMap { name, value in value.map { "\(name)=\(KeycloakReplies.encode($0))" } }
    let location = redirectURI + (redirectURI.contains("?") ? "&" : "?") + query.joined(separator: "&")
    return SandboxResponse(status: .found, headers: [("Location", location)])
  }

  static func page(title: String, body: String) -> String {
    """
    <!DOCTYPE html><html><head><meta charset="utf-8"><title>\(HTML.escape(title))</title></head>\
    <body><h1 id="kc-page-title">\(HTML.escape(title))</h1>\(body)</body></html>
    """
  }

  /// Percent-encodes a query value (everything but the unreserved characters).
  static func encode(_ text: String) -> String {
    var out = ""
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
        UInt8(ascii: "~"):
        out.unicodeScalars.append(Unicode.Scalar(byte))
      default:
        let hex = Array("0123456789ABCDEF")
        out += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
      }
    }
    return out
  }
}
