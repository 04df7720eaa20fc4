/// The built-in kinds of connector, by the name users type. Adding a service means adding its
/// folder and one line here.
public enum ConnectorRegistry {
  public static let descriptors: [ConnectorDescriptor] = [
    VolleyManagerConnector.descriptor,
    ICalFeedConnector.descriptor,
  ]

  public static func descriptor(for kind: String) -> ConnectorDescriptor? {
    descriptors.first { $0.kind == kind }
  }
}
