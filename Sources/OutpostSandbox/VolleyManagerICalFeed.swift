/// The personal iCal feed (§4) as text: every association's convocations in one VCALENDAR,
/// German labels, times as `TZID=UTC` without a VTIMEZONE, DTEND two hours after DTSTART,
/// commas escaped, CRLF line ends and lines folded at 75 octets, possibly mid-word but never
/// inside a UTF-8 sequence. Cancelled convocations are left out.
enum VolleyManagerICalFeed {
  static func render(user: SandboxUser, books: [VolleyManagerBook], stamp: Int) -> String {
    var lines = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:VolleyManager V2",
      "NAME:" + text(calendarName(user)),
      "X-WR-CALNAME:" + text(calendarName(user)),
    ]
    var events: [(VolleyManagerAssignment, VolleyManagerGame)] = []
    for book in books {
      for assignment in book.assignments where !assignment.cancelled {
        if let game = book.games[assignment.gameNumber] { events.append((assignment, game)) }
      }
    }
    events.sort { ($0.1.start, $0.1.number) < ($1.1.start, $1.1.number) }
    for (assignment, game) in events { lines += event(assignment, game: game, stamp: stamp) }
    lines.append("END:VCALENDAR")
    return lines.map(fold).joined(separator: "\r\n") + "\r\n"
  }

  static func calendarName(_ user: SandboxUser) -> String { "SR-Aufgebote #\(user.svNumber) | \(user.displayName)" }

  private static func event(_ assignment: VolleyManagerAssignment, game: VolleyManagerGame, stamp: Int) -> [String] {
    let hall = game.hall
    let summary = "\(assignment.position.germanLabel) | \(game.home.name) - \(game.away.name) (\(game.league.category))"
    let address = "\(hall.street), \(hall.postalCode) \(hall.city), Schweiz"
    return [
      "BEGIN:VEVENT",
      "UID:referee-convocation-for-game-\(game.number)",
      "DTSTAMP;TZID=UTC:" + SandboxTime.iCal(stamp),
      "DTSTART;TZID=UTC:" + SandboxTime.iCal(game.start),
      "DTEND;TZID=UTC:" + SandboxTime.iCal(game.start + 7200),
      "SUMMARY:" + text(summary),
      "DESCRIPTION:" + text(description(assignment, game: game).joined(separator: "\n")),
      "LOCATION:" + text(address),
      "GEO:\(hall.latitude);\(hall.longitude)",
      "X-APPLE-STRUCTURED-LOCATION;VALUE=URI;X-ADDRESS=\"\(address)\";X-APPLE-RADIUS=72;"
        + "X-TITLE=\"\(hall.name)\":geo:\(hall.latitude),\(hall.longitude)",
      "BEGIN:VALARM",
      "ACTION:DISPLAY",
      "TRIGGER:-PT60M",
      "DESCRIPTION:" + text(summary),
      "END:VALARM",
      "END:VEVENT",
    ]
  }

  /// The labelled lines of the real (German) feed; sub-lines start with a TAB.
  private static func description(_ assignment: VolleyManagerAssignment, game: VolleyManagerGame) -> [String] {
    let hall = game.hall
    let gender = game.league.gender == "f" ? "♀" : "♂"
    let plusCode = SandboxPlusCode.encode(latitude: hall.latitude, longitude: hall.longitude)
    func team(_ label: String, _ team: VolleyManagerTeam) -> [String] {
      [
        "\(label): #\(team.identifier) | \(team.name) (\(game.league.category), \(gender), \(game.league.associationCode))",
        "\t\(team.manager.displayName), \(team.manager.email), \(team.manager.phone)",
      ]
    }
    var lines = [
      assignment.position.germanLabel,
      "Spiel: #\(game.number) | \(SandboxTime.swissDisplay(game.start)) | \(game.home.name) — \(game.away.name)",
      "Liga: #\(game.league.id) | \(game.league.category) | \(gender)",
      "Halle: #\(1000 + game.hallIndex * 7) | \(hall.name)",
      "\tAdresse: \(hall.street), \(hall.postalCode) \(hall.city)",
      "\thttps://maps.google.com/?q=\(plusCode.replacingOccurrences(of: "+", with: "%2B"))&hl=de",
    ]
    lines += team("Heimteam", game.home) + team("Gastteam", game.away)
    lines.append("Aufbieter: " + (game.convener.map(\.displayName) ?? "keiner, aus der Börse"))
    lines.append("Schiedsrichter:")
    for position in game.positions {
      guard let slot = game.slots[position] else { continue }
      let referee = slot.referee
      lines.append("\t\(position.germanLabel): \(referee.displayName), \(referee.email), \(referee.phone)")
    }
    return lines
  }

  /// RFC 5545 TEXT escaping: backslash, semicolon, comma and newline.
  static func text(_ value: String) -> String {
    var out = ""
    for character in value {
      switch character {
      case "\\": out += "\\\\"
      case ";": out += "\\;"
      case ",": out += "\\,"
      case "\n", "\r\n": out += "\\n"
      default: out.append(character)
      }
    }
    return out
  }

  /// Folds one content line: at most 75 octets per physical line, continuation lines starting
  /// with a space (which counts toward the 75), split only between UTF-8 sequences.
  static func fold(_ line: String) -> String {
    let bytes = Array(line.utf8)
    guard bytes.count > 75 else { return line }
    var pieces: [ArraySlice<UInt8>] = []
    var start = 0
    var room = 75
    while start < bytes.count {
      var end = min(start + room, bytes.count)
      // Never end inside a sequence: back off while the next byte is a continuation byte.
      while end < bytes.count && bytes[end] & 0xC0 == 0x80 { end -= 1 }
      pieces.append(bytes[start..<end])
      start = end
      room = 74
    }
    return pieces.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\r\n ")
  }
}
