/// Pango markup escaping: waybar reads `text` and `tooltip` as markup, so a venue like
/// "Biel/Bienne & Co" would otherwise break the module (an unescaped `&` is invalid markup).
public enum Pango {
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "'": result += "&apos;"
      case "\"": result += "&quot;"
      default: result.append(character)
      }
    }
    return result
  }
}
