import Foundation
import FuzzSupport
import OutpostCalendar
import OutpostModel

@testable import OutpostConnectors

/// Supabase replies as ViiRaa and Agility get them (supabase.md): PostgREST and Auth (GoTrue)
/// error bodies in all their shapes, and rows turned into ViiRaa's and Agility's items.
@_cdecl("fuzz_supabase_main")
public func fuzzSupabase(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> Int32 {
  FuzzHarness.run(argc, argv) { bytes in
    guard let (selector, body) = FuzzInput.split(bytes) else { return }
    let reply = HTTPResponse(
      status: FuzzInput.status(selector),
      headers: ["content-type": "application/json", "x-sb-error-code": selector & 0x10 == 0 ? "" : "otp_expired"],
      body: body)
    _ = PostgREST.classify(reply, during: "fuzzing")
    _ = SupabaseAuth.errorCode(reply)
    _ = SupabaseAuth.classify(reply, grant: "password")
    guard let json = try? JSONParser.parse(body) else { return }
    let zone = SupabaseFuzzing.zone
    let agility = AgilityItems(days: AgilityDays(zone: zone), webBaseURL: "https://app.example.com")
    for record in FuzzInput.records(json) {
      _ = ViiRaaItems.glucose(record)
      _ = ViiRaaItems.weight(record)
      _ = ViiRaaItems.activity(record, timeZone: zone)
      _ = ViiRaaItems.insight(record, now: SupabaseFuzzing.now)
      _ = ViiRaaItems.profile(record)
      _ = agility.account(record)
      _ = agility.category(record)
      _ = agility.client(record)
      _ = agility.transaction(record)
      _ = agility.invoice(record, today: SupabaseFuzzing.today)
    }
  }
}

enum SupabaseFuzzing {
  static let zone = TimeZone(identifier: "America/New_York")!
  static let now = Date(timeIntervalSince1970: 1_795_626_000)
  static let today = CivilDate(year: 2026, month: 11, day: 25)!
}
