import Foundation
import OutpostConnectors
import OutpostModel
import Testing

#if canImport(FoundationXML)
  import FoundationXML
#endif

/// Collects the SVG's elements by id, and the title text (every chart test reads it).
final class SVGCollector: NSObject, XMLParserDelegate {
  var elements: [String: (name: String, attributes: [String: String])] = [:]
  var names: [String] = []
  var title = ""
  private var inTitle = false

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName qName: String?,
    attributes attributeDict: [String: String] = [:]
  ) {
    names.append(elementName)
    if let id = attributeDict["id"] { elements[id] = (elementName, attributeDict) }
    inTitle = elementName == "title"
  }

  func parser(
    _ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName qName: String?
  ) {
    inTitle = false
  }

  func parser(_ parser: XMLParser, foundCharacters string: String) {
    if inTitle { title += string }
  }
}

@Suite struct GlucosePicturesTests {
  typealias F = GlucoseFixtures

  @Test func sparklineHasTheWidthAndShapeOfTheMorning() {
    // Midnight to 06:00 at 60 mg/dL, 06:00 to noon at 200; now is noon; 24 columns of an hour.
    let values = Array(repeating: 60.0, count: 72) + Array(repeating: 200.0, count: 72)
    let readings = F.regular(from: F.juneFirst, values: values)
    let spark = GlucoseSparkline.today(
      readings: readings, now: F.juneFirst + 12 * 3_600, timeZone: F.utc, columns: 24)
    #expect(spark.curve.count == 24)
    #expect(spark.bands.count == 24)
    #expect(
      spark.curve == String(repeating: "▂", count: 6) + String(repeating: "▆", count: 6)
        + String(repeating: " ", count: 12))
    #expect(
      spark.bands == String(repeating: "L", count: 6) + String(repeating: "H", count: 6)
        + String(repeating: " ", count: 12))
  }

  @Test func sparklineBlocksFollowTheBands() {
    let cases: [(Double, Character)] = [
      (53.9, "▁"), (54, "▂"), (69.9, "▂"), (70, "▃"), (99.9, "▃"), (100, "▄"), (140, "▅"), (180, "▅"),
      (180.1, "▆"), (215, "▆"), (250, "▇"), (250.1, "█"),
    ]
    for (value, block) in cases { #expect(GlucoseSparkline.block(mgdl: value) == block, "\(value)") }
    #expect(GlucoseSparkline.marker(mgdl: 180) == "-")
    #expect(GlucoseSparkline.marker(mgdl: 69.9) == "L")
  }

  @Test func sparklineSpansTheTwentyThreeHourDay() {
    // Each elapsed hour of 2026-03-29 in Zurich has its own level; 23 columns are one hour each.
    let values = (0..<(23 * 12)).map { 40 + 10 * Double($0 / 12) }
    let readings = F.regular(from: F.zurichSpringForward, values: values)
    let now = F.zurichSpringForward + 23 * 3_600 - 60
    let spark = GlucoseSparkline.today(readings: readings, now: now, timeZone: F.zurich, columns: 23)
    let expected = String((0..<23).map { GlucoseSparkline.block(mgdl: 40 + 10 * Double($0)) })
    #expect(spark.curve == expected)
    #expect(!spark.curve.contains(" "))
  }

  /// Three days of 15-minute readings; each bin's values are v, v+10, v+20 with v = 100 + bin/2.
  func threeDays() -> (readings: [GlucoseReading], now: Date) {
    var readings: [GlucoseReading] = []
    for day in 0..<3 {
      for bin in 0..<96 {
        let at = F.juneFirst + Double(day * 86_400 + bin * 900)
        readings.append(F.reading(at, 100 + Double(bin) / 2 + Double(10 * day)))
      }
    }
    return (readings, F.juneFirst + 3 * 86_400)
  }

  @Test func profilePercentilesByTimeOfDay() throws {
    let (readings, now) = threeDays()
    let bins = GlucoseAGP.profile(readings: readings, now: now, timeZone: F.utc, days: 3)
    #expect(bins.count == 96)
    let first = try #require(bins[0])
    #expect(first.count == 3)
    #expect(first.p50 == 110)
    #expect(first.p25 == 105)
    #expect(first.p75 == 115)
    #expect(abs(first.p5 - 101) < 1e-9)
    #expect(abs(first.p95 - 119) < 1e-9)
    #expect(try #require(bins[95]).p50 == 110 + 47.5)
    // Local time of day: in Zurich (UTC+2 in June) the UTC-midnight readings fall in the 02:00 bin.
    let zurich = GlucoseAGP.profile(readings: readings, now: now, timeZone: F.zurich, days: 3)
    #expect(try #require(zurich[8]).p50 == 110)
  }

  @Test func agpIsValidSVGWithTheBands() throws {
    let (readings, now) = threeDays()
    let svg = GlucoseAGP.svg(readings: readings, now: now, timeZone: F.utc, days: 3, title: "Ana's <AGP> & more")
    let collector = SVGCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(collector.names.first == "svg")
    #expect(collector.title == "Ana's <AGP> & more")
    #expect(!svg.contains("http://www.w3.org/1999/xlink"))
    #expect(!svg.contains("href"))

    // The 70–180 band: y(180) = 270 − 180/400·240 = 162, y(70) = 228.
    let target = try #require(collector.elements["target-band"])
    #expect(target.attributes["y"] == "162.0")
    #expect(target.attributes["height"] == "66.0")
    // The median starts at bin 0's centre (x 62.9) at 110 mg/dL (y 204.0) and has 96 points.
    let median = try #require(collector.elements["median"]?.attributes["d"])
    #expect(median.hasPrefix("M62.9 204.0 L"))
    #expect(median.contains("L74.6 203.4 L"))
    #expect(median.split(separator: "L").count == 96)
    // 25–75 % is a closed shape over 96 bins each way, starting at 115 mg/dL (y 201.0).
    let inner = try #require(collector.elements["band-25-75"]?.attributes["d"])
    #expect(inner.hasPrefix("M62.9 201.0"))
    #expect(inner.hasSuffix("Z"))
    #expect(inner.split(separator: "L").count == 192)
    let outer = try #require(collector.elements["band-5-95"]?.attributes["d"])
    #expect(outer.hasPrefix("M62.9 198.6"))
    // Everything is in range: the in-range bar is the full 240, the others empty.
    #expect(collector.elements["tir-in_range"]?.attributes["height"] == "240.0")
    #expect(collector.elements["tir-very_low"]?.attributes["height"] == "0.0")
    #expect(collector.elements["tir-very_high"]?.attributes["height"] == "0.0")
    #expect(svg.contains("in range 100.0 %"))
    #expect(svg.contains(">00:00<") && svg.contains(">24:00<") && svg.contains(">180<"))
  }

  @Test func agpIsDrawnInTheReadersWords() throws {
    let (readings, now) = threeDays()
    let german = GlucoseAGP.svg(
      readings: readings, now: now, timeZone: F.utc, days: 3, locale: ViewLocale(language: .de))
    #expect(german.contains("Ambulantes Glukoseprofil, 3 Tage"))
    #expect(german.contains(">Zeit im Zielbereich<"))
    #expect(german.contains("im Zielbereich 100,0 %") && german.contains("sehr niedrig 0,0 %"))
    for english in ["Ambulatory", "Time in range", "in range", "very low", "100.0"] {
      #expect(!german.contains(english), "\(english) in the German chart")
    }
    let french = GlucoseAGP.svg(
      readings: readings, now: now, timeZone: F.utc, days: 3, locale: ViewLocale(language: .fr))
    #expect(french.contains("dans la cible 100,0 %") && french.contains("Profil glycémique ambulatoire, 3 jours"))
  }

  @Test func agpBreaksPathsWhereBinsHaveNoData() throws {
    // Readings only from 00:00 to 02:00 and from 12:00 to 14:00.
    let (readings, now) = threeDays()
    let kept = readings.filter {
      let bin = Int($0.measuredAt.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)) / 900
      return bin < 8 || (48..<56).contains(bin)
    }
    let svg = GlucoseAGP.svg(readings: kept, now: now, timeZone: F.utc, days: 3)
    let collector = SVGCollector()
    let parser = XMLParser(data: Data(svg.utf8))
    parser.delegate = collector
    #expect(parser.parse())
    let median = try #require(collector.elements["median"]?.attributes["d"])
    #expect(median.split(separator: "M").count == 2)
    #expect(collector.title == "Ambulatory glucose profile, 3 days")
  }
}
