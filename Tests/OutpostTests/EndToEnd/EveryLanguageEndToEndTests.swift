import Foundation
import OutpostModel
import OutpostRPC
import Testing

/// Issue 48's "done means": the demo accounts of five services, every read-only command's human
/// output and every bar format, in German, French and Italian, scanned for Outpost's own English
/// (`EnglishLeftIn`: catalogue words the reader's language does not use, and raw camelCase
/// keys), leaving the services' own words (their `--json` reply's values) alone.
extension EndToEnd {
  @Suite struct EveryLanguage {
    let outpost = DaemonProcess.binary("outpost")

    func cli(_ daemon: DaemonProcess, _ arguments: [String], language: String = "en", input: String? = nil) throws
      -> CommandResult
    {
      var environment = daemon.environment
      environment["OUTPOST_LANG"] = language
      return try runCommand(outpost, arguments, environment: environment, input: input)
    }

    /// The demo accounts as `contrib/lib/world.sh` adds them.
    static let accounts: [(kind: String, name: String, username: String, password: String, extra: [String])] = [
      ("volleymanager", "referee", "referee@example.ch", "demo-referee-2026", []),
      ("tasks", "tasks", "tasks@example.ch", "demo-tasks-2026", []),
      ("rpp", "work", "ana@bayrealty.com", "sandbox-password", []),
      ("viiraa", "me", "libre@example.com", "demo-viiraa-2026", []),
      ("agility", "books", "freelancer@example.com", "demo-agility-2026", ["--option", "timeZone=America/New_York"]),
    ]

    /// `outpost actions` is left out: its summaries are reference text for `outpost do`, in
    /// English as `--help` is (ArgumentParser's), not yet translated.
    static let views: [[String]] = [
      ["status"], ["account", "list"], ["account", "status", "referee"], ["items"], ["agenda"], ["queue"],
      ["conflicts"],
      ["reminders"], ["reminders", "rules"], ["calendar", "status"], ["assignments"], ["exchange"],
      ["compensations"], ["tasks"], ["rpp"], ["viiraa"], ["viiraa", "readings"], ["viiraa", "reminders"],
      ["viiraa", "insights"], ["agility"], ["agility", "invoices"], ["agility", "transactions"], ["agility", "tax"],
      ["agility", "spending"], ["agility", "categories"],
      ["snapshot", "--format", "line"], ["snapshot", "--format", "waybar"], ["snapshot", "--format", "i3rs"],
    ]

    /// The SUMMARY, DESCRIPTION and LOCATION of every event of an iCalendar text, unfolded and
    /// unescaped (RFC 5545 §3.1, §3.3.11), one line each.
    static func eventTexts(_ calendar: String) -> String {
      let unfolded = calendar.replacing("\r\n ", with: "").replacing("\r\n\t", with: "")
      var texts: [String] = []
      for line in unfolded.split(whereSeparator: \.isNewline) {
        guard let colon = line.firstIndex(of: ":") else { continue }
        let name = String(line[..<colon].split(separator: ";").first ?? "")
        guard ["SUMMARY", "DESCRIPTION", "LOCATION"].contains(name) else { continue }
        var value = String(line[line.index(after: colon)...])
        for (escaped, plain) in [("\\n", "\n"), ("\\,", ","), ("\\;", ";"), ("\\\\", "\\")] {
          value = value.replacing(escaped, with: plain)
        }
        texts.append(value)
      }
      return texts.joined(separator: "\n")
    }

    /// The text, tooltip and short text of a waybar or i3status-rust line; nil for other output.
    static func barText(_ output: String) -> String? {
      guard output.hasPrefix("{"),
        let object = try? JSONSerialization.jsonObject(with: Data(output.utf8)) as? [String: Any]
      else { return nil }
      return ["text", "tooltip", "short_text"].compactMap { object[$0] as? String }.joined(separator: "\n")
    }

    @Test func everyViewOfTheDemoDataIsInTheReadersLanguage() async throws {
      _ = try KeyringSession.shared.get()
      let sandbox = try SandboxProcess()
      let daemon = try DaemonProcess()
      try daemon.start()
      for account in Self.accounts {
        let added = try cli(
          daemon,
          ["account", "add", account.kind, "--name", account.name, "--username", account.username]
            + sandbox.accountFlags(account.kind) + account.extra + ["--password-stdin"], input: account.password + "\n")
        try #require(added.status == 0, "\(account.kind): \(added.stderr)")
      }
      let sync = try cli(daemon, ["sync", "--wait"])
      #expect(sync.status == 0, "\(sync.stdout)\(sync.stderr)")

      // One item of each service, shown on its own.
      let listed = try JSONCoding.decoder().decode(
        ItemsList.Result.self, from: Data(try cli(daemon, ["items", "--json"]).stdout.utf8)
      ).items
      var views = Self.views
      for service in Set(listed.compactMap(\.service)).sorted() {
        if let first = listed.first(where: { $0.service == service }) { views.append(["show", "\(first.number)"]) }
      }
      #expect(views.count > Self.views.count + 4, "too few services have items: \(Set(listed.compactMap(\.service)))")

      let allDayTitles = Set(listed.filter { $0.item.details["allDay"] == .bool(true) }.map(\.item.title))
      #expect(!allDayTitles.isEmpty, "the demo data has no all-day item (invoices)")
      var findings: [String] = []
      var scanned = 0
      var transcript = ""
      for view in views {
        // The service's words: what the same command says under --json (the snapshot's json format).
        let jsonArguments = view.first == "snapshot" ? ["snapshot", "--format", "json"] : view + ["--json"]
        let service = EnglishLeftIn.ServiceText(json: try cli(daemon, jsonArguments).stdout)
        // English too, for the transcript (the README's four languages come from it).
        for language in [Language.en, .de, .fr, .it] {
          let shown = try cli(daemon, view, language: language.rawValue)
          // A bar's JSON: what it shows is in its text members; the keys and classes are the bar's.
          let output = Self.barText(shown.stdout) ?? shown.stdout + shown.stderr
          transcript += "$ OUTPOST_LANG=\(language.rawValue) outpost \(view.joined(separator: " "))\n\(output)\n"
          guard language != .en else { continue }
          scanned += output.split(separator: "\n").count
          for finding in EnglishLeftIn(language).findings(in: output, service: service) {
            findings.append("\(language.rawValue) outpost \(view.joined(separator: " ")) → \(finding)")
          }
          // A day is no moment: an all-day item (an invoice's due day) never shows a time.
          for title in allDayTitles {
            for line in output.split(separator: "\n") where line.contains(title + ", ") {
              let after = line[line.range(of: title + ", ")!.upperBound...]
              if after.prefixMatch(of: /\S+ \d\d\.\d\d\.\d{4} \d\d:\d\d/) != nil {
                findings.append(
                  "\(language.rawValue) outpost \(view.joined(separator: " ")) → a time on a day: \(line)")
              }
            }
          }
        }
      }
      // The calendar, in the daemon's language (`daemon.language`): what Outpost writes into
      // its events' titles and descriptions beside the services' words.
      for language in [Language.de, .fr, .it] {
        _ = try daemon.stop()
        try FileManager.default.createDirectory(atPath: daemon.paths.configDirectory, withIntermediateDirectories: true)
        try "[daemon]\nlanguage = \"\(language.rawValue)\"\n".write(
          toFile: daemon.paths.configFilePath, atomically: true, encoding: .utf8)
        try daemon.start()
        // Titles a connector makes of words are stored in the daemon's language: listed anew.
        let resync = try cli(daemon, ["sync", "--full", "--wait"])
        #expect(resync.status == 0, "\(resync.stdout)\(resync.stderr)")
        let items = EnglishLeftIn.ServiceText(json: try cli(daemon, ["items", "--json"]).stdout)
        let calendar = try cli(daemon, ["calendar", "export"])
        #expect(calendar.status == 0, "\(calendar.stderr)")
        let text = Self.eventTexts(calendar.stdout)
        #expect(!text.isEmpty, "the calendar has no events")
        transcript += "$ outpost calendar export (daemon.language = \(language.rawValue))\n\(text)\n"
        for finding in EnglishLeftIn(language).findings(in: text, service: items) {
          findings.append("\(language.rawValue) calendar → \(finding)")
        }
      }
      // For a person to read what was scanned: OUTPOST_LANGUAGE_TRANSCRIPT=/path swift test …
      if let path = ProcessInfo.processInfo.environment["OUTPOST_LANGUAGE_TRANSCRIPT"] {
        try transcript.write(toFile: path, atomically: true, encoding: .utf8)
      }
      #expect(scanned > 300, "only \(scanned) lines were shown")
      #expect(findings.isEmpty, "English in other languages' output:\n\(findings.joined(separator: "\n"))")
    }
  }
}

/// The scanner itself: it finds Outpost's English and leaves the service's words alone.
@Suite struct EnglishLeftInTests {
  @Test func outpostsEnglishIsFoundAndTheServicesWordsAreNot() {
    let scan = EnglishLeftIn(.de)
    let service = EnglishLeftIn.ServiceText(json: #"{"title":"Evening reading","dueNext":{"title":"Q4"}}"#)
    #expect(scan.findings(in: "Evening reading · heute 20:00", service: service).isEmpty)
    #expect(scan.findings(in: "Konto «me»: die Sitzung ist abgelaufen", service: service).isEmpty)
    #expect(scan.findings(in: "Konto «me»: the session expired", service: service).count == 1)
    #expect(scan.findings(in: "Konto «me»: dueNext Q4", service: service).count == 1)
    #expect(scan.findings(in: "`outpost account login me` ausführen", service: service).isEmpty)
  }
}
