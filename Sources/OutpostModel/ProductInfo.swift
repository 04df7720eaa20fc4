/// What this build of Outpost is. The API version follows semver: clients may rely on every
/// method of the same major version; minor versions only add methods, fields and events.
public enum ProductInfo {
  public static let name = "Outpost"
  public static let version = "0.1.0"
  public static let apiVersion = "1.20.0"
}
