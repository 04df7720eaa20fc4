/// How a connector's kind of item shows, declared once so that the agenda, calendars and status
/// bars need no code per service.
public struct ItemKindDeclaration: Codable, Sendable, Equatable {
  public var kind: ItemKind
  /// One word for it, for lists (`assignment`, `task`).
  public var noun: String
  /// Something the user has to be at or do at its start time (a game, an event, a task due):
  /// it goes into the agenda, the calendars and the bar. Money records and other people's
  /// offers do not.
  public var appointment: Bool

  public init(_ kind: ItemKind, noun: String, appointment: Bool) {
    self.kind = kind
    self.noun = noun
    self.appointment = appointment
  }
}
