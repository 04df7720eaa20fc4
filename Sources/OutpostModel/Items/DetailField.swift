/// A detail of an item that a person reads in `outpost show`, declared by its kind with its
/// label in each language and how its value is written (issue 48 §3). Details a kind does
/// not declare stay in the data (`--json`), not in the human view: a raw key such as
/// `descriptionRaw` or `conversationId` says nothing to the user.
public struct DetailField: Codable, Sendable, Equatable {
  public enum Format: String, Codable, Sendable {
    /// As it is, or in the words of the kind's `valueLabels` for that detail.
    case text
    /// A calendar day, "2026-11-05": written in the order of the reader's language.
    case day
    /// An instant, RFC 3339: written in the reader's zone, without seconds.
    case time
    /// true or false: "yes"/"ja"/"oui"/"sì".
    case yesNo
    /// Metres, written as kilometres ("21 km").
    case metres
    /// A decimal as text ("45.00"): with the reader's decimal separator ("45,00").
    case decimal
    /// An amount as decimal text in the kind's currency (`ItemKindDeclaration.amount`): written
    /// as the reader writes money ("3.585,50 $", "CHF 90.00").
    case money
  }

  public var key: String
  public var label: LocalizedText
  public var format: Format
  /// Also a line of the item's calendar event ("Fotograf: Dana Reyes"), in the calendar's
  /// language, instead of a description the connector wrote in English.
  public var inCalendar: Bool

  public init(_ key: String, _ label: LocalizedText, _ format: Format = .text, calendar: Bool = false) {
    self.key = key
    self.label = label
    self.format = format
    self.inCalendar = calendar
  }
}
