#if canImport(Glibc)
  import Glibc
#endif

/// Reads a password or token: from standard input with `--password-stdin` (for scripts and
/// password managers), else from the terminal with echo off. Never from an argument, which
/// would show in `ps` and the shell history.
enum SecretInput {
  static func read(noun: String, prompt: String, fromStandardInput: Bool) throws(CLIFailure) -> String {
    let secret: String
    if fromStandardInput {
      secret = readStandardInput()
    } else {
      let tty = open("/dev/tty", O_RDWR | O_NOCTTY)
      guard tty >= 0, isatty(tty) == 1 else { throw CLIFailure(.usage, localized(.accountNoSecretInput, noun)) }
      defer { close(tty) }
      secret = readWithoutEcho(tty: tty, prompt: prompt)
    }
    if secret.isEmpty { throw CLIFailure(.usage, localized(.accountNoSecretInput, noun)) }
    return secret
  }

  /// All of standard input, minus one trailing newline (`echo pw | …` adds one).
  static func readStandardInput() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while true {
      let count = Glibc.read(0, &buffer, buffer.count)
      if count <= 0 { break }
      bytes += buffer[..<count]
    }
    if bytes.last == UInt8(ascii: "\n") { bytes.removeLast() }
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }

  private static func readWithoutEcho(tty: CInt, prompt: String) -> String {
    var promptBytes = Array(prompt.utf8)
    _ = write(tty, &promptBytes, promptBytes.count)
    var original = termios()
    let canSilence = tcgetattr(tty, &original) == 0
    if canSilence {
      var silent = original
      silent.c_lflag &= ~tcflag_t(ECHO)
      TerminalRestore.save(tty: tty, settings: original)
      _ = tcsetattr(tty, TCSAFLUSH, &silent)
    }
    var bytes: [UInt8] = []
    var byte: UInt8 = 0
    while Glibc.read(tty, &byte, 1) == 1, byte != UInt8(ascii: "\n") { bytes.append(byte) }
    if canSilence {
      _ = tcsetattr(tty, TCSAFLUSH, &original)
      TerminalRestore.clear()
    }
    var newline = Array("\n".utf8)
    _ = write(tty, &newline, 1)
    if bytes.last == UInt8(ascii: "\r") { bytes.removeLast() }
    return String(decoding: bytes, as: UTF8.self)
  }
}

/// Puts echo back if the user presses Ctrl-C at the prompt (a terminal left silent is a trap).
/// C signal handlers cannot capture, so the saved settings live in globals.
private enum TerminalRestore {
  nonisolated(unsafe) static var tty: CInt = -1
  nonisolated(unsafe) static var settings = termios()

  static func save(tty: CInt, settings: termios) {
    Self.tty = tty
    Self.settings = settings
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
      signal(signalNumber) { number in
        if TerminalRestore.tty >= 0 { _ = tcsetattr(TerminalRestore.tty, TCSAFLUSH, &TerminalRestore.settings) }
        _exit(128 + number)
      }
    }
  }

  static func clear() {
    tty = -1
    for signalNumber in [SIGINT, SIGTERM, SIGHUP] { signal(signalNumber, SIG_DFL) }
  }
}
