import OutpostConnectors
import OutpostModel

/// The URL schemes `outpost open` takes: Outpost's own, then each compiled-in connector's, as
/// `outpostd --print-link-schemes` prints them for install.sh to register with the desktop.
public enum LinkSchemes {
  /// With the schemes the shipped presets bring (each brand's); the user's config.toml may add
  /// brands, which `outpostd --print-link-schemes` then lists too when given its path.
  public static func names(configuration: DaemonConfiguration = DaemonConfiguration()) -> [String] {
    let presets = ShippedPresets.load(tables: ConnectorRegistry.presetTables).presets
      .overlaid(with: configuration.presets)
    return ["outpost"] + ConnectorRegistry.linkSchemes(presets: presets).map(\.name)
  }
}
