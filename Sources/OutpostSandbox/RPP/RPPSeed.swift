/// The accounts, partners and services of the "rpp" sandbox. Every account signs in with
/// `RPPSeed.password` ("sandbox-password"):
///
///     ana@bayrealty.com       usr_ana       client of ptn_sunset (the agent of the PD)
///     zoe@goldengate.homes    usr_zoe       client of ptn_sunset, "Zoë Müller-Chen"
///     lukas@immo-zuerich.ch   usr_lukas     client of ptn_alpen
///     dana@sunsetmedia.com    usr_dana      role "photographer" of ptn_sunset: 403 ROLE_NOT_ALLOWED
///     nopartner@example.com   usr_nopartner client without partnerId: 403 TENANT_MISSING
///     mfa@example.com         usr_mfa       second factor enrolled: mfaPendingCredential, no idToken
///
/// Partners: ptn_sunset "Sunset Media" (America/Los_Angeles, USD, autoConfirm true, reschedule
/// 24 h before at most twice, free cancel until 24 h before, then 50 %); ptn_alpen "Alpenblick
/// Fotografie" (Europe/Zurich, CHF, autoConfirm false, reschedule 48 h before once, free cancel
/// until 48 h before, then 30 %).
public enum RPPSeed {
  public static let password = "sandbox-password"
  public static let agent = "ana@bayrealty.com"
  public static let secondClient = "zoe@goldengate.homes"
  public static let zurichClient = "lukas@immo-zuerich.ch"
  public static let photographer = "dana@sunsetmedia.com"
  public static let noPartner = "nopartner@example.com"
  public static let mfa = "mfa@example.com"
  public static let sunset = "ptn_sunset"
  public static let alpen = "ptn_alpen"

  static let users: [RPPUser] = [
    RPPUser(
      id: "usr_ana", email: agent, name: "Ana Silva", role: "client", partnerID: sunset, phone: "+1 415 555 0100",
      company: "Bay Realty"),
    RPPUser(
      id: "usr_zoe", email: secondClient, name: "Zoë Müller-Chen", role: "client", partnerID: sunset,
      phone: "+1 415 555 0142", company: "Golden Gate Homes"),
    RPPUser(
      id: "usr_lukas", email: zurichClient, name: "Lukas Brändli", role: "client", partnerID: alpen,
      phone: "+41 44 555 01 23", company: "Immo Zürich AG"),
    RPPUser(
      id: "usr_dana", email: photographer, name: "Dana Reyes", role: "photographer", partnerID: sunset,
      phone: "+1 415 555 0177", company: "Sunset Media"),
    RPPUser(
      id: "usr_nopartner", email: noPartner, name: "Noel Parker", role: "client", partnerID: nil,
      phone: "+1 212 555 0101", company: ""),
    RPPUser(
      id: "usr_mfa", email: mfa, name: "Mia Fischer", role: "client", partnerID: sunset, phone: "+1 415 555 0199",
      company: "Bay Realty", mfa: true),
  ]

  /// Staff who appear in orders and conversations but cannot sign in.
  static let staff: [RPPStaff] = [
    RPPStaff(id: "usr_dana", name: "Dana Reyes", role: "photographer", partnerID: sunset),
    RPPStaff(id: "usr_sandro", name: "Sandro Käppeli", role: "photographer", partnerID: alpen),
    RPPStaff(id: "usr_support_sunset", name: "Sunset Media Support", role: "partner", partnerID: sunset),
    RPPStaff(id: "usr_support_alpen", name: "Alpenblick Support", role: "partner", partnerID: alpen),
  ]

  static let partners: [RPPPartner] = [
    RPPPartner(
      id: sunset, name: "Sunset Media", zone: .losAngeles, currency: "USD", country: "US",
      services: [
        RPPServiceItem(
          id: "svc_photo25", name: "25 HDR photos", description: "Interior and exterior, edited within 24 hours.",
          durationMinutes: 90, priceMinor: 24900),
        RPPServiceItem(
          id: "svc_drone", name: "Drone aerials", description: "Ten aerial stills of the property and its street.",
          durationMinutes: 45, priceMinor: 14900),
        RPPServiceItem(
          id: "svc_tour", name: "3D virtual tour", description: "A walk-through tour with a floor plan.",
          durationMinutes: 60, priceMinor: 19900),
        RPPServiceItem(
          id: "svc_twilight", name: "Twilight shoot", description: "Retired: ask support.", durationMinutes: 60,
          priceMinor: 29900, active: false),
      ],
      policy: RPPPolicy(
        autoConfirm: true, minLeadHours: 12, horizonDays: 60, cutoffHours: 24, maxPerOrder: 2, freeCutoffHours: 24,
        lateFeePercent: 50)),
    RPPPartner(
      id: alpen, name: "Alpenblick Fotografie", zone: .zurich, currency: "CHF", country: "CH",
      services: [
        RPPServiceItem(
          id: "svc_alp_fotos", name: "30 HDR-Fotos", description: "Innen- und Aussenaufnahmen, bearbeitet.",
          durationMinutes: 120, priceMinor: 39000),
        RPPServiceItem(
          id: "svc_alp_grundriss", name: "Grundriss", description: "Vermessener Grundriss als PDF.",
          durationMinutes: 60, priceMinor: 15000),
      ],
      policy: RPPPolicy(
        autoConfirm: false, minLeadHours: 24, horizonDays: 45, cutoffHours: 48, maxPerOrder: 1, freeCutoffHours: 48,
        lateFeePercent: 30)),
  ]

  /// Addresses the seeded orders use; the first of each partner is also a saved address.
  static let addresses: [String: [RPPAddress]] = [
    sunset: [
      RPPAddress(
        id: "adr_ocean12", line1: "12 Ocean Ave", line2: nil, city: "San Francisco", region: "CA", postalCode: "94112",
        country: "US", lat: 37.7237, lng: -122.4533, accessInstructions: "Lockbox on side gate"),
      RPPAddress(
        id: nil, line1: "845 Valencia St", line2: "Unit 3", city: "San Francisco", region: "CA", postalCode: "94110",
        country: "US", lat: 37.7589, lng: -122.4215, accessInstructions: nil),
      RPPAddress(
        id: nil, line1: "2201 Marina Blvd", line2: nil, city: "San Francisco", region: "CA", postalCode: "94123",
        country: "US", lat: 37.8063, lng: -122.4432, accessInstructions: "Concierge has the key"),
      RPPAddress(
        id: nil, line1: "77 Peña Lane", line2: nil, city: "Sausalito", region: "CA", postalCode: "94965",
        country: "US", lat: 37.8591, lng: -122.4853, accessInstructions: nil),
    ],
    alpen: [
      RPPAddress(
        id: "adr_bahnhof1", line1: "Bahnhofstrasse 1", line2: nil, city: "Zürich", region: "ZH", postalCode: "8001",
        country: "CH", lat: 47.3667, lng: 8.5395, accessInstructions: "Hauswart klingeln (Frau Schüpbach)"),
      RPPAddress(
        id: nil, line1: "Seefeldstrasse 88", line2: "3. OG", city: "Zürich", region: "ZH", postalCode: "8008",
        country: "CH", lat: 47.3551, lng: 8.5531, accessInstructions: nil),
      RPPAddress(
        id: nil, line1: "Rämistrasse 71", line2: nil, city: "Zürich", region: "ZH", postalCode: "8006",
        country: "CH", lat: 47.3744, lng: 8.5480, accessInstructions: "Zufahrt über den Hof"),
    ],
  ]
}
