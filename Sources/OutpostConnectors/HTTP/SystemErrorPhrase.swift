import OutpostModel

/// The system's words for a failed connection, in the user's language. The transport writes an
/// unreachable service as "ADDRESS: Connection refused" with `strerror`'s English (the daemon
/// runs in the C locale); this turns the few a person meets into phrases, so that a German user
/// does not read "der Dienst ist nicht erreichbar: 127.0.0.1:8080: Connection refused".
enum SystemErrorPhrase {
  private static let known: [(text: String, key: PhraseKey)] = [
    ("Connection refused", "net.refused"),
    ("Network is unreachable", "net.unreachable"),
    ("No route to host", "net.hostUnreachable"),
    ("Connection timed out", "net.timedOut"),
    ("Connection reset by peer", "net.reset"),
  ]

  /// The phrase for `detail`, or nil when it is other words (kept as they are).
  static func phrase(_ detail: String) -> Phrase? {
    if detail == "connecting timed out" { return Phrase("net.connectTimedOut") }
    for (text, key) in known where detail.hasSuffix(": " + text) {
      return Phrase(key, .text(String(detail.dropLast(text.count + 2))))
    }
    return nil
  }
}
