import Foundation
import OutpostModel

/// An ambulatory glucose profile: CGM readings of the last `days` days folded onto one local day
/// in 96 fifteen-minute bins, with the 5th, 25th, 50th, 75th and 95th percentiles of each bin
/// (linear interpolation, unweighted, as the AGP report does).
public struct GlucoseAGPBin: Sendable, Equatable {
  public var count: Int
  public var p5: Double
  public var p25: Double
  public var p50: Double
  public var p75: Double
  public var p95: Double
}

public enum GlucoseAGP {
  public static let binCount = 96
  public static let binSeconds = 86_400 / 96

  /// One entry per bin, nil where no reading fell. A reading's bin is its local wall-clock time of
  /// day in `timeZone`.
  public static func profile(readings: [GlucoseReading], now: Date, timeZone: TimeZone, days: Int = 14)
    -> [GlucoseAGPBin?]
  {
    let series = GlucoseSeries(
      readings: readings, from: now.addingTimeInterval(-Double(max(1, days)) * 86_400), through: now)
    var values = [[Double]](repeating: [], count: binCount)
    for index in series.times.indices {
      let instant = series.times[index]
      let offset = Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: instant)))
      var secondOfDay = (instant + offset).truncatingRemainder(dividingBy: 86_400)
      if secondOfDay < 0 { secondOfDay += 86_400 }
      values[min(binCount - 1, Int(secondOfDay) / binSeconds)].append(series.values[index])
    }
    return values.map { bin in
      guard !bin.isEmpty else { return nil }
      let sorted = bin.sorted()
      return GlucoseAGPBin(
        count: sorted.count, p5: percentile(sorted, 0.05), p25: percentile(sorted, 0.25),
        p50: percentile(sorted, 0.5), p75: percentile(sorted, 0.75), p95: percentile(sorted, 0.95))
    }
  }

  /// Linear interpolation between closest ranks of an ascending, non-empty array.
  public static func percentile(_ sorted: [Double], _ fraction: Double) -> Double {
    let position = fraction * Double(sorted.count - 1)
    let lower = Int(position.rounded(.down))
    let upper = min(sorted.count - 1, lower + 1)
    return sorted[lower] + (sorted[upper] - sorted[lower]) * (position - Double(lower))
  }

  // Layout (user units): the plot spans x 60–620 (560 for 24 h) and y 30–270 (240 for 0–400 mg/dL,
  // values above 400 are drawn at 400); the time-in-range bar sits at x 660–700.
  static let plotLeft = 60.0
  static let plotWidth = 560.0
  static let plotTop = 30.0
  static let plotBottom = 270.0
  static let scaleMaximum = 400.0
  static let barLeft = 660.0
  static let barWidth = 40.0

  /// x of a bin's centre.
  public static func x(bin: Int) -> Double { plotLeft + (Double(bin) + 0.5) * plotWidth / Double(binCount) }
  /// y of a value in mg/dL.
  public static func y(mgdl value: Double) -> Double {
    plotBottom - min(max(value, 0), scaleMaximum) / scaleMaximum * (plotBottom - plotTop)
  }

  /// A standalone SVG document (an `SVGDocument`: no external resources, text escaped): the shaded 70–180 target
  /// band (`id="target-band"`), the 5–95 % band (`id="band-5-95"`), the 25–75 % band
  /// (`id="band-25-75"`), the median (`id="median"`), axis labels, and a time-in-range stacked bar
  /// (`id="tir-<band>"`, very low at the bottom) with its percentages. Bins without data break the
  /// paths.
  /// Its words and decimals are the reader's (`locale`).
  public static func svg(
    readings: [GlucoseReading], now: Date, timeZone: TimeZone, days: Int = 14, title: String? = nil,
    locale: ViewLocale = ViewLocale()
  ) -> String {
    let bins = profile(readings: readings, now: now, timeZone: timeZone, days: days)
    let series = GlucoseSeries(
      readings: readings, from: now.addingTimeInterval(-Double(max(1, days)) * 86_400), through: now)
    let metrics = GlucoseWindowMetrics.compute(
      series: series, start: now.addingTimeInterval(-Double(max(1, days)) * 86_400), end: now, reportsGMI: false)
    let heading = title ?? locale.say(Words.heading, "\(days)")

    var document = SVGDocument(width: 800, height: 320, title: heading)
    var svg = ""
    // Target band and plot frame.
    let bandTop = y(mgdl: 180)
    let bandBottom = y(mgdl: 70)
    svg += "<rect id=\"target-band\" x=\"\(n(plotLeft))\" y=\"\(n(bandTop))\" width=\"\(n(plotWidth))\" "
    svg += "height=\"\(n(bandBottom - bandTop))\" fill=\"#dff3e0\"/>\n"
    svg += "<rect x=\"\(n(plotLeft))\" y=\"\(n(plotTop))\" width=\"\(n(plotWidth))\" "
    svg += "height=\"\(n(plotBottom - plotTop))\" fill=\"none\" stroke=\"#999999\"/>\n"
    // Axes.
    for value in [54.0, 70, 180, 250, 350] {
      let lineY = n(y(mgdl: value))
      svg += "<line x1=\"\(n(plotLeft))\" y1=\"\(lineY)\" x2=\"\(n(plotLeft + plotWidth))\" y2=\"\(lineY)\" "
      svg += "stroke=\"#cccccc\" stroke-dasharray=\"3,3\"/>\n"
      svg += "<text x=\"\(n(plotLeft - 6))\" y=\"\(n(y(mgdl: value) + 4))\" text-anchor=\"end\">\(Int(value))</text>\n"
    }
    svg += "<text x=\"14\" y=\"\(n((plotTop + plotBottom) / 2))\" "
    svg += "transform=\"rotate(-90 14 \(n((plotTop + plotBottom) / 2)))\" text-anchor=\"middle\">mg/dL</text>\n"
    for hour in stride(from: 0, through: 24, by: 3) {
      let tickX = n(plotLeft + Double(hour) / 24 * plotWidth)
      let label = hour < 10 ? "0\(hour):00" : "\(hour):00"
      svg += "<text x=\"\(tickX)\" y=\"\(n(plotBottom + 16))\" text-anchor=\"middle\">\(label)</text>\n"
    }
    // Percentile bands and the median.
    let outer = bandPath(bins, upper: \.p95, lower: \.p5)
    let inner = bandPath(bins, upper: \.p75, lower: \.p25)
    let median = linePath(bins, \.p50)
    svg += "<path id=\"band-5-95\" d=\"\(outer)\" fill=\"#9ecae1\" fill-opacity=\"0.5\" stroke=\"none\"/>\n"
    svg += "<path id=\"band-25-75\" d=\"\(inner)\" fill=\"#3182bd\" fill-opacity=\"0.6\" stroke=\"none\"/>\n"
    svg += "<path id=\"median\" d=\"\(median)\" fill=\"none\" stroke=\"#08306b\" stroke-width=\"2\"/>\n"
    // Time-in-range bar.
    svg += tirBar(metrics.pct, locale: locale)
    document.append(svg)
    return document.rendered
  }

  static func tirBar(_ pct: GlucoseBandPercents?, locale: ViewLocale) -> String {
    let colours: [GlucoseBand: String] = [
      .veryLow: "#a50f15", .low: "#ef3b2c", .inRange: "#41ab5d", .high: "#fdae61", .veryHigh: "#f46d43",
    ]
    var text = "<g id=\"tir-bar\">\n"
    text += "<text x=\"\(n(barLeft))\" y=\"\(n(plotTop - 8))\">\(escape(locale.say(Words.timeInRange)))</text>\n"
    var bottom = plotBottom
    let height = plotBottom - plotTop
    for band in GlucoseBand.allCases {
      let share = pct?[band] ?? 0
      let barHeight = share / 100 * height
      let top = bottom - barHeight
      text += "<rect id=\"tir-\(band.jsonKey)\" x=\"\(n(barLeft))\" y=\"\(n(top))\" width=\"\(n(barWidth))\" "
      text += "height=\"\(n(barHeight))\" fill=\"\(colours[band]!)\"/>\n"
      bottom = top
    }
    // Labels in a fixed column, very high on top.
    for (row, band) in GlucoseBand.allCases.reversed().enumerated() {
      let share =
        pct.map {
          GlucoseDisplay.tenthsText($0[band]).replacing(".", with: locale.numbers.decimalSeparator) + " %"
        } ?? "–"
      let labelY = plotTop + 14 + Double(row) * 18
      text += "<text x=\"\(n(barLeft + barWidth + 6))\" y=\"\(n(labelY))\">"
      text += "\(escape(locale.say(Words.bands[band]!))) \(escape(share))</text>\n"
    }
    return text + "</g>\n"
  }

  /// Contiguous runs of bins that have data.
  static func runs(_ bins: [GlucoseAGPBin?]) -> [[(Int, GlucoseAGPBin)]] {
    var runs: [[(Int, GlucoseAGPBin)]] = []
    var current: [(Int, GlucoseAGPBin)] = []
    for (index, bin) in bins.enumerated() {
      if let bin {
        current.append((index, bin))
      } else if !current.isEmpty {
        runs.append(current)
        current = []
      }
    }
    if !current.isEmpty { runs.append(current) }
    return runs
  }

  static func linePath(_ bins: [GlucoseAGPBin?], _ key: KeyPath<GlucoseAGPBin, Double>) -> String {
    runs(bins).map { run in
      run.enumerated().map { offset, entry in
        "\(offset == 0 ? "M" : "L")\(n(x(bin: entry.0))) \(n(y(mgdl: entry.1[keyPath: key])))"
      }.joined(separator: " ")
    }.joined(separator: " ")
  }

  static func bandPath(
    _ bins: [GlucoseAGPBin?], upper: KeyPath<GlucoseAGPBin, Double>, lower: KeyPath<GlucoseAGPBin, Double>
  ) -> String {
    runs(bins).map { run in
      let top = run.enumerated().map { offset, entry in
        "\(offset == 0 ? "M" : "L")\(n(x(bin: entry.0))) \(n(y(mgdl: entry.1[keyPath: upper])))"
      }
      let bottom = run.reversed().map { entry in "L\(n(x(bin: entry.0))) \(n(y(mgdl: entry.1[keyPath: lower])))" }
      return (top + bottom + ["Z"]).joined(separator: " ")
    }.joined(separator: " ")
  }

  /// A coordinate to one decimal ("60.0", "228.0"), as every chart writes it.
  static func n(_ value: Double) -> String { SVGDocument.number(value) }

  /// XML text and attribute escaping.
  public static func escape(_ text: String) -> String { SVGDocument.escape(text) }
}

extension GlucoseAGP {
  /// The chart's words in the reader's language (the AGP's own terms, as each language's
  /// diabetes care writes them).
  enum Words {
    static let heading = LocalizedText(
      en: "Ambulatory glucose profile, {0} days", de: "Ambulantes Glukoseprofil, {0} Tage",
      fr: "Profil glycémique ambulatoire, {0} jours", it: "Profilo glicemico ambulatoriale, {0} giorni")
    static let timeInRange = LocalizedText(
      en: "Time in range", de: "Zeit im Zielbereich", fr: "Temps dans la cible", it: "Tempo nel range")
    static let bands: [GlucoseBand: LocalizedText] = [
      .veryLow: LocalizedText(en: "very low", de: "sehr niedrig", fr: "très bas", it: "molto basso"),
      .low: LocalizedText(en: "low", de: "niedrig", fr: "bas", it: "basso"),
      .inRange: LocalizedText(en: "in range", de: "im Zielbereich", fr: "dans la cible", it: "nel range"),
      .high: LocalizedText(en: "high", de: "hoch", fr: "élevé", it: "alto"),
      .veryHigh: LocalizedText(en: "very high", de: "sehr hoch", fr: "très élevé", it: "molto alto"),
    ]
  }
}
