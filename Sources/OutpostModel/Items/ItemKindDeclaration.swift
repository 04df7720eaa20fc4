/// How a connector's kind of item shows and what news it gives, declared once so that the
/// agenda, `show`, calendars, reminders, notifications and status bars need no code per service.
public struct ItemKindDeclaration: Codable, Sendable, Equatable {
  public var kind: ItemKind
  /// One word for it, for lists (`assignment`, `task`).
  public var noun: String
  /// Something the user has to be at or do at its start time (a game, an event, a task due):
  /// it goes into the agenda, the calendars and the bar. Money records and other people's
  /// offers do not.
  public var appointment: Bool
  /// The details (by key) that make its second line, joined with ", " (`league`, `positionLabel`).
  public var subtitle: [String]
  /// The words for a subtitle detail's values, by detail and value (`stage`: `scheduled` →
  /// "scheduled", "geplant", …): a value not listed shows as it is (a name, a league).
  public var valueLabels: [String: [String: LocalizedText]]
  /// Where its amount of money is, for kinds that have one (a compensation, an invoice).
  public var amount: AmountField?
  /// Whether it takes the start reminders the user configures (`[reminders]`: the evening
  /// before, a time before the start). Deadlines in its details are reminded of either way.
  public var startReminders: Bool
  /// The detail that counts what the user has not read yet (a conversation's `unreadCount`),
  /// summed per account for the status bars.
  public var unreadKey: String?
  /// Its own evening-before time ("18:00", the evening a shoot is prepared), used unless the
  /// user sets `[reminders] evening_before`; nil for the configured default.
  public var eveningBefore: String?
  /// The news a sync's changes to it give.
  public var announcements: [ChangeAnnouncement]
  /// A detail that ties it to another item (`gameNumber`): when that item is cancelled in the
  /// same sync, this one's change is part of the same news and is not told again (a cancelled
  /// game takes its exchange offer off the board; that is no "taken").
  public var followsCancellationOf: String?
  /// The buttons a notification about it offers besides Open and Dismiss, each queueing one of
  /// the connector's actions on it. A reminder of a kind that declares its own snooze offers
  /// that one (the service's, seen on the phone too) instead of the local ones.
  public var notificationButtons: [NotificationButton]
  /// The action queued when the user opens a notification about it (an insight marked read).
  public var openAction: ActionType?
  /// Details that switch a notification category on or off at the service, for the kind that
  /// mirrors the account's own settings there (Agile Network: `newContent` → `new-content`):
  /// a category the service has off for the account stays off the desktop.
  public var categorySwitches: [String: String]
  /// The account action that sets those switches at the service, its parameters named as the
  /// details (`newContent: false`): `notifications prefs` sends a change of such a category there.
  public var switchAction: ActionType?
  /// The noun in each language, where it is not the same everywhere (`shoot`, "Shooting").
  public var nouns: LocalizedText?
  /// The details `outpost show` labels, in order (`DetailField`).
  public var fields: [DetailField]
  /// Its items' titles, where the connector makes them of words rather than takes them from
  /// the service ("Invoice INV-0044 · Acme"): `{key}` is a detail; the first template whose
  /// details the item has is used, in the daemon's language, when the item is stored.
  public var titles: [LocalizedText]
  /// What each of its deadlines (`deadlines` in its details, reminded as `deadline:<name>`)
  /// is called in each language: by name, or by a name's stem for numbered ones
  /// (`overdue-week-` for `overdue-week-3`, the number as `{0}`).
  public var deadlineLabels: [String: LocalizedText]
  /// How long its items stay once they are over (`ItemRetention`); the configured
  /// `sync.retention_days` unless it says.
  public var retention: ItemRetention
  /// For the kind whose items are the service's own notifications: how they pair with
  /// Outpost's, so that read on one device is read on the other (`NotificationMirror`).
  public var mirrorsNotifications: NotificationMirror?

  public init(
    _ kind: ItemKind, noun: String, appointment: Bool, subtitle: [String] = [],
    valueLabels: [String: [String: LocalizedText]] = [:], amount: AmountField? = nil,
    startReminders: Bool = false, eveningBefore: String? = nil, announcements: [ChangeAnnouncement] = [],
    followsCancellationOf: String? = nil, unreadKey: String? = nil, notificationButtons: [NotificationButton] = [],
    openAction: ActionType? = nil, categorySwitches: [String: String] = [:], switchAction: ActionType? = nil,
    retention: ItemRetention = .configured, mirrorsNotifications: NotificationMirror? = nil,
    nouns: LocalizedText? = nil, fields: [DetailField] = [], deadlineLabels: [String: LocalizedText] = [:],
    titles: [LocalizedText] = []
  ) {
    self.titles = titles
    self.deadlineLabels = deadlineLabels
    self.nouns = nouns
    self.fields = fields
    self.valueLabels = valueLabels
    self.retention = retention
    self.mirrorsNotifications = mirrorsNotifications
    self.categorySwitches = categorySwitches
    self.switchAction = switchAction
    self.notificationButtons = notificationButtons
    self.openAction = openAction
    self.eveningBefore = eveningBefore
    self.unreadKey = unreadKey
    self.kind = kind
    self.noun = noun
    self.appointment = appointment
    self.subtitle = subtitle
    self.amount = amount
    self.startReminders = startReminders
    self.announcements = announcements
    self.followsCancellationOf = followsCancellationOf
  }

  /// The details `subtitle(of:)` and `amount(of:)` read.
  public var displayKeys: Set<String> {
    Set(subtitle + [amount?.valueKey, amount?.currencyKey].compactMap { $0 })
  }

  public func noun(in language: Language) -> String { nouns?[language] ?? noun }

  /// The declared fields the item has, labelled in `language`, each value as text (a day or
  /// an instant as the service gave it, for the reader's client to write in its zone).
  public func labelledFields(of item: Item, in language: Language, except skipped: Set<String> = [])
    -> [(label: String, value: String, format: DetailField.Format)]
  {
    fields.compactMap { field in
      guard !skipped.contains(field.key), let value = item.details[field.key], value != .null else { return nil }
      let text: String
      switch (field.format, value) {
      case (.yesNo, .bool(let flag)): text = flag ? Self.yes[language] : Self.no[language]
      case (.metres, _):
        guard let metres = Self.text(value).flatMap(Double.init) else { return nil }
        let kilometres = (metres / 100).rounded() / 10
        text = (kilometres == kilometres.rounded() ? String(Int(kilometres)) : String(kilometres)) + " km"
      default:
        guard let plain = Self.text(value), !plain.isEmpty else { return nil }
        text = valueLabels[field.key]?[plain]?[language] ?? plain
      }
      return (field.label[language], text, field.format)
    }
  }

  /// The item's title in `language` from the first of `titles` whose details it has; its own
  /// title otherwise.
  public func title(of item: Item, in language: Language) -> String {
    for template in titles {
      var text = template[language]
      var complete = true
      while let open = text.firstIndex(of: "{"), let close = text[open...].firstIndex(of: "}") {
        let key = String(text[text.index(after: open)..<close])
        guard var value = Self.text(item.details[key]), !value.isEmpty else {
          complete = false
          break
        }
        // A measurement ("87.8") with the decimal separator of the language ("87,8").
        if case .double? = item.details[key] { value = NumberStyle.style(language, region: nil).decimal(value) }
        text.replaceSubrange(open...close, with: value)
      }
      if complete { return text }
    }
    return item.title
  }

  /// The details its calendar events are described with (`DetailField.inCalendar`).
  public var calendarKeys: [String] { fields.filter(\.inCalendar).map(\.key) }

  /// An event's description from the fields declared for calendars, "label: value" a line, in
  /// `language`; nil when the kind declares none (its connector's description stays).
  public func calendarDescription(of item: Item, in language: Language) -> String? {
    guard fields.contains(where: \.inCalendar) else { return nil }
    let calendar = ItemKindDeclaration(
      kind, noun: noun, appointment: appointment, valueLabels: valueLabels, fields: fields.filter(\.inCalendar))
    let lines = calendar.labelledFields(of: item, in: language).map { "\($0.label): \($0.value)" }
    return lines.isEmpty ? nil : lines.joined(separator: "\n")
  }

  /// The words for the deadline `name` in every language, nil when the kind gives none.
  public func deadlineLabel(_ name: String) -> LocalizedText? {
    // A stem ("overdue-week-") names numbered deadlines only, never one of its own.
    if !name.hasSuffix("-"), let label = deadlineLabels[name] { return label }
    let stem = name.reversed().drop(while: \.isNumber)
    guard stem.count < name.count, let label = deadlineLabels[String(stem.reversed())] else { return nil }
    let number = String(name.dropFirst(stem.count))
    func fill(_ text: String) -> String { text.replacing("{0}", with: number) }
    return LocalizedText(en: fill(label.en), de: fill(label.de), fr: fill(label.fr), it: fill(label.it))
  }

  static let yes = LocalizedText(en: "yes", de: "ja", fr: "oui", it: "sì")
  static let no = LocalizedText(en: "no", de: "nein", fr: "non", it: "no")

  /// The item's second line, from the declared details; nil when none of them is there.
  /// A detail that opens with the title says nothing new beside it (a reminder titled "Evening
  /// reading" whose body is "Evening reading — from your coach."): it is left out.
  public func subtitle(of item: Item, in language: Language = .en) -> String? {
    let parts = subtitle.compactMap { key -> String? in
      guard let text = Self.text(item.details[key]), !text.isEmpty, !text.hasPrefix(item.title) else { return nil }
      return valueLabels[key]?[text]?[language] ?? text
    }
    return parts.isEmpty ? nil : parts.joined(separator: ", ")
  }

  /// The item's amount and currency, when the kind has one and the item says it.
  public func amount(of item: Item) -> (value: String, currency: String)? {
    guard let amount, let value = Self.text(item.details[amount.valueKey]), !value.isEmpty else { return nil }
    let currency = amount.currencyKey.flatMap { Self.text(item.details[$0]) } ?? amount.currency
    return (value, currency)
  }

  private static func text(_ value: JSONValue?) -> String? {
    switch value {
    case .string(let text)?: text
    case .int(let number)?: String(number)
    case .double(let number)?: String(number)
    default: nil
    }
  }
}

/// Where an item's amount of money is: a decimal as text in `valueKey` (never a binary float),
/// in the currency `currencyKey` names or else `currency`.
public struct AmountField: Codable, Sendable, Equatable {
  public var valueKey: String
  public var currencyKey: String?
  /// ISO 4217, used when the item does not say (`CHF` for VolleyManager).
  public var currency: String

  public init(valueKey: String, currencyKey: String? = nil, currency: String) {
    self.valueKey = valueKey
    self.currencyKey = currencyKey
    self.currency = currency
  }
}
