/// A piece of news a connector's kind of item gives when a sync changes it: "New assignment:
/// …", "Your exchange offer was taken: …". The daemon matches every recorded change against
/// the kind's announcements, so notifications need no code per service.
public struct ChangeAnnouncement: Codable, Sendable, Equatable {
  /// What happened to the item.
  public enum Occasion: Codable, Sendable, Equatable {
    /// The service lists it for the first time (never on an account's first sync).
    case new
    /// The service called it off.
    case cancelled
    /// One of these fields changed (`time`, `venue`, `status`, `title`, `details`, as
    /// `ItemChange.fields` names them).
    case changed(fields: [String])
    /// The service no longer lists it, or it is no longer active (taken, closed, applied for).
    case gone
  }

  /// The notification category (`new-assignment`); users mute it by this name.
  public var category: String
  public var occasions: [Occasion]
  /// Only items whose details hold these values (`"mine": true`): other people's exchange
  /// offers come and go all day.
  public var onlyWhen: [String: JSONValue]
  /// The notification's summary; `{0}` is the item's title.
  public var summary: LocalizedText
  /// When more than a few come in one sync, one notification says so; `{0}` is the count.
  public var grouped: LocalizedText?
  /// News about an appointment is told only until its end, unless this is set: news that
  /// comes after it by nature (a shoot's photos delivered) is told whenever it comes.
  public var evenAfterEnd: Bool
  /// The label of the notification's Open button ("Open photos"); nil for the usual "Open".
  public var openLabel: LocalizedText?
  /// A detail whose value heads the notification, the summary then being its text (the
  /// Agile Network's "John Doe" over "New video: Footwork Drills"); nil: the summary heads it.
  public var headline: String?

  public init(
    category: String, on occasions: [Occasion], onlyWhen: [String: JSONValue] = [:], summary: LocalizedText,
    grouped: LocalizedText? = nil, evenAfterEnd: Bool = false, openLabel: LocalizedText? = nil,
    headline: String? = nil
  ) {
    self.headline = headline
    self.category = category
    self.occasions = occasions
    self.onlyWhen = onlyWhen
    self.summary = summary
    self.grouped = grouped
    self.evenAfterEnd = evenAfterEnd
    self.openLabel = openLabel
  }

  /// Whether a change of `field` can be this news.
  public func watches(_ field: String) -> Bool {
    occasions.contains { if case .changed(let fields) = $0 { fields.contains(field) } else { false } }
  }

  /// Whether `change` to `item` is news of this kind, and the fields that made it so.
  public func matches(_ change: ItemChange, _ item: Item) -> Bool {
    for (key, value) in onlyWhen where item.details[key] != value { return false }
    return occasions.contains { occasion in
      switch (occasion, change.change) {
      case (.new, .new), (.cancelled, .cancelled), (.gone, .removed): true
      case (.changed(let fields), .changed): fields.contains { change.fields.contains($0) }
      case (.gone, .changed): item.status != .active
      default: false
      }
    }
  }
}
