#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// The rules for what a user may type when adding an account, shared by the daemon (which
/// enforces them) and the CLI (which can say so before connecting).
public enum AccountValidation {
  public static let maxNameLength = 64
  public static let maxUsernameLength = 254

  /// A name the user types on the command line: letters, digits, `.`, `_`, `-`, `@`; starting
  /// with a letter or digit. Returns the problem, or nil when the name is fine.
  public static func problem(withName name: String) -> String? {
    if name.isEmpty { return "the account name is empty" }
    if name.lowercased() == "all" { return "the name \"all\" is reserved for the calendar of every account" }
    if name.count > maxNameLength { return "the account name is longer than \(maxNameLength) characters" }
    guard let first = name.unicodeScalars.first, isAlphanumeric(first) else {
      return "the account name must start with a letter or a digit"
    }
    for scalar in name.unicodeScalars where !(isAlphanumeric(scalar) || "._-@".unicodeScalars.contains(scalar)) {
      return
        "the account name may contain only letters, digits, '.', '_', '-' and '@' (not \"\(scalar.escaped(asASCII: true))\")"
    }
    return nil
  }

  public static func problem(withUsername username: String) -> String? {
    if username.allSatisfy(\.isWhitespace) { return "the username is empty" }
    if username.count > maxUsernameLength { return "the username is longer than \(maxUsernameLength) characters" }
    if username.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "the username contains control characters"
    }
    if username.first?.isWhitespace == true || username.last?.isWhitespace == true {
      return "the username starts or ends with a space"
    }
    return nil
  }

  /// An `http` or `https` URL with a host and no credentials, query or fragment. Returns the
  /// normalised form (no trailing slash) or the problem.
  public static func normalizedBaseURL(_ text: String) -> Result<String, BaseURLProblem> {
    guard let components = URLComponents(string: text), let scheme = components.scheme?.lowercased() else {
      return .failure(.init("\"\(text)\" is not a URL; give one like https://example.org"))
    }
    guard scheme == "http" || scheme == "https" else {
      return .failure(.init("the base URL must start with http:// or https:// (not \(scheme)://)"))
    }
    guard let host = components.host, !host.isEmpty else {
      return .failure(.init("the base URL \"\(text)\" has no host"))
    }
    guard components.user == nil, components.password == nil else {
      return .failure(.init("the base URL must not contain a username or password; use --username and the keyring"))
    }
    guard components.query == nil, components.fragment == nil else {
      return .failure(.init("the base URL must not have a query (?…) or fragment (#…)"))
    }
    var normalized = components
    normalized.scheme = scheme
    normalized.host = host.lowercased()
    while normalized.path.hasSuffix("/") { normalized.path.removeLast() }
    guard let string = normalized.string else { return .failure(.init("\"\(text)\" is not a usable URL")) }
    return .success(string)
  }

  public struct BaseURLProblem: Error, Equatable, CustomStringConvertible {
    public var description: String
    init(_ description: String) { self.description = description }
  }

  private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
    scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
  }
}
