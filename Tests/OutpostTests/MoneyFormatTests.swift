import OutpostModel
import Testing

/// Money as each user writes it (issue 48 §1): a freelancer reading `outpost agility` in German
/// saw "$19,169.95" beside "03.12.2026".
@Suite struct MoneyFormatTests {
  func money(_ language: Language, _ region: String?, negative: Bool = false) -> String {
    NumberStyle.style(language, region: region).money(
      negative: negative, whole: "19169", fraction: "95", symbol: "$")
  }

  @Test func eachLocaleGroupsAndPlacesTheSignItsOwnWay() {
    #expect(money(.en, nil) == "$19,169.95")
    #expect(money(.en, "US", negative: true) == "−$19,169.95")
    #expect(money(.de, "DE") == "19.169,95\u{00A0}$")
    #expect(money(.de, "CH") == "$ 19’169.95")
    #expect(money(.it, "IT", negative: true) == "−19.169,95\u{00A0}$")
    #expect(money(.it, "CH") == "$ 19’169.95")
    #expect(money(.fr, "FR") == "19\u{202F}169,95\u{00A0}$")
    #expect(money(.fr, "CH") == "19\u{202F}169,95\u{00A0}$")
  }

  @Test func smallAmountsHaveNoGroupSeparator() {
    let style = NumberStyle.style(.de, region: nil)
    #expect(style.money(negative: false, whole: "0", fraction: "05", symbol: "$") == "0,05\u{00A0}$")
    #expect(style.money(negative: false, whole: "999", fraction: "00", symbol: "$") == "999,00\u{00A0}$")
    #expect(style.money(negative: false, whole: "1000", fraction: "00", symbol: "$") == "1.000,00\u{00A0}$")
  }

  @Test func anAmountAsDecimalTextIsWrittenWithItsCurrency() {
    #expect(NumberStyle.style(.en, region: nil).money(decimal: "-2500.00", currency: "USD") == "−$2,500.00")
    #expect(NumberStyle.style(.de, region: "DE").money(decimal: "-2500.00", currency: "USD") == "−2.500,00\u{00A0}$")
    #expect(NumberStyle.style(.de, region: "CH").money(decimal: "60.00", currency: "CHF") == "CHF 60.00")
    #expect(NumberStyle.style(.en, region: nil).money(decimal: "60.00", currency: "CHF") == "CHF 60.00")
    #expect(NumberStyle.style(.fr, region: "FR").money(decimal: "60.5", currency: "CHF") == "60,5\u{00A0}CHF")
    #expect(NumberStyle.style(.de, region: "DE").money(decimal: "n/a", currency: "CHF") == "CHF n/a")
  }

  /// A view's reader travels as parameters; the decimal alone made a French bar German.
  @Test func theWholeNumberStyleTravelsWithAView() {
    for (language, region) in [(Language.fr, "FR"), (.de, "CH"), (.de, "DE"), (.en, "US")] {
      let reader = ViewLocale(language: language, numbers: NumberStyle.style(language, region: region))
      #expect(ViewLocale(params: reader.params).numbers == reader.numbers, "\(language)-\(region)")
    }
  }
}
