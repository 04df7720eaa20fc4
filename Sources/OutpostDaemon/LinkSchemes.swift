import OutpostConnectors

/// The URL schemes `outpost open` takes: Outpost's own, then each compiled-in connector's, as
/// `outpostd --print-link-schemes` prints them for install.sh to register with the desktop.
public enum LinkSchemes {
  public static var names: [String] { ["outpost"] + ConnectorRegistry.linkSchemes.map(\.name) }
}
