/// What every chart a store view draws is made of (a profile, a breakdown by category): a
/// standalone SVG document with no external resource (no link, no font, no script), its text
/// escaped, its coordinates written to one decimal so the same data gives the same bytes.
public struct SVGDocument {
  public let width: Int
  public let height: Int
  private var body = ""

  /// An empty white page of `width` × `height` user units, titled `title` (the `<title>` a
  /// browser shows in its tab, and the heading in the top left corner).
  public init(width: Int, height: Int, title: String) {
    self.width = width
    self.height = height
    body += "<title>\(Self.escape(title))</title>\n"
    body += "<rect width=\"\(width)\" height=\"\(height)\" fill=\"#ffffff\"/>\n"
    body += #"<text x="60" y="18" font-size="13">\#(Self.escape(title))</text>"# + "\n"
  }

  /// Markup written as it is: the caller escapes what it puts in (`escape`, `number`).
  public mutating func append(_ markup: String) { body += markup }

  /// A filled rectangle, with an `id` when tests or stylesheets look for it.
  public mutating func rect(
    id: String? = nil, x: Double, y: Double, width: Double, height: Double, fill: String, extra: String = ""
  ) {
    let identifier = id.map { "id=\"\(Self.escape($0))\" " } ?? ""
    body += "<rect \(identifier)x=\"\(Self.number(x))\" y=\"\(Self.number(y))\" width=\"\(Self.number(width))\" "
    body += "height=\"\(Self.number(max(0, height)))\" fill=\"\(fill)\"\(extra.isEmpty ? "" : " " + extra)/>\n"
  }

  /// A label at (x, y); `anchor` is `start`, `middle` or `end`.
  public mutating func text(_ text: String, x: Double, y: Double, anchor: String = "start", extra: String = "") {
    body += "<text x=\"\(Self.number(x))\" y=\"\(Self.number(y))\""
    if anchor != "start" { body += " text-anchor=\"\(anchor)\"" }
    if !extra.isEmpty { body += " " + extra }
    body += ">\(Self.escape(text))</text>\n"
  }

  /// A dashed grid line.
  public mutating func gridLine(x1: Double, y1: Double, x2: Double, y2: Double) {
    body += "<line x1=\"\(Self.number(x1))\" y1=\"\(Self.number(y1))\" x2=\"\(Self.number(x2))\" "
    body += "y2=\"\(Self.number(y2))\" stroke=\"#cccccc\" stroke-dasharray=\"3,3\"/>\n"
  }

  /// The whole document, XML declaration first.
  public var rendered: String {
    var svg = #"<?xml version="1.0" encoding="UTF-8"?>"# + "\n"
    svg += "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(width)\" height=\"\(height)\" "
    svg += "viewBox=\"0 0 \(width) \(height)\" font-family=\"sans-serif\" font-size=\"11\">\n"
    return svg + body + "</svg>\n"
  }

  /// A coordinate to one decimal ("60.0", "228.0", "-3.5").
  public static func number(_ value: Double) -> String {
    let scaled = Int((value * 10).rounded())
    let sign = scaled < 0 ? "-" : ""
    return "\(sign)\(abs(scaled) / 10).\(abs(scaled) % 10)"
  }

  /// XML text and attribute escaping.
  public static func escape(_ text: String) -> String {
    var escaped = ""
    escaped.reserveCapacity(text.count)
    for character in text {
      switch character {
      case "&": escaped += "&amp;"
      case "<": escaped += "&lt;"
      case ">": escaped += "&gt;"
      case "\"": escaped += "&quot;"
      case "'": escaped += "&apos;"
      default: escaped.append(character)
      }
    }
    return escaped
  }
}
