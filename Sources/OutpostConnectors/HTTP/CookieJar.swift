/// The cookies of one session, in memory only. Keeps the newest value of each name: services
/// such as VolleyManager rotate the session cookie on login (and on failed login).
public struct CookieJar: Sendable, Equatable {
  private var cookies: [(name: String, value: String)] = []

  public init() {}

  public subscript(name: String) -> String? {
    cookies.first { $0.name == name }?.value
  }

  /// Takes the `Set-Cookie` header of a reply (several cookies arrive joined by ", ").
  public mutating func absorb(_ response: HTTPResponse) {
    guard let header = response.header("set-cookie") else { return }
    for cookie in Self.split(header) {
      let pair = cookie.prefix { $0 != ";" }
      guard let equals = pair.firstIndex(of: "=") else { continue }
      let name = pair[..<equals].trimmingSpaces
      let value = pair[pair.index(after: equals)...].trimmingSpaces
      guard !name.isEmpty else { continue }
      cookies.removeAll { $0.name == name }
      // An empty value or a date in the past clears the cookie.
      let lowered = cookie.lowercased()
      if value.isEmpty || lowered.contains("max-age=0") || lowered.contains("expires=thu, 01 jan 1970") { continue }
      cookies.append((name, value))
    }
  }

  /// The `Cookie` request header, or nil when the jar is empty.
  public var header: String? {
    cookies.isEmpty ? nil : cookies.map { "\($0.name)=\($0.value)" }.joined(separator: "; ")
  }

  /// Splits joined Set-Cookie values at the commas that start a new `name=` (an `Expires`
  /// date also holds a comma, which must not split).
  static func split(_ header: String) -> [Substring] {
    var parts: [Substring] = []
    var start = header.startIndex
    var index = header.startIndex
    while index < header.endIndex {
      if header[index] == ",", startsCookie(header[header.index(after: index)...]) {
        parts.append(header[start..<index])
        start = header.index(after: index)
      }
      index = header.index(after: index)
    }
    parts.append(header[start...])
    return parts
  }

  private static func startsCookie(_ rest: Substring) -> Bool {
    let trimmed = rest.drop { $0 == " " }
    let name = trimmed.prefix { $0 != "=" && $0 != ";" && $0 != "," && $0 != " " }
    return !name.isEmpty && trimmed.dropFirst(name.count).first == "="
  }

  public static func == (lhs: CookieJar, rhs: CookieJar) -> Bool {
    lhs.cookies.map(\.name) == rhs.cookies.map(\.name) && lhs.cookies.map(\.value) == rhs.cookies.map(\.value)
  }
}

extension Substring {
  fileprivate var trimmingSpaces: String {
    String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
  }
}
