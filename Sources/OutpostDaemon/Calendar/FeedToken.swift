import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The secret in the feed's URLs: 32 random bytes as 64 lower-case hex digits, made once and
/// kept in `<data>/calendars/feed-token` (mode 0600), so that subscriptions survive restarts.
/// Anyone who can read that file can read the calendar; nobody else can guess the URL.
struct FeedToken: Sendable, Equatable {
  /// The 64 hex digits, as they appear in the URL.
  let text: String
  private let digits: [UInt8]

  static let fileName = "feed-token"
  static let byteCount = 32

  init?(_ text: String) {
    let digits = Array(text.utf8)
    let isHex = digits.allSatisfy {
      (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains($0)
    }
    guard digits.count == Self.byteCount * 2, isHex else { return nil }
    self.text = text
    self.digits = digits
  }

  /// A new token from the system's CSPRNG (getrandom on Linux).
  static func random() -> FeedToken {
    var generator = SystemRandomNumberGenerator()
    let hex = Array("0123456789abcdef")
    var text = ""
    for _ in 0..<byteCount {
      let byte = UInt8.random(in: .min ... .max, using: &generator)
      text.append(hex[Int(byte >> 4)])
      text.append(hex[Int(byte & 0x0F)])
    }
    return FeedToken(text)!
  }

  /// Whether `candidate` (a path segment, raw bytes) is this token. Runs over all 64 digits
  /// whatever the candidate is, so the time taken says nothing about how many digits matched.
  func matches(_ candidate: some Collection<UInt8>) -> Bool {
    let candidate = Array(candidate)
    var difference = UInt8(candidate.count == digits.count ? 0 : 1)
    for index in digits.indices {
      let other = index < candidate.count ? candidate[index] : 0
      difference |= digits[index] ^ other
    }
    return difference == 0
  }

  /// The token kept in `directory`, or a new one written there. A file that does not hold a
  /// token (truncated, edited) is replaced: the old URLs stop working, which is what a damaged
  /// secret should mean. The mode is (re)set to 0600 in every case.
  static func loadOrCreate(directory: String) throws -> (token: FeedToken, created: Bool) {
    try FileManager.default.createDirectory(
      atPath: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
    let path = directory + "/" + fileName
    if let data = FileManager.default.contents(atPath: path),
      let token = FeedToken(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    {
      if chmod(path, 0o600) != 0 { throw FeedTokenError(path: path, call: "chmod", code: errno) }
      return (token, false)
    }
    let token = random()
    try store(token, at: path)
    return (token, true)
  }

  /// Written to a temporary file created 0600 (never readable by others, not even briefly),
  /// flushed, then renamed over the old one.
  private static func store(_ token: FeedToken, at path: String) throws {
    let temporary = path + ".tmp"
    unlink(temporary)
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw FeedTokenError(path: temporary, call: "open", code: errno) }
    let bytes = Array((token.text + "\n").utf8)
    let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
    let code = errno
    let synced = fsync(descriptor) == 0
    close(descriptor)
    guard written == bytes.count, synced else {
      unlink(temporary)
      throw FeedTokenError(path: temporary, call: "write", code: written < 0 ? code : EIO)
    }
    guard rename(temporary, path) == 0 else {
      let code = errno
      unlink(temporary)
      throw FeedTokenError(path: path, call: "rename", code: code)
    }
  }
}

struct FeedTokenError: Error, CustomStringConvertible {
  var path: String
  var call: String
  var code: CInt

  var description: String { "cannot keep the feed token in \(path): \(call): \(String(cString: strerror(code)))" }
}
