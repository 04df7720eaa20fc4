import Foundation

/// The demo users of the viiraa project (viiraa.md §7), for tests, demos and connector authors:
/// - `libre@example.com`: Libre 3-style CGM, mg/dL profile, America/Chicago;
/// - `dexcom@example.com`: Dexcom G7-style CGM, mmol/L profile, Europe/Zurich;
/// - `google@example.com`: signs in with Google only (no password): the password grant answers
///   400 `invalid_credentials`, which a connector must treat as "re-sign-in needed".
/// Both CGM users sign in with `password`. User ids are stable across runs.
public enum ViiRaaDemo {
  public static let password = "demo-viiraa-2026"
  public static let libreEmail = "libre@example.com"
  public static let dexcomEmail = "dexcom@example.com"
  public static let googleEmail = "google@example.com"

  /// The Auth user id of a demo user (the same in every run).
  public static func userID(_ email: String) -> String {
    SandboxTasksUser(email: email, password: "").id
  }

  /// A user with generated data.
  struct Profile: Sendable {
    let email: String
    let displayName: String
    let timeZone: String
    let glucoseUnit: String
    /// The dedup family of viiraa.md §4.4: `libre` or `dexcom`.
    let family: String
    let device: String
    /// Days a sensor lasts (a 60-minute warm-up gap follows each change).
    let sensorDays: Int
    let baseline: Double
  }

  static let profiles = [
    Profile(
      email: libreEmail, displayName: "Libre Demo", timeZone: "America/Chicago", glucoseUnit: "mg/dL", family: "libre",
      device: "FreeStyle Libre 3", sensorDays: 14, baseline: 108),
    Profile(
      email: dexcomEmail, displayName: "Dexcom Demo", timeZone: "Europe/Zurich", glucoseUnit: "mmol/L",
      family: "dexcom", device: "Dexcom G7 Mobile App", sensorDays: 10, baseline: 116),
  ]

  /// The demo users, all in `timeZone` when it is given (a test that reads "today" picks a
  /// zone where the day is well under way).
  static func profiles(in timeZone: String?) -> [Profile] {
    guard let timeZone else { return profiles }
    return profiles.map { profile in
      Profile(
        email: profile.email, displayName: profile.displayName, timeZone: timeZone,
        glucoseUnit: profile.glucoseUnit, family: profile.family, device: profile.device,
        sensorDays: profile.sensorDays, baseline: profile.baseline)
    }
  }

  static var authUsers: [SandboxTasksUser] {
    profiles.map { SandboxTasksUser(email: $0.email, password: password) }
      + [SandboxTasksUser(email: googleEmail, password: "")]
  }
}
