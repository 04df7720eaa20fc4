import Foundation
import OutpostModel
import OutpostSnapshot
import Testing

/// What each bar requires of its file.
@Suite struct BarFormatTests {
  static let tricky = "Biel/Bienne & Co <x> \"quoted\" 'single'"

  func snapshot(title: String = tricky, venue: String? = "Halle \"Esplanade\" & <Gym>", state: AccountState = .ok)
    -> Snapshot
  {
    let item = StoredItem(
      number: 7, accountID: "a", item: assignment("a", title, at: Clock.local(2026, 11, 18, 19, 30), venue: venue),
      firstSeenAt: Clock.now, updatedAt: Clock.now, removedAt: nil)
    let account = SnapshotInput.Account(
      id: "a", name: "volley", kind: "volleymanager", state: state, lastSuccessfulSync: Clock.now,
      pendingActions: 1)
    return SnapshotBuilder(input: SnapshotInput(accounts: [account], items: [item]), options: Clock.options)
      .snapshot(at: Clock.now)
  }

  @Test func pangoEscapesEveryMarkupCharacter() {
    #expect(Pango.escape("Biel/Bienne & Co <x>") == "Biel/Bienne &amp; Co &lt;x&gt;")
    #expect(Pango.escape("\"a\" 'b'") == "&quot;a&quot; &apos;b&apos;")
    #expect(Pango.escape("Näfels – Amriswil") == "Näfels – Amriswil")
  }

  @Test func waybarGetsOneLineOfJSONWithEscapedMarkup() throws {
    let snapshot = snapshot()
    let text = snapshot.rendered(.waybar)
    #expect(text.hasSuffix("}\n"))
    #expect(text.dropLast().contains("\n") == false, "waybar reads one line")
    let object = try snapshot.object(.waybar)
    #expect(Set(object.keys) == ["text", "alt", "tooltip", "class", "percentage"])
    let barText = try #require(object["text"] as? String)
    #expect(barText == "today 19:30 Biel/Bienne &amp; Co &lt;x&gt; &quot;quoted&quot; &apos;single&apos;")
    let tooltip = try #require(object["tooltip"] as? String)
    #expect(tooltip.contains("Halle &quot;Esplanade&quot; &amp; &lt;Gym&gt;"))
    #expect(tooltip.contains("\n"), "the tooltip has one line per entry")
    for markup in [barText, tooltip] {
      // What is left after the entities are taken out has no markup character at all.
      let bare = markup.replacing(#/&(amp|lt|gt|quot|apos);/#, with: "")
      #expect(!bare.contains { "&<>\"'".contains($0) }, "\(markup)")
    }
    #expect(object["class"] as? [String] == ["ok", "upcoming"])
    #expect(object["alt"] as? String == "ok")
    #expect(object["percentage"] as? Int == 100)
  }

  @Test func waybarClassesFollowTheState() throws {
    let object = try snapshot(state: .needsLogin).object(.waybar)
    #expect(object["class"] as? [String] == ["needs-login", "upcoming"])
    #expect(object["alt"] as? String == "needs-login")
  }

  @Test func i3statusRustGetsItsFourKeysAndAValidState() throws {
    let snapshot = snapshot()
    let object = try snapshot.object(.i3rs)
    #expect(Set(object.keys) == ["icon", "state", "text", "short_text"])
    // i3status-rust escapes `text` itself ($text.pango-str()): it stays plain here.
    #expect(object["text"] as? String == "today 19:30 " + Self.tricky)
    #expect(object["short_text"] as? String == "today 19:30")
    #expect(object["state"] as? String == "Good")
    let states = ["Idle", "Info", "Good", "Warning", "Critical"]
    for state in [AccountState.ok, .needsLogin, .keyringLocked, .offline, .error] {
      let rendered = try self.snapshot(state: state).object(.i3rs)["state"] as? String
      #expect(rendered.map(states.contains) == true, "\(state): \(rendered ?? "nil")")
    }
    #expect(try self.snapshot(state: .needsLogin).object(.i3rs)["state"] as? String == "Critical")
    #expect(try self.snapshot(state: .offline).object(.i3rs)["state"] as? String == "Warning")
    #expect(snapshot.rendered(.i3rs).filter { $0 == "\n" }.count == 1)
  }

  @Test func lineIsOneLineForPolybarAndI3blocks() {
    let line = snapshot(title: "Line\nbreak %{F#f00}red").rendered(.line)
    #expect(line == "today 19:30 Line break % {F#f00}red\n")
  }

  @Test func aLongTitleIsShortenedInTheBarButNotInTheJSON() throws {
    let title = String(repeating: "Volleyball ", count: 10)
    let snapshot = snapshot(title: title)
    #expect(snapshot.display.text.count == "today 19:30 ".count + 48)
    #expect(snapshot.display.text.hasSuffix("…"))
    let next = try #require(snapshot.object(.json)["next"] as? [[String: Any]])
    #expect(next.first?["title"] as? String == title)
  }

  @Test func snapshotJSONUsesNullForAbsentValuesAndUTCTimes() throws {
    let object = try snapshot(venue: nil).object(.json)
    #expect(object["version"] as? Int == 1)
    #expect(object["generated_at"] == nil, "no wall-clock time: it would change every write")
    let item = try #require((object["next"] as? [[String: Any]])?.first)
    #expect(item["venue"] is NSNull)
    #expect(item["start"] as? String == "2026-11-18T18:30:00Z")
    #expect(item["id"] as? Int == 7)
    #expect(object["valid_until"] as? String == "2026-11-18T18:30:00Z")
    let account = try #require((object["accounts"] as? [[String: Any]])?.first)
    #expect(account["reason"] is NSNull)
    #expect(account["last_sync"] as? String == "2026-11-18T09:00:00Z")
  }

  @Test func everyFormatHasAFileName() {
    #expect(
      SnapshotFormat.allCases.map(\.fileName) == ["snapshot.json", "waybar.json", "i3status-rust.json", "line.txt"])
    #expect(SnapshotFormat(rawValue: "i3rs") == .i3rs)
  }
}
