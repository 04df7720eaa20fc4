import OutpostModel

/// How the "agilenetwork" service (Agile Network's GraphQL gateway, agile-network.md §5, §6
/// and §8) behaves at start. The brands themselves are the Keycloak realms of the sandbox
/// configuration (a realm's name is the brand id); this only adds what a realm does not know.
/// No brand value is written in code: the list comes from configuration (agile-network.md §1).
public struct SandboxAgileNetworkConfiguration: Sendable {
  /// Display name and web domain per brand id; a brand with none gets the placeholders of §1.
  public var brands: [String: SandboxAgileBrandInfo]
  /// Requests a minute per access token (§5: 600); beyond it `429 RATE_LIMITED`.
  public var rateLimitPerMinute: Int
  /// Experts per brand in the seed (≥ 200 per §8).
  public var expertsPerBrand: Int

  public init(
    brands: [String: SandboxAgileBrandInfo] = SandboxAgileBrandInfo.shipped, rateLimitPerMinute: Int = 600,
    expertsPerBrand: Int = 240
  ) {
    self.brands = brands
    self.rateLimitPerMinute = rateLimitPerMinute
    self.expertsPerBrand = expertsPerBrand
  }

  /// The info for `brand`, or §1's placeholders: name = id, domain = `<id>.example`.
  func info(for brand: String) -> SandboxAgileBrandInfo {
    brands[brand] ?? SandboxAgileBrandInfo(name: brand, domain: "\(brand).example")
  }
}

/// What the gateway says about a brand: its display name and the domain of its `webUrl`s.
public struct SandboxAgileBrandInfo: Sendable, Hashable {
  public var name: String
  /// `https://<domain>/expert/<slug>` and `https://<domain>/content/<id>`.
  public var domain: String

  public init(name: String, domain: String) {
    self.name = name
    self.domain = domain
  }

  /// The brands of the shipped presets file (as `SandboxKeycloakRealm.brands` reads it), by
  /// realm: each one's name and universal-link domain. Read once.
  public static let shipped: [String: SandboxAgileBrandInfo] = {
    let table = SandboxKeycloakRealm.brandTable
    var brands: [String: SandboxAgileBrandInfo] = [:]
    for preset in ShippedPresets.load(tables: [table]).presets.presets(in: table) {
      guard let domain = preset["deep_link.universal_link_domain"] else { continue }
      brands[preset["keycloak.realm"] ?? preset.id] = SandboxAgileBrandInfo(
        name: preset["name"] ?? preset.id, domain: domain)
    }
    return brands
  }()
}
