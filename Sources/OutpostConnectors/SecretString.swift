/// A secret (password, token) that cannot be printed by accident: interpolating it into a log
/// line, an error or a test failure shows `<redacted>`. Only `reveal()` gives the text, and
/// every caller of it is a place that sends the secret where it belongs.
public struct SecretString: Sendable, Equatable, CustomStringConvertible, CustomDebugStringConvertible,
  CustomReflectable
{
  private let value: String

  public init(_ value: String) { self.value = value }

  public func reveal() -> String { value }

  public var isEmpty: Bool { value.isEmpty }
  public var description: String { "<redacted>" }
  public var debugDescription: String { "<redacted>" }
  public var customMirror: Mirror { Mirror(self, children: []) }
}
