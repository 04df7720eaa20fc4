import Foundation

/// The demo users of the agility project (agility.md §7), for tests, demos and connector
/// authors. Both sign in with `password`; user ids are stable across runs.
/// - `freelancer@example.com`: the seeded freelancer (accounts, categories, clients, about
///   14 months of transactions, invoices in every stored status), America/New_York;
/// - `empty@example.com`: no data at all (the empty states), same zone.
public enum AgilityDemo {
  public static let email = "freelancer@example.com"
  public static let emptyEmail = "empty@example.com"
  public static let password = "demo-agility-2026"
  /// The zone the server's jobs (the nightly overdue job) and the seed use for "today".
  public static let timeZone = "America/New_York"

  /// The Auth user id of a demo user (the same in every run).
  public static func userID(_ email: String) -> String {
    SandboxTasksUser(email: email, password: "").id
  }

  static let emails = [email, emptyEmail]

  static var authUsers: [SandboxTasksUser] { emails.map { SandboxTasksUser(email: $0, password: password) } }

  static let zone = TimeZone(identifier: timeZone) ?? .gmt
}
