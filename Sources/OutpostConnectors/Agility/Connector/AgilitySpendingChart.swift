import OutpostModel

/// `agility.spending`'s picture, drawn on the shared chart parts (an `SVGDocument` a browser
/// opens): a bar per category of the month's business expenses (`id="category-<n>"`, largest
/// first, with amount and share), then the income and expense trend, two columns a month
/// (`id="income-YYYY-MM"`, `id="expenses-YYYY-MM"`). Words, months and money in the reader's.
struct AgilitySpendingChart {
  let spending: AgilitySpending
  let locale: ViewLocale

  init(_ spending: AgilitySpending, locale: ViewLocale) {
    self.spending = spending
    self.locale = locale
  }

  // Layout (user units): category labels end at x 220, their bars span 230–590; the trend's
  // plot is 160 high, its columns share 60–740.
  static let width = 800
  static let labelRight = 220.0
  static let barLeft = 230.0
  static let barWidth = 360.0
  static let row = 20.0
  static let trendHeight = 160.0
  static let trendLeft = 60.0
  static let trendWidth = 680.0

  func money(_ cents: Int64) -> String { AgilityMoney.display(cents, locale.numbers) }

  var title: String {
    locale.say(Words.title, locale.month(year: spending.year, month: spending.month))
  }

  var svg: String {
    let rows = max(1, spending.slices.count)
    let trendTop = 50 + Double(rows) * Self.row + 50
    let height = Int(trendTop + Self.trendHeight + 60)
    var document = SVGDocument(width: Self.width, height: height, title: title)
    document.text(
      locale.say(Words.total, money(spending.totalCents)), x: Self.trendLeft, y: 36, extra: "fill=\"#555555\"")
    categories(&document, top: 50)
    trend(&document, top: trendTop)
    return document.rendered
  }

  func categories(_ document: inout SVGDocument, top: Double) {
    guard let largest = spending.slices.first?.cents, largest > 0 else {
      document.text(locale.say(Words.none), x: Self.barLeft, y: top + 14)
      return
    }
    for (index, slice) in spending.slices.enumerated() {
      let y = top + Double(index) * Self.row
      let length = Double(slice.cents) / Double(largest) * Self.barWidth
      document.text(slice.name, x: Self.labelRight, y: y + 14, anchor: "end")
      document.rect(id: "category-\(index + 1)", x: Self.barLeft, y: y + 3, width: length, height: 14, fill: "#3182bd")
      let share = locale.numbers.decimal(spending.share(slice)) + " %"
      document.text("\(money(slice.cents))  \(share)", x: Self.barLeft + length + 6, y: y + 14)
    }
  }

  func trend(_ document: inout SVGDocument, top: Double) {
    document.text(locale.say(Words.trend, "\(spending.trend.count)"), x: Self.trendLeft, y: top - 14)
    let bottom = top + Self.trendHeight
    let largest = spending.trend.map { max($0.incomeCents, $0.expenseCents) }.max() ?? 0
    document.gridLine(x1: Self.trendLeft, y1: bottom, x2: Self.trendLeft + Self.trendWidth, y2: bottom)
    if largest > 0 {
      document.gridLine(x1: Self.trendLeft, y1: top, x2: Self.trendLeft + Self.trendWidth, y2: top)
      document.text(money(largest), x: Self.trendLeft - 4, y: top + 4, anchor: "end", extra: "font-size=\"9\"")
    }
    let column = Self.trendWidth / Double(max(1, spending.trend.count))
    let bar = min(28, column / 3)
    for (index, entry) in spending.trend.enumerated() {
      let centre = Self.trendLeft + (Double(index) + 0.5) * column
      for (offset, cents, id, fill) in [
        (-bar, max(0, entry.incomeCents), "income-\(entry.key)", "#41ab5d"),
        (0.0, entry.expenseCents, "expenses-\(entry.key)", "#ef3b2c"),
      ] {
        let height = largest > 0 ? Double(cents) / Double(largest) * Self.trendHeight : 0
        document.rect(id: id, x: centre + offset, y: bottom - height, width: bar, height: height, fill: fill)
      }
      // A month's name while there is room for it, else 07/26.
      let label =
        spending.trend.count <= 8
        ? locale.month(year: entry.year, month: entry.month)
        : (entry.month < 10 ? "0" : "") + "\(entry.month)/\(entry.year % 100 < 10 ? "0" : "")\(entry.year % 100)"
      document.text(label, x: centre, y: bottom + 16, anchor: "middle", extra: "font-size=\"10\"")
    }
    let legend = bottom + 38
    document.rect(x: Self.trendLeft, y: legend - 9, width: 10, height: 10, fill: "#41ab5d")
    document.text(locale.say(Words.income), x: Self.trendLeft + 14, y: legend)
    document.rect(x: Self.trendLeft + 120, y: legend - 9, width: 10, height: 10, fill: "#ef3b2c")
    document.text(locale.say(Words.expenses), x: Self.trendLeft + 134, y: legend)
  }

  /// The chart's words.
  enum Words {
    static let title = LocalizedText(
      en: "Business expenses by category, {0}", de: "Geschäftsausgaben nach Kategorie, {0}",
      fr: "Dépenses professionnelles par catégorie, {0}", it: "Spese aziendali per categoria, {0}")
    static let total = LocalizedText(en: "In all {0}", de: "Insgesamt {0}", fr: "En tout {0}", it: "In tutto {0}")
    static let none = LocalizedText(
      en: "No business expenses this month", de: "Keine Geschäftsausgaben in diesem Monat",
      fr: "Aucune dépense professionnelle ce mois-ci", it: "Nessuna spesa aziendale questo mese")
    static let trend = LocalizedText(
      en: "Income and expenses, the last {0?month|{0} months}",
      de: "Einnahmen und Ausgaben, {0?der letzte Monat|die letzten {0} Monate}",
      fr: "Recettes et dépenses, {0?le dernier mois|les {0} derniers mois}",
      it: "Entrate e spese, {0?l'ultimo mese|gli ultimi {0} mesi}")
    static let income = LocalizedText(en: "income", de: "Einnahmen", fr: "recettes", it: "entrate")
    static let expenses = LocalizedText(en: "expenses", de: "Ausgaben", fr: "dépenses", it: "spese")
  }
}
