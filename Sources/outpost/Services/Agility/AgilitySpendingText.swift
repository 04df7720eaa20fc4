import OutpostModel

/// `outpost agility spending` in a terminal: a bar per category (largest first, as long as its
/// share of the largest), then income and expenses month by month on one scale. Bars are
/// block characters in eighths, so 30 columns tell 240 steps apart.
enum AgilitySpendingText {
  static let barColumns = 30

  static func lines(_ answer: JSONValue) -> [String] {
    let month = answer["month"]?.stringValue ?? ""
    let named = ItemText.month(iso: month)
    var lines: [String] = []
    let categories = list(answer["categories"])
    if categories.isEmpty {
      lines.append(localized(.agilitySpendingNone, named))
    } else {
      lines.append(localized(.agilitySpendingHeader, named, AgilityText.money(answer["expenses"])))
      let largest = categories.compactMap { cents($0["amount"]) }.max() ?? 0
      let width = min(28, categories.map { ($0["name"]?.stringValue ?? "").count }.max() ?? 0)
      for category in categories {
        let name = category["name"]?.stringValue ?? "?"
        let bar = self.bar(cents(category["amount"]) ?? 0, of: largest)
        let share = numberStyle.decimal(category["share"]?.stringValue ?? "0.0") + " %"
        lines.append(
          "  " + padded(name, width) + "  " + padded(bar, barColumns) + "  "
            + padded(AgilityText.money(category["amount"]), 12, leading: true) + "  " + share)
      }
    }
    let uncategorised = answer["uncategorised"]
    if let count = uncategorised?["count"]?.int64Value, count > 0 {
      let command = "outpost agility transactions --month \(month) --uncategorised"
      lines.append(
        "  "
          + localized(.agilitySpendingUncategorised, AgilityText.money(uncategorised?["amount"]), "\(count)", command))
    }
    let personal = answer["notBusiness"]
    if let count = personal?["count"]?.int64Value, count > 0 {
      lines.append("  " + localized(.agilitySpendingNotBusiness, AgilityText.money(personal?["amount"]), "\(count)"))
    }
    let trend = list(answer["trend"])
    guard !trend.isEmpty else { return lines }
    lines.append("")
    lines.append(localized(.agilitySpendingTrendHeader, "\(trend.count)"))
    let largest = trend.flatMap { [cents($0["income"]) ?? 0, cents($0["expenses"]) ?? 0] }.max() ?? 0
    let names = trend.map { ItemText.month(iso: $0["month"]?.stringValue ?? "") }
    let width = names.map(\.count).max() ?? 0
    let words = [localized(.agilitySpendingIn), localized(.agilitySpendingOut)]
    let wordWidth = words.map(\.count).max() ?? 0
    for (entry, name) in zip(trend, names) {
      for (index, key) in ["income", "expenses"].enumerated() {
        var line = "  " + padded(index == 0 ? name : "", width) + "  " + padded(words[index], wordWidth) + " "
        line += padded(bar(max(0, cents(entry[key]) ?? 0), of: largest), barColumns) + "  "
        line += padded(AgilityText.money(entry[key]), 12, leading: true)
        if index == 1 { line += "  (" + AgilityText.signed(entry["profit"]) + ")" }
        lines.append(line)
      }
    }
    return lines
  }

  /// `value` of `largest` as a bar of up to `barColumns` columns; a value above zero shows at
  /// least a sliver.
  static func bar(_ value: Int64, of largest: Int64) -> String {
    guard largest > 0, value > 0 else { return "" }
    let eighths = max(1, Int((Double(value) / Double(largest) * Double(barColumns * 8)).rounded()))
    let partial = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"]
    return String(repeating: "█", count: eighths / 8) + partial[eighths % 8]
  }

  /// Cents of exact decimal text ("1234.56"), for the bars' lengths only.
  static func cents(_ value: JSONValue?) -> Int64? {
    guard let text = value?.stringValue else { return nil }
    let negative = text.hasPrefix("-")
    let parts = text.drop { $0 == "-" }.split(separator: ".", omittingEmptySubsequences: false)
    guard let whole = parts.first.flatMap({ Int64($0) }) else { return nil }
    let fraction = parts.count > 1 ? Int64(String((String(parts[1]) + "00").prefix(2))) ?? 0 : 0
    return (whole * 100 + fraction) * (negative ? -1 : 1)
  }

  static func list(_ value: JSONValue?) -> [JSONValue] {
    if case .array(let entries)? = value { return entries }
    return []
  }

  static func padded(_ text: String, _ width: Int, leading: Bool = false) -> String {
    let fill = String(repeating: " ", count: max(0, width - text.count))
    return leading ? fill + text : text + fill
  }
}
